import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { MessageKey } from '../../i18n/i18n.ts'
import type { FormAnswer } from '../../lib/form-validation.ts'

/** What the car page's actions answer (the fetchers with JavaScript, the re-rendered page without). */
/** `display` is the number as people read it (`+7 701 123 45 67`), formatted by the server: not the page's code. */
export type RevealResult = { intent: 'reveal'; phone: string | null; display: string | null; error: MessageKey | null }

export const CALLBACK_FIELDS = ['phone', 'lastName', 'firstName'] as const
export type CallbackField = (typeof CALLBACK_FIELDS)[number]
export type CallbackValues = Record<CallbackField, string>
export type CallbackFieldErrors = Partial<Record<CallbackField, MessageKey>>
export type CallbackResult = FormAnswer<CallbackField> & { intent: 'callback' }
export type CarActionResult = RevealResult | CallbackResult

export const NAME_MAX_LENGTH = 80

/** The spec's rules (section 5) in the browser and in the action alike: required fields, a KZ mobile number. */
export function validateCallback(values: CallbackValues): CallbackFieldErrors {
  const errors: CallbackFieldErrors = {}
  for (const field of CALLBACK_FIELDS) {
    if (values[field].trim() === '') errors[field] = 'validation.required'
  }
  if (!errors.phone && normaliseKzPhone(values.phone) === null) errors.phone = 'validation.phone'
  for (const field of ['lastName', 'firstName'] as const) {
    if (!errors[field] && values[field].trim().length > NAME_MAX_LENGTH) errors[field] = 'car.callback.tooLong'
  }
  return errors
}

/** The translated message for an API error code of the car page's actions. */
export function contactErrorKey(code: string): MessageKey {
  switch (code) {
    case 'rate_limited':
      return 'car.error.rateLimited'
    case 'listing.sold':
      return 'car.error.sold'
    case 'listing.gone':
      return 'car.error.gone'
    case 'listing.not_found':
      return 'error.listing.not_found'
    default:
      return 'error.internal'
  }
}

import { PARTNER_COMMENT_MAX_LENGTH, PARTNER_NAME_MAX_LENGTH } from '@tulpar/contracts/constants'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { MessageKey } from '../../i18n/i18n.ts'
import type { FormAnswer } from '../../lib/form-validation.ts'

/** The spec's partner lead (section 3): name, phone, a short comment. */
export const PARTNER_REQUEST_FIELDS = ['name', 'phone', 'comment'] as const
type PartnerRequestField = (typeof PARTNER_REQUEST_FIELDS)[number]
export type PartnerRequestValues = Record<PartnerRequestField, string>
export type PartnerRequestErrors = Partial<Record<PartnerRequestField, MessageKey>>
/** What the detail page's action answers: to the fetcher with JavaScript, to the re-rendered page without. */
export type PartnerRequestResult = FormAnswer<PartnerRequestField>

/** The spec's rules (section 5) in the browser and in the action alike: name and phone required, a KZ mobile. */
export function validatePartnerRequest(values: PartnerRequestValues): PartnerRequestErrors {
  const errors: PartnerRequestErrors = {}
  if (values.name.trim() === '') errors.name = 'validation.required'
  else if (values.name.trim().length > PARTNER_NAME_MAX_LENGTH) errors.name = 'partners.request.tooLong'
  if (values.phone.trim() === '') errors.phone = 'validation.required'
  else if (normaliseKzPhone(values.phone) === null) errors.phone = 'validation.phone'
  if (values.comment.trim().length > PARTNER_COMMENT_MAX_LENGTH) errors.comment = 'partners.request.tooLong'
  return errors
}

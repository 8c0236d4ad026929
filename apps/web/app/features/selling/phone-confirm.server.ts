import type { Services } from '@tulpar/api'
import { ConfirmContactPhoneBody } from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { MessageKey } from '../../i18n/i18n.ts'
import { serviceErrorCode } from '../../lib/service-errors.ts'

/** What the publish step shows about the contact phone's code: whether one was sent, and what went wrong. */
export interface PhoneCodeState {
  sent: boolean
  error: MessageKey | null
}

type User = Parameters<Services['selling']['sendContactPhoneCode']>[0]

/** The API's refusals of a code send or check, as the form's messages; other errors are not expected here. */
const MESSAGES: Record<string, MessageKey> = {
  'phone.code_invalid': 'auth.error.codeInvalid',
  'phone.code_expired': 'auth.error.codeExpired',
  'phone.no_pending_code': 'auth.error.noPendingCode',
  'phone.too_many_attempts': 'sell.phone.tooManyAttempts',
  'auth.too_many_requests': 'sell.phone.tooMany',
  'selling.no_contact_phone': 'sell.phone.required',
}

function messageOf(error: unknown): MessageKey {
  const code = serviceErrorCode(error)
  const message = code ? MESSAGES[code] : undefined
  if (!message) throw error
  return message
}

/**
 * Sends a code to `typedPhone` (a new contact phone as typed) or else the listing's contact phone, under the
 * limits of every SMS code; the state to show.
 */
export async function sendPhoneCodeFromForm(
  services: Services,
  user: User,
  id: number,
  ip: string,
  typedPhone?: string,
): Promise<PhoneCodeState> {
  const phone = typedPhone === undefined ? undefined : normaliseKzPhone(typedPhone)
  if (phone === null) return { sent: false, error: 'validation.phone' }
  try {
    await services.selling.sendContactPhoneCode(user, id, { ip }, phone)
    return { sent: true, error: null }
  } catch (error) {
    return { sent: false, error: messageOf(error) }
  }
}

/** Confirms `typedPhone` or else the contact phone with the typed code; null when confirmed, else the message. */
export async function confirmPhoneFromForm(
  services: Services,
  user: User,
  id: number,
  ip: string,
  rawCode: string,
  typedPhone?: string,
): Promise<MessageKey | null> {
  const phone = typedPhone === undefined ? undefined : normaliseKzPhone(typedPhone)
  if (phone === null) return 'validation.phone'
  const parsed = ConfirmContactPhoneBody.safeParse({ code: rawCode.replace(/\s/g, '') })
  if (!parsed.success) return 'sell.phone.codeFormat'
  try {
    await services.selling.confirmContactPhone(user, id, parsed.data.code, { ip }, phone)
    return null
  } catch (error) {
    return messageOf(error)
  }
}

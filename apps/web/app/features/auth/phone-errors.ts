import type { MessageKey } from '../../i18n/i18n.ts'

const PHONE_ERRORS: Record<string, MessageKey> = {
  'phone.invalid': 'validation.phone',
  'phone.code_invalid': 'auth.error.codeInvalid',
  'phone.code_expired': 'auth.error.codeExpired',
  'phone.no_pending_code': 'auth.error.noPendingCode',
  'phone.too_many_attempts': 'auth.error.tooManyRequests',
  'auth.too_many_requests': 'auth.error.tooManyRequests',
  'validation.failed': 'auth.code.format',
}

/** Phone sign-in (SMS code): unknown codes give 'Action failed'. */
export function phoneErrorKey(code: string | null | undefined): MessageKey {
  return (code && PHONE_ERRORS[code]) || 'generic.failed'
}

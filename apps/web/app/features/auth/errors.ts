import type { MessageKey } from '../../i18n/i18n.ts'

/*
 * API error codes → the texts of the spec's error catalogue (section 8). better-auth answers `{ code, message }`
 * with its own codes; our routes answer problem+json with dotted codes.
 */

const AUTH_ERRORS: Record<string, MessageKey> = {
  USER_ALREADY_EXISTS: 'auth.error.emailInUse',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.error.emailInUse',
  INVALID_EMAIL: 'auth.error.invalidEmail',
  INVALID_EMAIL_FORMAT: 'auth.error.invalidEmail',
  PASSWORD_TOO_SHORT: 'auth.error.weakPassword',
  BANNED_USER: 'auth.error.userDisabled',
  USER_NOT_FOUND: 'auth.error.userNotFound',
  INVALID_PASSWORD: 'auth.error.wrongPassword',
  'auth.too_many_requests': 'auth.error.tooManyRequests',
}

/** Email sign-in and registration: an unknown code gives the spec's default 'Incorrect email or password.' */
export function authErrorKey(code: string | null | undefined): MessageKey {
  return (code && AUTH_ERRORS[code]) || 'auth.error.default'
}

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

const ACTION_ERRORS: Record<string, MessageKey> = {
  'profile.phone_in_use': 'account.error.phoneInUse',
  'phone.invalid': 'validation.phone',
  'validation.failed': 'error.validation.failed',
  'auth.too_many_requests': 'auth.error.tooManyRequests',
  INVALID_TOKEN: 'auth.newPassword.badLink',
  PASSWORD_TOO_SHORT: 'auth.error.weakPassword',
}

/** Everything else (profile, deletion, password reset): unknown codes give 'Action failed'. */
export function actionErrorKey(code: string | null | undefined): MessageKey {
  return (code && ACTION_ERRORS[code]) || 'generic.failed'
}

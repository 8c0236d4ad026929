import type { MessageKey } from '../../i18n/i18n.ts'

/*
 * API error codes → the texts of the spec's error catalogue (section 8). better-auth answers `{ code, message }`
 * with its own codes; our routes answer problem+json with dotted codes. Sign-in's here; the phone code's and other
 * actions' in phone-errors.ts and action-errors.ts, so a page loads only the table it uses (the sign-in page was
 * over the first-load budget of 120 KB, docs/performance.md).
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
  // An email sign-in to an account made with Google, Apple or a phone code, which has no password.
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth.error.accountExists',
  ID_TOKEN_INVALID: 'auth.error.default',
  network: 'generic.tryLater',
  'auth.too_many_requests': 'auth.error.tooManyRequests',
  // The identity provider's codes as the spec names them (section 8), from a popup or an older client.
  'email-already-in-use': 'auth.error.emailInUse',
  'invalid-email': 'auth.error.invalidEmail',
  'operation-not-allowed': 'auth.error.operationNotAllowed',
  'weak-password': 'auth.error.weakPassword',
  'user-disabled': 'auth.error.userDisabled',
  'user-not-found': 'auth.error.userNotFound',
  'wrong-password': 'auth.error.wrongPassword',
  'popup-closed-by-user': 'auth.error.popupClosed',
  'cancelled-popup-request': 'auth.error.popupCancelled',
  'too-many-requests': 'auth.error.tooManyRequests',
  'account-exists-with-different-credential': 'auth.error.accountExists',
}

/** `auth/popup-closed-by-user`, `popup_closed_by_user` and `popup-closed-by-user` are one code. */
function normaliseProviderCode(code: string): string {
  return code.replace(/^auth\//, '').replaceAll('_', '-')
}

/** Sign-in and registration: an unknown code gives the spec's default 'Incorrect email or password.' */
export function authErrorKey(code: string | null | undefined): MessageKey {
  if (!code) return 'auth.error.default'
  return AUTH_ERRORS[code] || AUTH_ERRORS[normaliseProviderCode(code)] || 'auth.error.default'
}

/*
 * What a provider's popup reports when it does not end with a token. Sign in with Apple JS rejects with
 * `{ error: 'popup_closed_by_user' | 'user_cancelled_authorize' | ... }`; a second popup started while one is
 * open cancels the first (`cancelled-popup-request`, as the spec's identity provider called it).
 */
const POPUP_ALIASES: Record<string, string> = {
  'user-cancelled-authorize': 'popup-closed-by-user',
  'popup-closed': 'popup-closed-by-user',
}

/** The code of a popup failure (an Error, `{ error }`, `{ code }` or `{ type }`), or null when there is none. */
export function popupErrorCode(error: unknown): string | null {
  let raw: unknown = null
  if (typeof error === 'string') raw = error
  else if (typeof error === 'object' && error !== null) {
    if ('error' in error) raw = error.error
    else if ('code' in error) raw = error.code
    else if ('type' in error) raw = error.type
  }
  if (typeof raw !== 'string' || !raw) return null
  const code = normaliseProviderCode(raw)
  return POPUP_ALIASES[code] ?? code
}

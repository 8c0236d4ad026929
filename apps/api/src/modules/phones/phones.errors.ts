import { fixedError } from '../../lib/errors.ts'

/* The codes match the phone sign-in's (profiles.routes.ts), so clients translate them once. */

export class PhoneCodeInvalidError extends fixedError('phone.code_invalid', 400, 'Invalid code') {}
export class PhoneCodeExpiredError extends fixedError('phone.code_expired', 400, 'The code has expired') {}
export class NoPendingPhoneCodeError extends fixedError('phone.no_pending_code', 400, 'Request a code first') {}
export class TooManyPhoneCodeAttemptsError extends fixedError(
  'phone.too_many_attempts',
  429,
  'Too many attempts; request a new code',
) {}

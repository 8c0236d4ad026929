import { AppError } from '../../lib/errors.ts'

/* The codes match the phone sign-in's (profiles.routes.ts), so clients translate them once. */

export class PhoneCodeInvalidError extends AppError {
  constructor() {
    super('phone.code_invalid', 400, 'Invalid code')
  }
}
export class PhoneCodeExpiredError extends AppError {
  constructor() {
    super('phone.code_expired', 400, 'The code has expired')
  }
}
export class NoPendingPhoneCodeError extends AppError {
  constructor() {
    super('phone.no_pending_code', 400, 'Request a code first')
  }
}
export class TooManyPhoneCodeAttemptsError extends AppError {
  constructor() {
    super('phone.too_many_attempts', 429, 'Too many attempts; request a new code')
  }
}

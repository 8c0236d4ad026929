import { AppError } from '../../lib/errors.ts'

/** Spec section 5: 'Enter a valid phone number' (a Kazakhstan mobile, +7 7xx xxx xx xx). */
export class InvalidLeadPhoneError extends AppError {
  constructor() {
    super('phone.invalid', 400, 'Enter a valid phone number')
  }
}

import { AppError } from '../../lib/errors.ts'

/** Spec section 5: 'Enter a valid phone number' (a Kazakhstan mobile, +7 7xx xxx xx xx). */
export class InvalidLeadPhoneError extends AppError {
  constructor() {
    super('phone.invalid', 400, 'Enter a valid phone number')
  }
}

/** A down payment of the whole price (or more) leaves nothing to borrow. */
export class DownPaymentTooLargeError extends AppError {
  constructor() {
    super('credit.down_payment_too_large', 400, 'The down payment must be less than the car price')
  }
}

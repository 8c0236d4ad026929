import { AppError } from '../../lib/errors.ts'

/** The provider takes payments up to a limit per payment. */
export class PaymentAmountError extends AppError {
  constructor(max: number) {
    super('payment.amount_over_limit', 422, `The payment is over the provider's limit of ${max} KZT`)
  }
}

export class PaymentNotFoundError extends AppError {
  constructor() {
    super('payment.not_found', 404, 'No such payment')
  }
}

/** No payment provider is configured (PAYMENT_PROVIDER): paid services are closed, nothing is charged. */
export class PaymentsUnavailableError extends AppError {
  constructor() {
    super('payment.unavailable', 503, 'Payments are not configured')
  }
}

export class PaymentSignatureError extends AppError {
  constructor() {
    super('payment.bad_signature', 401, 'The notification is not signed by the provider')
  }
}

/** A signed notification whose body we cannot read (not JSON, or no payment id and outcome). */
export class PaymentNotificationError extends AppError {
  constructor() {
    super('payment.bad_notification', 400, 'The notification names no payment and outcome')
  }
}

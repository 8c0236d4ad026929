import { AppError, fixedError } from '../../lib/errors.ts'

/** The provider takes payments up to a limit per payment. */
export class PaymentAmountError extends AppError {
  constructor(max: number) {
    super('payment.amount_over_limit', 422, `The payment is over the provider's limit of ${max} KZT`)
  }
}

export class PaymentNotFoundError extends fixedError('payment.not_found', 404, 'No such payment') {}

/** No payment provider is configured (PAYMENT_PROVIDER): paid services are closed, nothing is charged. */
export class PaymentsUnavailableError extends fixedError('payment.unavailable', 503, 'Payments are not configured') {}

export class PaymentSignatureError extends fixedError(
  'payment.bad_signature',
  401,
  'The notification is not signed by the provider',
) {}

/** A signed notification whose body we cannot read (not JSON, or no payment id and outcome). */
export class PaymentNotificationError extends fixedError(
  'payment.bad_notification',
  400,
  'The notification names no payment and outcome',
) {}

/** How long a payer is asked to wait before trying again when the provider is down or failing. */
const PROVIDER_RETRY_AFTER_SECONDS = 30

/**
 * The provider answered, but with an error or something we cannot read (502). Nothing was recorded and nothing
 * charged: the same request may be tried again (Retry-After).
 */
export class PaymentProviderError extends AppError {
  readonly retryAfterSeconds = PROVIDER_RETRY_AFTER_SECONDS
  constructor(detail: string) {
    super('payment.provider_error', 502, `The payment provider failed: ${detail}`)
  }
}

/**
 * The provider could not be reached or did not answer in time (503). Nothing was recorded and nothing charged:
 * the same request may be tried again (Retry-After).
 */
export class PaymentProviderUnavailableError extends AppError {
  readonly retryAfterSeconds = PROVIDER_RETRY_AFTER_SECONDS
  constructor(detail: string) {
    super('payment.provider_unavailable', 503, `The payment provider is unreachable: ${detail}`)
  }
}

export {
  PaymentAmountError,
  PaymentProviderError,
  PaymentProviderUnavailableError,
  PaymentsUnavailableError,
} from './payments.errors.ts'
export { findRefundBacklog } from './payments.repository.ts'
export { registerPaymentRoutes } from './payments.routes.ts'
export { createPaymentsService, type PaymentOutcome, type PaymentsService } from './payments.service.ts'
export {
  type ConfiguredPaymentProvider,
  createKaspiProvider,
  createLocalProvider,
  type KaspiSettings,
  type PaymentProvider,
  PROVIDER_TIMEOUT_MS,
  signBody,
} from './providers.ts'

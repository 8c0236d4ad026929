export {
  PaymentProviderError,
  PaymentProviderUnavailableError,
} from './payments.errors.ts'
export { findRefundBacklog } from './payments.repository.ts'
export { registerPaymentRoutes } from './payments.routes.ts'
export { createPaymentsService, type PaymentsService } from './payments.service.ts'
export {
  createKaspiProvider,
  createLocalProvider,
  PROVIDER_TIMEOUT_MS,
} from './providers.ts'

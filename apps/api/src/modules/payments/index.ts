export { PaymentAmountError, PaymentsUnavailableError } from './payments.errors.ts'
export { registerPaymentRoutes } from './payments.routes.ts'
export { createPaymentsService, type PaymentOutcome, type PaymentsService } from './payments.service.ts'
export { createKaspiProvider, createLocalProvider, type KaspiSettings, type PaymentProvider } from './providers.ts'

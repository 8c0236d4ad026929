export { outboxMessages } from './delivery.tables.ts'
export { createDelivery, type Delivery } from './delivery.ts'
export {
  type DeliveryChannel,
  DeliveryError,
  type Mailer,
  type MailMessage,
  type SmsGateway,
  type SmsMessage,
} from './delivery.types.ts'
export { registerOutboxRoutes } from './outbox.routes.ts'
export {
  createOutboxMailer,
  createOutboxSms,
  type ListOutboxOptions,
  latestOutboxMessage,
  listOutbox,
  type OutboxMessage,
} from './outbox.ts'
export { createSmscGateway, type SmscGatewayOptions } from './smsc.ts'
export { createSmtpMailer, type SmtpMailerOptions } from './smtp.ts'

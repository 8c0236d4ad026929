export { outboxMessages } from './delivery.tables.ts'
export { createDelivery, type Delivery, type DeliveryConfig } from './delivery.ts'
export {
  type DeliveryChannel,
  type DeliveryContext,
  DeliveryError,
  type Mailer,
  type MailMessage,
  type PushGateway,
  type PushMessage,
  PushTargetGoneError,
  type SmsGateway,
  type SmsMessage,
  type WebPushSubscription,
} from './delivery.types.ts'
export { registerOutboxRoutes } from './outbox.routes.ts'
export {
  createOutboxMailer,
  createOutboxPush,
  createOutboxSms,
  type ListOutboxOptions,
  latestOutboxMessage,
  listOutbox,
  type OutboxMessage,
} from './outbox.ts'
export {
  createFcmSender,
  createWebPushSender,
  type FcmOptions,
  PUSH_TIMEOUT_MS,
  type WebPushGuards,
  type WebPushOptions,
} from './push.ts'
export { isWebPushEndpoint, WEB_PUSH_HOSTS } from './push-endpoint.ts'
export { createQueuedMailer, createQueuedSms } from './queued.ts'
export { createSmscGateway, type SmscGatewayOptions } from './smsc.ts'
export { createSmtpMailer, type SmtpMailerOptions } from './smtp.ts'

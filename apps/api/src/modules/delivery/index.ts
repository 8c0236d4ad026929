export { createDelivery, type Delivery } from './delivery.ts'
export {
  DeliveryError,
  type Mailer,
  type PushGateway,
  PushTargetGoneError,
  type SmsGateway,
} from './delivery.types.ts'
export { registerOutboxRoutes } from './outbox.routes.ts'
export { latestOutboxMessage } from './outbox.ts'
export { createWebPushSender } from './push.ts'
export { isWebPushEndpoint } from './push-endpoint.ts'
export { createQueuedMailer, createQueuedSms } from './queued.ts'

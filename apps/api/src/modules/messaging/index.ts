export { messagingRoutes } from './messaging.routes.ts'
export { createMessagingService, type MessagingService, sendSystemMessage } from './messaging.service.ts'

export { conversationsRoutes } from './conversations.routes.ts'
export { createMessageHub } from './live.ts'
export { messagingRoutes } from './messaging.routes.ts'
export { createMessagingService, sendSystemMessage } from './messaging.service.ts'

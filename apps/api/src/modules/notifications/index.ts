export { notificationsRoutes } from './notifications.routes.ts'
export { createNotificationsService } from './notifications.service.ts'

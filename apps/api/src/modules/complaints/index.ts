export { complaintsRoutes } from './complaints.routes.ts'
export { createComplaintsService } from './complaints.service.ts'

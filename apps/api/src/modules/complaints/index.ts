export { complaintsRoutes } from './complaints.routes.ts'
export { type ComplaintsService, createComplaintsService } from './complaints.service.ts'

export { partnersRoutes } from './partners.routes.ts'
export { createPartnersService } from './partners.service.ts'
export { partnersAdminRoutes } from './partners-admin.routes.ts'
export { createPartnersAdminService } from './partners-admin.service.ts'

export { PartnerCategoryCodeTakenError, PartnerCategoryNotFoundError, PartnerNotFoundError } from './partners.errors.ts'
export { partnersRoutes } from './partners.routes.ts'
export {
  createPartnersService,
  PARTNER_REQUEST_LIMITS,
  PARTNER_REQUEST_RECEIVED,
  type PartnersService,
} from './partners.service.ts'
export { partnersAdminRoutes } from './partners-admin.routes.ts'
export { createPartnersAdminService, type PartnersAdminService } from './partners-admin.service.ts'

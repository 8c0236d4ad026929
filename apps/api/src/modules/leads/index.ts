export { leadDeskRoutes } from './leads.desk.routes.ts'
export { createLeadDeskService, isLeadDeskRole, type LeadDeskService } from './leads.desk.service.ts'
export { InvalidLeadPhoneError } from './leads.errors.ts'
export { recordLead } from './leads.repository.ts'
export { leadsRoutes } from './leads.routes.ts'
export {
  CALLBACK_ACCEPTED,
  CREDIT_APPLICATION_SENT,
  createLeadsService,
  type LeadsService,
  sitePath,
} from './leads.service.ts'

export { InvalidLeadPhoneError } from './leads.errors.ts'
export type { NewPartnerLead } from './leads.repository.ts'
export { leadsRoutes } from './leads.routes.ts'
export { CALLBACK_ACCEPTED, CREDIT_APPLICATION_SENT, createLeadsService, type LeadsService } from './leads.service.ts'

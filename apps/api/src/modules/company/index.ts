export { companyRoutes } from './company.routes.ts'
export { createCompanyService, mapLinks } from './company.service.ts'

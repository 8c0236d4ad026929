export { companyRoutes } from './company.routes.ts'
export { type CompanyService, createCompanyService, mapLinks } from './company.service.ts'

// Dealers (issue 38): company accounts, their people and showrooms, staff verification. Sits below listings and
// selling: what it needs of them (counts, drafts sold as the dealer) is passed in where the services are wired.

export { isDealerMember } from './dealers.repository.ts'
export { dealersRoutes } from './dealers.routes.ts'
export { createDealersService } from './dealers.service.ts'

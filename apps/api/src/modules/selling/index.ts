export { sellingRoutes } from './selling.routes.ts'
export { createSellingService, type SellingService } from './selling.service.ts'

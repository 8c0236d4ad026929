export { freshListingsRoutes } from './fresh-listings.routes.ts'
export { createFreshListingsService } from './fresh-listings.service.ts'

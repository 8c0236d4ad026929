export { ListingNotFoundError } from './listings.errors.ts'
export type { ListingFilter } from './listings.repository.ts'
export { listingsRoutes } from './listings.routes.ts'
export { createListingsService, type ListingsService } from './listings.service.ts'

export { type GoneListingSummary, ListingGoneError, ListingSoldError } from './car-page.errors.ts'
export { CAR_PAGE_LIMITS } from './car-page.limits.ts'
export { carPageRoutes } from './car-page.routes.ts'
export { type CarPageClient, type CarPageService, createCarPageService } from './car-page.service.ts'
export { isVisitorId, viewDay } from './car-page.visitor.ts'
export { type ListingTitleParts, listingTitle } from './listing-title.ts'
export { ListingIncompleteError, ListingNotFoundError } from './listings.errors.ts'
export { toListingCard } from './listings.mapper.ts'
export {
  cardColumns,
  findListingPhotos,
  findListingTitle,
  type ListingCardRow,
  type ListingPhotoRow,
  listingRefColumns,
  referenceNameColumns,
} from './listings.repository.ts'
export { listingsRoutes } from './listings.routes.ts'
export { createListingsService, type ListingsService } from './listings.service.ts'
export { createPlaces, type Places } from './search.places.ts'
export type { SearchFilter } from './search.repository.ts'

export { CAR_PAGE_LIMITS } from './car-page.limits.ts'
export { carPageRoutes } from './car-page.routes.ts'
export { type CarPageService, createCarPageService } from './car-page.service.ts'
export { viewDay } from './car-page.visitor.ts'
export { countDealerListings, reassignDealerListings } from './dealer-listings.repository.ts'
export { listingTitle } from './listing-title.ts'
export { ListingNotFoundError } from './listings.errors.ts'
export { toListingCard } from './listings.mapper.ts'
export {
  cardColumns,
  findListingPhotos,
  findListingTitle,
  type ListingPhotoRow,
  listingOwnershipColumns,
  listingRefColumns,
  referenceNameColumns,
  selectListingsWithNames,
  selectNamedListings,
} from './listings.repository.ts'
export { listingsRoutes } from './listings.routes.ts'
export { createListingsService, type ListingsService } from './listings.service.ts'
export { createPlaces } from './search.places.ts'

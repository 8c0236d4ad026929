export {
  GarageCarNotFoundError,
  GarageCarSoldError,
  GarageLimitError,
  GarageListingIncompleteError,
  GarageStatusFollowsListingError,
} from './garage.errors.ts'
export { garageRoutes } from './garage.routes.ts'
export { createGarageService, type GarageService } from './garage.service.ts'

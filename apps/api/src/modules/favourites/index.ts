export { FavouritesLimitError } from './favourites.errors.ts'
export { findFavouritedBy } from './favourites.repository.ts'
export { favouritesRoutes } from './favourites.routes.ts'
export { createFavouritesService, type FavouritesService } from './favourites.service.ts'

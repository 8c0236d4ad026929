export { findFavouritedBy } from './favourites.repository.ts'
export { favouritesRoutes } from './favourites.routes.ts'
export { createFavouritesService } from './favourites.service.ts'

export { recordMatches } from './saved-searches.repository.ts'
export { savedSearchesRoutes } from './saved-searches.routes.ts'
export { createSavedSearchesService } from './saved-searches.service.ts'

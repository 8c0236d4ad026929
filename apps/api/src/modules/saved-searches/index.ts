export { SavedSearchLimitError, SavedSearchNotFoundError } from './saved-searches.errors.ts'
export { recordMatches } from './saved-searches.repository.ts'
export { savedSearchesRoutes } from './saved-searches.routes.ts'
export { createSavedSearchesService, filtersToQuery, type SavedSearchesService } from './saved-searches.service.ts'

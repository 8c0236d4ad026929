export { SavedSearchLimitError, SavedSearchNotFoundError } from './saved-searches.errors.ts'
export { savedSearchesRoutes } from './saved-searches.routes.ts'
export { createSavedSearchesService, filtersToQuery, type SavedSearchesService } from './saved-searches.service.ts'

import { SAVED_SEARCHES_LIMIT } from '@tulpar/contracts'
import { fixedError, notFoundByIdError } from '../../lib/errors.ts'

export class SavedSearchNotFoundError extends notFoundByIdError<number>('saved_search.not_found', 'Saved search') {}

export class SavedSearchLimitError extends fixedError(
  'saved_search.limit',
  409,
  `At most ${SAVED_SEARCHES_LIMIT} saved searches; delete one first`,
) {}

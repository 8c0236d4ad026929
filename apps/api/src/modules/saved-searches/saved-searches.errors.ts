import { SAVED_SEARCHES_LIMIT } from '@tulpar/contracts'
import { AppError } from '../../lib/errors.ts'

export class SavedSearchNotFoundError extends AppError {
  constructor(id: number) {
    super('saved_search.not_found', 404, `Saved search ${id} not found`)
  }
}

export class SavedSearchLimitError extends AppError {
  constructor() {
    super('saved_search.limit', 409, `At most ${SAVED_SEARCHES_LIMIT} saved searches; delete one first`)
  }
}

import { AppError } from '../../lib/errors.ts'

export class ListingNotFoundError extends AppError {
  constructor(id: number) {
    super('listing.not_found', 404, `Listing ${id} not found`)
  }
}

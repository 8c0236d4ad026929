import { AppError, notFoundByIdError } from '../../lib/errors.ts'

export class ListingNotFoundError extends notFoundByIdError<number>('listing.not_found', 'Listing') {}

/** A draft's preview before every field a buyer must see is filled in. */
export class ListingIncompleteError extends AppError {
  constructor(id: number) {
    super('listing.incomplete', 409, `Listing ${id} is a draft still missing required fields`)
  }
}

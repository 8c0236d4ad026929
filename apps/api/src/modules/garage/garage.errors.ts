import { GARAGE_LIMIT } from '@tulpar/contracts'
import { AppError, fixedError, notFoundByIdError } from '../../lib/errors.ts'

/** Also what another user's car answers: nobody learns that it exists. */
export class GarageCarNotFoundError extends notFoundByIdError<number>('garage.not_found', 'Garage car') {}

export class GarageLimitError extends fixedError(
  'garage.limit',
  409,
  `At most ${GARAGE_LIMIT} cars in a garage; remove one first`,
) {}

/** "Sell this car" for a car already sold. */
export class GarageCarSoldError extends AppError {
  constructor(id: number) {
    super('garage.sold', 409, `Garage car ${id} is sold`)
  }
}

/** The owner tried to set the status while a listing decides it. */
export class GarageStatusFollowsListingError extends AppError {
  constructor(id: number) {
    super('garage.status_follows_listing', 409, `The status of garage car ${id} follows its listing`)
  }
}

/** A listing without brand, model, year or mileage yet cannot be a garage car (it could not be valued). */
export class GarageListingIncompleteError extends AppError {
  constructor(listingId: number) {
    super('garage.listing_incomplete', 409, `Listing ${listingId} has no brand, model, year or mileage yet`)
  }
}

import { AppError, fixedError } from '../../lib/errors.ts'

export class OwnListingComplaintError extends fixedError(
  'complaint.own_listing',
  403,
  'You cannot complain about your own listing',
) {}

export class NoOpenComplaintsError extends AppError {
  constructor(listingId: number) {
    super('complaint.none_open', 404, `Listing ${listingId} has no open complaints`)
  }
}

/** Taking down a listing that is no longer on sale (sold, withdrawn or rejected meanwhile). */
export class ComplaintNotPublishedError extends AppError {
  constructor(listingId: number) {
    super('complaint.not_published', 409, `Listing ${listingId} is no longer published`)
  }
}

import { AppError } from '../../lib/errors.ts'

/** What the "this car was removed" page needs to point buyers to the same model. */
export interface GoneListingSummary {
  id: number
  brand: { slug: string; name: string }
  model: { slug: string; name: string }
  year: number | null
}

/** An archived (removed) listing: HTTP 410, so search engines drop it and people see why it is gone. */
export class ListingGoneError extends AppError {
  readonly listing: GoneListingSummary
  constructor(listing: GoneListingSummary) {
    super('listing.gone', 410, `Listing ${listing.id} has been removed`)
    this.listing = listing
  }
}

/** A sold car stays readable, but its seller can no longer be contacted through it. */
export class ListingSoldError extends AppError {
  constructor(id: number) {
    super('listing.sold', 409, `Listing ${id} is sold`)
  }
}

/**
 * A listing paused until its seller confirms it is still for sale (fresh listings, decision 032): 404 with a code of
 * its own, so its page can tell buyers why instead of saying it does not exist.
 */
export class ListingPausedError extends AppError {
  readonly listing: GoneListingSummary
  constructor(listing: GoneListingSummary) {
    super('listing.paused', 404, `Listing ${listing.id} is paused until its seller confirms it is for sale`)
    this.listing = listing
  }
}

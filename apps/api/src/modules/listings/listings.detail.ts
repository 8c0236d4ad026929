import type { Db } from '../../db/client.ts'
import { ListingGoneError, ListingPausedError } from './car-page.errors.ts'
import { findListingState, type ListingState } from './car-page.repository.ts'
import { ListingNotFoundError } from './listings.errors.ts'

export function goneError(state: ListingState): ListingGoneError {
  return new ListingGoneError({
    id: state.id,
    brand: state.brand ?? { slug: '', name: '' },
    model: state.model ?? { slug: '', name: '' },
    year: state.year,
  })
}

/**
 * Why a listing's detail is not shown: a removed (archived) one is gone for good (410), a paused one waits for its
 * seller (404 `listing.paused`); drafts, listings under moderation, rejected ones and unknown ids do not exist for
 * anyone (404), so their existence does not leak.
 */
export async function explainMissingListing(
  db: Db,
  id: number,
): Promise<ListingGoneError | ListingPausedError | ListingNotFoundError> {
  const state = await findListingState(db, id)
  if (state?.status === 'archived') return goneError(state)
  // Paused until its seller confirms it is still for sale (decision 032): its page says so.
  if (state?.status === 'paused') return new ListingPausedError(goneError(state).listing)
  return new ListingNotFoundError(id)
}

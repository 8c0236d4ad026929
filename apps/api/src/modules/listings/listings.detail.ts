import type { Db } from '../../db/client.ts'
import { ListingGoneError } from './car-page.errors.ts'
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
 * Why a listing's detail is not shown: a removed (archived) one is gone for good (410); drafts, listings under
 * moderation, rejected ones and unknown ids do not exist for anyone (404), so their existence does not leak.
 */
export async function explainMissingListing(db: Db, id: number): Promise<ListingGoneError | ListingNotFoundError> {
  const state = await findListingState(db, id)
  return state?.status === 'archived' ? goneError(state) : new ListingNotFoundError(id)
}

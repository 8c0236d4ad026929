import { z } from 'zod'
import { FAVOURITES_LIMIT } from './constants.ts'
import { ListingCard } from './listings.ts'

/**
 * available: published; sold: the seller sold it; unavailable: not public for now (back in moderation, archived);
 * removed: the seller deleted it (the wishlist keeps its title so it does not silently vanish).
 */
export const FAVOURITE_STATUSES = ['available', 'sold', 'unavailable', 'removed'] as const
export const FavouriteStatus = z.enum(FAVOURITE_STATUSES)
export type FavouriteStatus = z.infer<typeof FavouriteStatus>

export const FavouriteParams = z.object({
  listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

export const Favourite = z
  .object({
    listingId: z.number().int(),
    /** "Brand Model, year" (kept from when it was saved once the listing is gone). */
    title: z.string(),
    status: FavouriteStatus,
    savedAt: z.iso.datetime(),
    priceKztAtSave: z.number().int().nullable(),
    /** The price now; null once removed. */
    priceKzt: z.number().int().nullable(),
    /** priceKzt minus priceKztAtSave (negative: cheaper than when saved); null when either is unknown. */
    priceChangeKzt: z.number().int().nullable(),
    /** The card of an available or sold car; null otherwise. */
    car: ListingCard.nullable(),
  })
  .meta({ id: 'Favourite' })
export type Favourite = z.infer<typeof Favourite>

export const FavouriteList = z.object({
  results: z.array(Favourite),
  count: z.number().int(),
  limit: z.number().int(),
})
export type FavouriteList = z.infer<typeof FavouriteList>

export const FavouriteIds = z.object({ ids: z.array(z.number().int()), count: z.number().int() })
export type FavouriteIds = z.infer<typeof FavouriteIds>

/** What a guest hearted in the browser, saved to the account after sign-in. */
export const MergeFavouritesBody = z.strictObject({
  listingIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(FAVOURITES_LIMIT),
})
export type MergeFavouritesBody = z.infer<typeof MergeFavouritesBody>

export const FavouritesChanged = z.object({
  /** How many favourites the user has now. */
  count: z.number().int(),
  /** Merge only: how many of the given cars were new to the account. */
  added: z.number().int().optional(),
})
export type FavouritesChanged = z.infer<typeof FavouritesChanged>

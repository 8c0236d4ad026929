import {
  FAVOURITES_LIMIT,
  type Favourite,
  type FavouriteIds,
  type FavouriteList,
  type FavouriteStatus,
  type FavouritesChanged,
  type ListingCard,
  type Locale,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../identity/index.ts'
import { ListingNotFoundError, toListingCard } from '../listings/index.ts'
import { FavouritesLimitError } from './favourites.errors.ts'
import * as repo from './favourites.repository.ts'

type User = Pick<SessionUser, 'id'>

function statusOf(listingStatus: string | null | undefined): FavouriteStatus {
  if (listingStatus === 'published') return 'available'
  if (listingStatus === 'sold') return 'sold'
  if (listingStatus === null || listingStatus === undefined) return 'removed'
  return 'unavailable'
}

function toFavourite(row: repo.FavouriteRow, card: ListingCard | undefined): Favourite {
  const status = statusOf(row.status)
  const priceKzt = row.status === null ? null : row.priceKzt
  const title = card ? `${card.brand.name} ${card.model.name}, ${card.year}` : row.savedTitle
  return {
    listingId: row.listingId,
    title: title ?? `№ ${row.listingId}`,
    status,
    savedAt: row.savedAt.toISOString(),
    priceKztAtSave: row.priceKztAtSave,
    priceKzt,
    priceChangeKzt: priceKzt !== null && row.priceKztAtSave !== null ? priceKzt - row.priceKztAtSave : null,
    car: card ?? null,
  }
}

/** Favourites: a signed-in user's hearts. Only published cars can be added; a car stays listed once gone. */
export function createFavouritesService({ db }: { db: Db }) {
  async function addMany(u: User, ids: number[]): Promise<FavouritesChanged> {
    const unique = [...new Set(ids)]
    const saveable = await repo.findSaveable(db, unique)
    const kept = new Set(await repo.findFavouritedAmong(db, u.id, unique))
    const fresh = saveable.filter((r) => !kept.has(r.id))
    const count = await repo.countFavourites(db, u.id)
    if (count + fresh.length > FAVOURITES_LIMIT) throw new FavouritesLimitError()
    const added = await repo.insertFavourites(db, u.id, fresh)
    return { count: count + added, added }
  }

  return {
    /** The wishlist, newest first: current price, the change since saved, sold and removed cars shown as such. */
    async listFavourites(u: User, locale: Locale): Promise<FavouriteList> {
      const rows = await repo.findFavouriteRows(db, u.id)
      const shown = rows.filter((r) => r.status === 'published' || r.status === 'sold').map((r) => r.listingId)
      const cards = new Map(
        shown.length === 0
          ? []
          : (await repo.findPublicCards(db, shown)).map((c) => [c.id, toListingCard(c, locale)] as const),
      )
      return {
        results: rows.map((r) => toFavourite(r, cards.get(r.listingId))),
        count: rows.length,
        limit: FAVOURITES_LIMIT,
      }
    },

    /** The ids of my favourites (hearts), newest first. */
    async listFavouriteIds(u: User): Promise<FavouriteIds> {
      const ids = await repo.findFavouriteIds(db, u.id)
      return { ids, count: ids.length }
    },

    /** Of these listings, the ones the user keeps. */
    favouritedAmong: (u: User, listingIds: number[]) => repo.findFavouritedAmong(db, u.id, listingIds),

    /** Idempotent. Throws ListingNotFoundError unless the car is published, FavouritesLimitError at the limit. */
    async addFavourite(u: User, listingId: number): Promise<FavouritesChanged> {
      const [car] = await repo.findSaveable(db, [listingId])
      if (!car) throw new ListingNotFoundError(listingId)
      const { count } = await addMany(u, [listingId])
      return { count }
    },

    /** Idempotent: removing a car that is not kept changes nothing. */
    async removeFavourite(u: User, listingId: number): Promise<FavouritesChanged> {
      await repo.deleteFavourite(db, u.id, listingId)
      return { count: await repo.countFavourites(db, u.id) }
    },

    async clearFavourites(u: User): Promise<FavouritesChanged> {
      await repo.deleteAllFavourites(db, u.id)
      return { count: 0 }
    },

    /**
     * What a guest hearted before signing in: published ones are added, unknown or unpublished ids skipped (one
     * bad id never loses the rest). Throws FavouritesLimitError when they would not all fit.
     */
    mergeFavourites: (u: User, listingIds: number[]) => addMany(u, listingIds),
  }
}
export type FavouritesService = ReturnType<typeof createFavouritesService>

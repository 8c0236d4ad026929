import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cardColumns, selectNamedListings } from '../listings/index.ts'
import { listings } from '../listings/listings.tables.ts'
import { brands, cities, models } from '../reference/reference.tables.ts'
import { favourites } from './favourites.tables.ts'

/** Everyone who keeps the listing in their favourites. */
export async function findFavouritedBy(db: Db, listingId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: favourites.userId })
    .from(favourites)
    .where(eq(favourites.listingId, listingId))
  return rows.map((r) => r.userId)
}

export async function countFavourites(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favourites).where(eq(favourites.userId, userId))
  return row?.n ?? 0
}

export async function findFavouriteIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: favourites.listingId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt))
  return rows.map((r) => r.id)
}

/** Of `listingIds`, the ones the user keeps (hearts on a page of cards). */
export async function findFavouritedAmong(db: Db, userId: string, listingIds: number[]): Promise<number[]> {
  if (listingIds.length === 0) return []
  const rows = await db
    .select({ id: favourites.listingId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), inArray(favourites.listingId, listingIds)))
  return rows.map((r) => r.id)
}

/** The user's favourites, newest first, with their listing's status and price when it still exists. */
export function findFavouriteRows(db: Db, userId: string) {
  return db
    .select({
      listingId: favourites.listingId,
      savedAt: favourites.createdAt,
      priceKztAtSave: favourites.priceKztAtSave,
      savedTitle: favourites.title,
      status: listings.status,
      priceKzt: listings.priceKzt,
    })
    .from(favourites)
    .leftJoin(listings, eq(listings.id, favourites.listingId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.listingId))
}
export type FavouriteRow = Awaited<ReturnType<typeof findFavouriteRows>>[number]

/** Cards of the published and sold listings among `ids` (the wishlist shows sold cars too). */
export function findPublicCards(db: Db, ids: number[]) {
  return selectNamedListings(db, cardColumns)
    .innerJoin(cities, eq(cities.id, listings.cityId))
    .where(and(inArray(listings.id, ids), inArray(listings.status, ['published', 'sold'])))
}

/** Published listings among `ids` with what a favourite keeps of them (price, "Brand Model, year"). */
export async function findSaveable(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return selectNamedListings(db, {
    id: listings.id,
    priceKzt: listings.priceKzt,
    title: sql<string>`${brands.name} || ' ' || ${models.name} || ', ' || ${listings.year}`,
  }).where(and(inArray(listings.id, ids), eq(listings.status, 'published')))
}

/** Inserts the favourites not kept yet; answers how many were new. */
export async function insertFavourites(
  db: Db,
  userId: string,
  rows: { id: number; priceKzt: number | null; title: string }[],
): Promise<number> {
  if (rows.length === 0) return 0
  const inserted = await db
    .insert(favourites)
    .values(rows.map((r) => ({ userId, listingId: r.id, priceKztAtSave: r.priceKzt, title: r.title })))
    .onConflictDoNothing()
    .returning({ id: favourites.listingId })
  return inserted.length
}

export async function deleteFavourite(db: Db, userId: string, listingId: number): Promise<boolean> {
  const rows = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)))
    .returning({ id: favourites.listingId })
  return rows.length > 0
}

export async function deleteAllFavourites(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(favourites).where(eq(favourites.userId, userId)).returning({ id: favourites.listingId })
  return rows.length
}

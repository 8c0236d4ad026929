import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { prepared } from '../../db/prepared.ts'
import { favourites } from '../favourites/favourites.tables.ts'
import { findListingPhotos, selectListingsWithNames } from '../listings/index.ts'
import {
  listingPhotos,
  listingPriceHistory,
  listings,
  listingViews,
  moderationEvents,
} from '../listings/listings.tables.ts'
import { profiles } from '../profiles/profiles.tables.ts'
import { brands, colours, models, options } from '../reference/reference.tables.ts'

export type ListingRow = typeof listings.$inferSelect
export type ListingPatch = Partial<Omit<typeof listings.$inferInsert, 'id' | 'ownerId' | 'createdAt'>>
export type ModerationAction = (typeof moderationEvents.$inferInsert)['action']

export async function findListingRow(db: Db, id: number): Promise<ListingRow | null> {
  const [row] = await db.select().from(listings).where(eq(listings.id, id)).limit(1)
  return row ?? null
}

/** The dealer's cars on sale among `ids`, locked until the transaction ends (a bulk step), in id order. */
export function lockDealerCarsOnSale(db: Db, dealerId: number, ids: number[]): Promise<ListingRow[]> {
  return db
    .select()
    .from(listings)
    .where(and(inArray(listings.id, ids), eq(listings.dealerId, dealerId), sql`${listings.status} = 'published'`))
    .orderBy(asc(listings.id))
    .for('update')
}

/** Locks the listing row until the transaction ends (photo count checks under concurrent uploads). */
export async function lockListingRow(db: Db, id: number): Promise<ListingRow | null> {
  const [row] = await db.select().from(listings).where(eq(listings.id, id)).for('update').limit(1)
  return row ?? null
}

export async function insertDraft(
  db: Db,
  values: { ownerId: string; contactPhone: string | null; cityId: number | null } & ListingPatch,
) {
  const [row] = await db
    .insert(listings)
    .values({ ...values, status: 'draft' })
    .returning()
  if (!row) throw new Error('draft not inserted')
  return row
}

export async function countDrafts(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.ownerId, ownerId), eq(listings.status, 'draft')))
  return row?.n ?? 0
}

export async function findProfileDefaults(db: Db, userId: string) {
  const [row] = await db
    .select({ phone: profiles.phone, cityId: profiles.cityId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  return row ?? null
}

export async function updateListingRow(db: Db, id: number, patch: ListingPatch): Promise<ListingRow> {
  const [row] = await db
    .update(listings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(listings.id, id))
    .returning()
  if (!row) throw new Error(`listing ${id} vanished during an update`)
  return row
}

export function deleteListingRow(db: Db, id: number) {
  return db.delete(listings).where(eq(listings.id, id))
}

/** How many users keep the listing in their favourites (favourites_listing_idx). */
const savedCountOf = (id: typeof listings.id) =>
  sql<number>`(select count(*) from ${favourites} f where f.listing_id = ${id})`.mapWith(Number)

/**
 * A listing's status and what buyers did with it when its owner asks, as a named statement: every signed-in view of
 * a car page asks it (is the visitor its seller?), and almost always for someone else's car (issue 39).
 */
const ownStatsStatement = (db: Db) =>
  prepared(db, 'own_listing_stats', () =>
    db
      .select({
        status: listings.status,
        viewsCount: listings.viewsCount,
        phoneRevealsCount: listings.phoneRevealsCount,
        savedCount: savedCountOf(listings.id),
      })
      .from(listings)
      .where(and(eq(listings.id, sql.placeholder('id')), eq(listings.ownerId, sql.placeholder('ownerId')))),
  )

/** A listing's status and what buyers did with it, when `ownerId` owns it; else null. */
export async function findOwnListingStats(db: Db, id: number, ownerId: string) {
  const [row] = await ownStatsStatement(db).execute({ id, ownerId })
  return row ?? null
}

/** Visitors counted per day from `fromDay` on (the primary key's listing and day lead: a range scan). */
export async function findViewsByDay(db: Db, id: number, fromDay: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: listingViews.day, views: count() })
    .from(listingViews)
    .where(and(eq(listingViews.listingId, id), gte(listingViews.day, fromDay)))
    .groupBy(listingViews.day)
  return new Map(rows.map((r) => [r.day, r.views]))
}

/** The owner's listings, most recently changed first, with the names for their titles. */
export function findOwnerListings(db: Db, ownerId: string) {
  return selectListingsWithNames(db, {
    listing: listings,
    brandName: brands.name,
    modelName: models.name,
    coverIsIllustration: sql<boolean>`coalesce((select p.is_illustration from ${listingPhotos} p
        where p.listing_id = ${listings.id} order by p.position limit 1), false)`,
    savedCount: savedCountOf(listings.id),
  })
    .where(eq(listings.ownerId, ownerId))
    .orderBy(desc(listings.updatedAt), desc(listings.id))
    .limit(200)
}

export async function findTitleNames(db: Db, brandId: number | null, modelId: number | null) {
  const [b] = brandId ? await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId)) : []
  const [m] = modelId ? await db.select({ name: models.name }).from(models).where(eq(models.id, modelId)) : []
  return { brandName: b?.name ?? null, modelName: m?.name ?? null }
}

export async function insertPhotos(
  db: Db,
  listingId: number,
  firstPosition: number,
  photos: { storageKey: string; width: number; height: number; sha256: string }[],
) {
  if (photos.length === 0) return
  await db.insert(listingPhotos).values(photos.map((p, i) => ({ ...p, listingId, position: firstPosition + i })))
}

export function deletePhotoRow(db: Db, listingId: number, photoId: number) {
  return db
    .delete(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.id, photoId)))
    .returning()
}

/** Renumbers positions from 0 in the given order and keeps the listing's cover and count in step. */
export async function setPhotoOrder(db: Db, listingId: number, orderedIds: number[]) {
  for (const [position, id] of orderedIds.entries()) {
    await db
      .update(listingPhotos)
      .set({ position })
      .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.id, id)))
  }
  const photos = await findListingPhotos(db, listingId)
  await db
    .update(listings)
    .set({ coverPhotoKey: photos[0]?.storageKey ?? null, photoCount: photos.length, updatedAt: new Date() })
    .where(eq(listings.id, listingId))
  return photos
}

export async function insertModerationEvent(
  db: Db,
  values: { listingId: number; actorId: string | null; action: ModerationAction; comment?: string | null },
) {
  await db.insert(moderationEvents).values(values)
}

export async function insertPrice(db: Db, listingId: number, priceKzt: number) {
  await db.insert(listingPriceHistory).values({ listingId, priceKzt })
}

export async function countPrices(db: Db, listingId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(listingPriceHistory)
    .where(eq(listingPriceHistory.listingId, listingId))
  return row?.n ?? 0
}

export async function existingColour(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ code: colours.code }).from(colours).where(eq(colours.code, code)).limit(1)
  return Boolean(row)
}

export async function existingOptionCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set()
  const rows = await db.select({ code: options.code }).from(options).where(inArray(options.code, codes))
  return new Set(rows.map((r) => r.code))
}

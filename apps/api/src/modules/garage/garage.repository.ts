import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, ne, notExists, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { selectNamedListings } from '../listings/index.ts'
import { listings } from '../listings/listings.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'
import { garageItems, garageValues } from './garage.tables.ts'

export type GarageItemInsert = typeof garageItems.$inferInsert
export type GarageItemPatch = Partial<Omit<GarageItemInsert, 'id' | 'userId' | 'createdAt'>>
export type GarageValueInsert = typeof garageValues.$inferInsert
export type GarageValueRow = typeof garageValues.$inferSelect

const rowColumns = {
  item: garageItems,
  brand: { id: brands.id, slug: brands.slug, name: brands.name },
  model: { id: models.id, slug: models.slug, name: models.name },
  listingStatus: listings.status,
  listingPriceKzt: listings.priceKzt,
}

function selectRows(db: Db) {
  return db
    .select(rowColumns)
    .from(garageItems)
    .innerJoin(brands, eq(brands.id, garageItems.brandId))
    .innerJoin(models, eq(models.id, garageItems.modelId))
    .leftJoin(listings, eq(listings.id, garageItems.listingId))
}

/** The user's garage, newest first, with brand and model names and the linked listing's status and price. */
export function findGarageRows(db: Db, userId: string) {
  return selectRows(db).where(eq(garageItems.userId, userId)).orderBy(desc(garageItems.createdAt), desc(garageItems.id))
}
export type GarageRow = Awaited<ReturnType<typeof findGarageRows>>[number]

/** One car of the user's garage, or null (also when it is someone else's). */
export async function findGarageRow(db: Db, userId: string, id: number): Promise<GarageRow | null> {
  const [row] = await selectRows(db)
    .where(and(eq(garageItems.id, id), eq(garageItems.userId, userId)))
    .limit(1)
  return row ?? null
}

export async function countGarage(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(garageItems).where(eq(garageItems.userId, userId))
  return row?.n ?? 0
}

/** Inserts a car; null when its listing is already in a garage (the unique index on listing_id). */
export async function insertGarageItem(db: Db, values: GarageItemInsert): Promise<number | null> {
  const [row] = await db.insert(garageItems).values(values).onConflictDoNothing().returning({ id: garageItems.id })
  return row?.id ?? null
}

export async function updateGarageItem(db: Db, userId: string, id: number, patch: GarageItemPatch) {
  const [row] = await db
    .update(garageItems)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(garageItems.id, id), eq(garageItems.userId, userId)))
    .returning({ id: garageItems.id })
  return row?.id ?? null
}

export async function deleteGarageItem(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(garageItems)
    .where(and(eq(garageItems.id, id), eq(garageItems.userId, userId)))
    .returning({ id: garageItems.id })
  return rows.length > 0
}

/** Remembers "sold" for cars whose listing sold, so the status stays right if the seller deletes the listing. */
export async function rememberSold(db: Db, ids: number[]) {
  if (ids.length === 0) return
  await db.update(garageItems).set({ status: 'sold' }).where(inArray(garageItems.id, ids))
}

export async function findGarageIdByListing(db: Db, userId: string, listingId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: garageItems.id })
    .from(garageItems)
    .where(and(eq(garageItems.userId, userId), eq(garageItems.listingId, listingId)))
    .limit(1)
  return row?.id ?? null
}

/** The user's own listing with what a garage car takes from it; null for anyone else's or a missing one. */
export async function findOwnListingCar(db: Db, userId: string, listingId: number) {
  const [row] = await db
    .select({
      id: listings.id,
      brandId: listings.brandId,
      modelId: listings.modelId,
      year: listings.year,
      mileageKm: listings.mileageKm,
      vin: listings.vin,
      steering: listings.steering,
      isCustomsCleared: listings.isCustomsCleared,
      engineType: listings.engineType,
      engineVolumeCc: listings.engineVolumeCc,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.ownerId, userId)))
    .limit(1)
  return row ?? null
}

/** My listings that could join the garage: brand, model, year and mileage known, not in a garage yet. */
export function findCandidateListings(db: Db, userId: string, limit: number) {
  return selectNamedListings(db, {
    listingId: listings.id,
    status: listings.status,
    brand: brands.name,
    model: models.name,
    year: listings.year,
    mileageKm: listings.mileageKm,
  })
    .where(
      and(
        eq(listings.ownerId, userId),
        isNotNull(listings.year),
        isNotNull(listings.mileageKm),
        notExists(db.select({ one: sql`1` }).from(garageItems).where(eq(garageItems.listingId, listings.id))),
      ),
    )
    .orderBy(desc(listings.updatedAt), desc(listings.id))
    .limit(limit)
}

/** Of these cars, the ones valued on `day`. */
export async function findValuedOn(db: Db, ids: number[], day: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: garageValues.garageItemId })
    .from(garageValues)
    .where(and(inArray(garageValues.garageItemId, ids), eq(garageValues.day, day)))
  return new Set(rows.map((r) => r.id))
}

/** Keeps a day's value; `replace` overwrites that day's (after the mileage changed), else the first one stays. */
export async function saveValue(db: Db, value: GarageValueInsert, replace: boolean) {
  const insert = db.insert(garageValues).values(value)
  if (replace)
    await insert.onConflictDoUpdate({
      target: [garageValues.garageItemId, garageValues.day],
      set: {
        estimateKzt: value.estimateKzt,
        lowKzt: value.lowKzt,
        highKzt: value.highKzt,
        comparables: value.comparables,
        mileageKm: value.mileageKm,
        createdAt: new Date(),
      },
    })
  else await insert.onConflictDoNothing()
}

/** The values of these cars from `fromDay` on, oldest first. */
export function findValues(db: Db, ids: number[], fromDay: string): Promise<GarageValueRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(garageValues)
    .where(and(inArray(garageValues.garageItemId, ids), gte(garageValues.day, fromDay)))
    .orderBy(asc(garageValues.garageItemId), asc(garageValues.day))
}

/**
 * Garage cars not sold and not valued on `day`, oldest first (the periodic job's work). Sold: by the listing, or
 * by the owner's word when no listing decides (garage.rules.ts garageStatusOf).
 */
export function findDueForValuation(db: Db, day: string, limit: number) {
  return db
    .select({
      id: garageItems.id,
      brandId: garageItems.brandId,
      modelId: garageItems.modelId,
      year: garageItems.year,
      mileageKm: garageItems.mileageKm,
      steering: garageItems.steering,
      isCustomsCleared: garageItems.isCustomsCleared,
    })
    .from(garageItems)
    .leftJoin(listings, eq(listings.id, garageItems.listingId))
    .where(
      and(
        or(isNull(listings.status), ne(listings.status, 'sold')),
        or(ne(garageItems.status, 'sold'), and(isNotNull(listings.status), ne(listings.status, 'archived'))),
        notExists(
          db
            .select({ one: sql`1` })
            .from(garageValues)
            .where(and(eq(garageValues.garageItemId, garageItems.id), eq(garageValues.day, day))),
        ),
      ),
    )
    .orderBy(asc(garageItems.id))
    .limit(limit)
}
export type DueCar = Awaited<ReturnType<typeof findDueForValuation>>[number]

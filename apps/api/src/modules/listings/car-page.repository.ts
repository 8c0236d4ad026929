import { and, asc, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands, cities, models } from '../reference/reference.tables.ts'
import { cardColumns, type ListingCardRow } from './listings.repository.ts'
import { listings, listingViews } from './listings.tables.ts'

/** The few columns the car page's actions decide on (visibility, contact, similarity). */
export async function findListingState(db: Db, id: number) {
  const [row] = await db
    .select({
      id: listings.id,
      status: listings.status,
      year: listings.year,
      priceKzt: listings.priceKzt,
      bodyType: listings.bodyType,
      brandId: listings.brandId,
      modelId: listings.modelId,
      brand: { slug: brands.slug, name: brands.name },
      model: { slug: models.slug, name: models.name },
    })
    .from(listings)
    .leftJoin(brands, eq(brands.id, listings.brandId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .where(eq(listings.id, id))
    .limit(1)
  return row ?? null
}
export type ListingState = NonNullable<Awaited<ReturnType<typeof findListingState>>>

/** Counts a reveal and answers the number in one statement; null unless the listing is published. */
export async function revealContactPhone(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .update(listings)
    .set({ phoneRevealsCount: sql`${listings.phoneRevealsCount} + 1` })
    .where(and(eq(listings.id, id), sql`${listings.status} = 'published'`))
    .returning({ phone: listings.contactPhone })
  return row?.phone ?? null
}

/** Records the visitor for the day; true only the first time that day (the primary key dedupes). */
export async function insertView(db: Db, listingId: number, day: string, visitorHash: string): Promise<boolean> {
  const rows = await db
    .insert(listingViews)
    .values({ listingId, day, visitorHash })
    .onConflictDoNothing()
    .returning({ listingId: listingViews.listingId })
  return rows.length > 0
}

export async function deleteView(db: Db, listingId: number, day: string, visitorHash: string): Promise<void> {
  await db
    .delete(listingViews)
    .where(
      and(eq(listingViews.listingId, listingId), eq(listingViews.day, day), eq(listingViews.visitorHash, visitorHash)),
    )
}

export async function incrementViews(db: Db, listingId: number): Promise<number | null> {
  const [row] = await db
    .update(listings)
    .set({ viewsCount: sql`${listings.viewsCount} + 1` })
    .where(eq(listings.id, listingId))
    .returning({ viewsCount: listings.viewsCount })
  return row?.viewsCount ?? null
}

export async function findViewsCount(db: Db, listingId: number): Promise<number> {
  const [row] = await db.select({ viewsCount: listings.viewsCount }).from(listings).where(eq(listings.id, listingId))
  return row?.viewsCount ?? 0
}

// Literal, not a parameter, so the planner can match the partial `where status = 'published'` indexes.
const published = sql`${listings.status} = 'published'`

export interface PriceNeighbour {
  id: number
  priceKzt: number
}

/**
 * The two halves of a nearest-price lookup: prices from `priceKzt` up, and below it down. Each is one range
 * scan of a `(…, price_kzt)` partial index that stops after `limit` rows, however many cars match.
 */
export function nearestByPriceQueries(db: Db, where: SQL, priceKzt: number, excludeIds: number[], limit: number) {
  const base = and(published, where, excludeIds.length > 0 ? notInArray(listings.id, excludeIds) : undefined)
  const columns = { id: listings.id, priceKzt: sql<number>`${listings.priceKzt}`.mapWith(Number) }
  return [
    db
      .select(columns)
      .from(listings)
      .where(and(base, gte(listings.priceKzt, priceKzt)))
      .orderBy(asc(listings.priceKzt), asc(listings.id))
      .limit(limit),
    db
      .select(columns)
      .from(listings)
      .where(and(base, lt(listings.priceKzt, priceKzt)))
      .orderBy(desc(listings.priceKzt), desc(listings.id))
      .limit(limit),
  ] as const
}

/** The `limit` published listings matching `where` whose price is nearest `priceKzt`. */
export async function findNearestByPrice(
  db: Db,
  where: SQL,
  priceKzt: number,
  excludeIds: number[],
  limit: number,
): Promise<PriceNeighbour[]> {
  const [upQuery, downQuery] = nearestByPriceQueries(db, where, priceKzt, excludeIds, limit)
  const [up, down] = await Promise.all([upQuery, downQuery])
  return [...up, ...down]
    .sort((a, b) => Math.abs(a.priceKzt - priceKzt) - Math.abs(b.priceKzt - priceKzt) || a.id - b.id)
    .slice(0, limit)
}

export function sameModel(modelId: number): SQL {
  return sql`${listings.modelId} = ${modelId}`
}

export function sameBrandAndBody(brandId: number, bodyType: string): SQL {
  return sql`${listings.brandId} = ${brandId} and ${listings.bodyType} = ${bodyType}`
}

export function sameBody(bodyType: string): SQL {
  return sql`${listings.bodyType} = ${bodyType}`
}

/** Cards of the given published listings, in the order of `ids`. */
export async function findCardsByIds(db: Db, ids: number[]): Promise<ListingCardRow[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .innerJoin(brands, eq(brands.id, listings.brandId))
    .innerJoin(models, eq(models.id, listings.modelId))
    .innerJoin(cities, eq(cities.id, listings.cityId))
    .where(and(inArray(listings.id, ids), published))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

import { and, asc, desc, eq, gte, inArray, lt, ne, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { prepared } from '../../db/prepared.ts'
import { brands, models } from '../reference/reference.tables.ts'
import { cardIdColumns, selectListingsWithNames } from './listings.repository.ts'
import { listingPhoneReveals, listings, listingViews } from './listings.tables.ts'

/** The few columns the car page's actions decide on (visibility, contact, similarity). */
export async function findListingState(db: Db, id: number) {
  const [row] = await selectListingsWithNames(db, {
    id: listings.id,
    status: listings.status,
    year: listings.year,
    priceKzt: listings.priceKzt,
    bodyType: listings.bodyType,
    brandId: listings.brandId,
    modelId: listings.modelId,
    viewsCount: listings.viewsCount,
    brand: { slug: brands.slug, name: brands.name },
    model: { slug: models.slug, name: models.name },
  })
    .where(eq(listings.id, id))
    .limit(1)
  return row ?? null
}
export type ListingState = NonNullable<Awaited<ReturnType<typeof findListingState>>>

const Revealed = z.object({ rows: z.array(z.object({ phone: z.string().nullable() })) })

/**
 * Counts a reveal, on the listing (all time) and in its day's counter (the dealer desk's statistics), and answers
 * the number, in one statement; null unless the listing is published.
 */
export async function revealContactPhone(db: Db, id: number, day: string): Promise<string | null> {
  const result = await db.execute(sql`with revealed as (
      update ${listings} set phone_reveals_count = phone_reveals_count + 1
      where id = ${id} and status = 'published'
      returning id, contact_phone
    ), counted as (
      insert into ${listingPhoneReveals} (listing_id, day, reveals) select id, ${day}::date, 1 from revealed
      on conflict (listing_id, day) do update set reveals = ${listingPhoneReveals}.reveals + 1
    )
    select contact_phone as phone from revealed`)
  return Revealed.parse(result).rows[0]?.phone ?? null
}

/**
 * Records the visitor for the day, only on a listing whose page is public (published or sold); true only the
 * first time that day (the primary key dedupes). One statement: the visibility check costs no extra round trip.
 */
export async function insertViewIfVisible(db: Db, listingId: number, day: string, visitorHash: string) {
  const rows = await db
    .insert(listingViews)
    .select(
      db
        .select({
          listingId: listings.id,
          day: sql<string>`${day}::date`.as('day'),
          visitorHash: sql<string>`${visitorHash}::text`.as('visitor_hash'),
        })
        .from(listings)
        .where(and(eq(listings.id, listingId), inArray(listings.status, ['published', 'sold']))),
    )
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

// Literal, not a parameter, so the planner can match the partial `where status = 'published'` indexes.
const published = sql`${listings.status} = 'published'`

/**
 * A LIMIT written into the statement's text rather than sent as a parameter. With `limit $n` PostgreSQL planned
 * the named similar-cars statement again on every execution (its generic plan, costed for an unknown limit, never
 * looked cheaper): 1.1 ms median of planning per car page at a million listings, more than running it. With the
 * number in the text it settles on the generic plan after five executions (the same index scans, 0.25 ms). The
 * number is the statement's shape (its name carries it), never a value from a request. Drizzle writes an SQL
 * chunk given to `.limit()` as it is; its type only names numbers and placeholders.
 */
const literalLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number

/**
 * The two halves of a nearest-price lookup: prices from `priceKzt` up, and below it down. Each is one range
 * scan of a `(…, price_kzt, id)` partial index that stops after `limit` rows, however many cars match.
 */
export function nearestByPriceQueries(db: Db, where: SQL, priceKzt: Value, excludeId: Value, limit: number, tier = 0) {
  const base = and(published, where, ne(listings.id, excludeId))
  const columns = {
    id: listings.id,
    priceKzt: sql<number>`${listings.priceKzt}`.mapWith(Number).as('price_kzt'),
    // A literal: a parameter would have no type inside a UNION.
    tier: sql<number>`${sql.raw(String(Math.trunc(tier)))}::int`.mapWith(Number).as('tier'),
  }
  return [
    db
      .select(columns)
      .from(listings)
      .where(and(base, gte(listings.priceKzt, priceKzt)))
      .orderBy(asc(listings.priceKzt), asc(listings.id))
      .limit(literalLimit(limit)),
    db
      .select(columns)
      .from(listings)
      .where(and(base, lt(listings.priceKzt, priceKzt)))
      .orderBy(desc(listings.priceKzt), desc(listings.id))
      .limit(literalLimit(limit)),
  ] as const
}

export function sameModel(modelId: Value): SQL {
  return sql`${listings.modelId} = ${modelId}`
}

export function sameBrandAndBody(brandId: Value, bodyType: Value<string>): SQL {
  return sql`${listings.brandId} = ${brandId} and ${listings.bodyType} = ${bodyType}`
}

export function sameBody(bodyType: Value<string>): SQL {
  return sql`${listings.bodyType} = ${bodyType}`
}

export interface SimilarBase {
  id: number
  modelId: number
  brandId: number
  bodyType: string | null
  priceKzt: number
}

/** A value in a query, or the placeholder of a prepared statement's parameter. */
type Value<T = number> = T | Placeholder
/** SimilarBase with placeholders allowed for its values (the statement is built once, with placeholders). */
interface SimilarParams {
  id: Value
  modelId: Value
  brandId: Value
  bodyType: Value<string> | null
  priceKzt: Value
}

/**
 * Candidates for "similar cars" of every tier (0 same model, 1 same brand and body type, 2 same body type) in
 * one round trip: each tier's nearest `perSide` prices above and below, as six index range scans.
 */
export function similarCandidatesQuery(db: Db, base: SimilarParams, perSide: number) {
  const tiers = [sameModel(base.modelId)]
  if (base.bodyType) tiers.push(sameBrandAndBody(base.brandId, base.bodyType), sameBody(base.bodyType))
  const [first, second, ...others] = tiers.flatMap((where, tier) =>
    nearestByPriceQueries(db, where, base.priceKzt, base.id, perSide, tier),
  )
  // Every tier has an upward and a downward half, so there are always at least two.
  if (!first || !second) throw new Error('no similar-car tiers')
  return unionAll(first, second, ...others)
}

/**
 * The similar cars themselves, in one statement (it was two round trips, the second planned on every car page):
 * the candidates of every tier (similarCandidatesQuery), each car once at its best tier, then the `count` of the
 * best tiers nearest in price (ties by id), as card rows with brand, model and city as ids.
 */
export function similarCardsQuery(db: Db, base: SimilarParams, perSide: number, count: number) {
  const candidates = similarCandidatesQuery(db, base, perSide).as('candidates')
  const picked = db
    .select({
      id: candidates.id,
      tier: sql<number>`min(${candidates.tier})`.as('best_tier'),
      distance: sql<number>`min(abs(${candidates.priceKzt} - ${base.priceKzt}))`.as('distance'),
    })
    .from(candidates)
    .groupBy(candidates.id)
    .orderBy(sql`best_tier`, sql`distance`, candidates.id)
    .limit(literalLimit(count))
    .as('picked')
  return db
    .select(cardIdColumns)
    .from(listings)
    .innerJoin(picked, eq(listings.id, picked.id))
    .where(published)
    .orderBy(picked.tier, picked.distance, picked.id)
}

/**
 * Named (one text per shape: with or without a body type, and the limits), so PostgreSQL keeps one plan of it per
 * connection instead of planning it on every car page (see literalLimit), and built once per process with
 * placeholders: building the union's SQL on every call was 2.6% of a car page's CPU.
 */
export async function findSimilarCards(db: Db, base: SimilarBase, perSide: number, count: number) {
  const { bodyType } = base
  const p = sql.placeholder
  const name = `similar_cards_${bodyType ? 3 : 1}_${Math.trunc(perSide)}_${Math.trunc(count)}`
  const shape = { id: p('id'), modelId: p('modelId'), brandId: p('brandId'), priceKzt: p('priceKzt') }
  const statement = prepared(db, name, () =>
    similarCardsQuery(db, { ...shape, bodyType: bodyType ? p('bodyType') : null }, perSide, count),
  )
  const { id, modelId, brandId, priceKzt } = base
  return statement.execute(bodyType ? { id, modelId, brandId, priceKzt, bodyType } : { id, modelId, brandId, priceKzt })
}

import { and, count, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { dealers } from '../dealers/dealers.tables.ts'
import { brands, cities, models } from '../reference/reference.tables.ts'
import { savedSearches } from './saved-searches.tables.ts'

export type SavedSearchRow = typeof savedSearches.$inferSelect
export type NewSavedSearch = typeof savedSearches.$inferInsert

export async function countForUser(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId))
  return row?.n ?? 0
}

export async function insertSavedSearch(db: Db, row: NewSavedSearch): Promise<SavedSearchRow> {
  const [created] = await db.insert(savedSearches).values(row).returning()
  if (!created) throw new Error('saved search not created')
  return created
}

export function findForUser(db: Db, userId: string) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
}

/** The user's search with exactly these filters (as its stored query string), if saved before. */
export async function findOwnByPath(db: Db, userId: string, path: string): Promise<SavedSearchRow | null> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.path, path)))
    .limit(1)
  return row ?? null
}

const Counts = z.object({ rows: z.array(z.object({ id: z.coerce.number().int(), n: z.coerce.number().int() })) })

/** Published cars matched since each search was last seen (one GIN probe per search). */
export async function countNewMatches(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const list = idArray(ids)
  const result = Counts.parse(
    await db.execute(sql`
    select s.id, count(distinct m.listing_id)::int as n
    from saved_searches s
    join listing_search_matches m on m.search_ids @> array[s.id] and m.matched_at > s.last_seen_at
    join listings l on l.id = m.listing_id and l.status = 'published'
    where s.id = any(${list})
    group by s.id`),
  )
  return new Map(result.rows.map((r) => [r.id, r.n]))
}

/** A bigint[] literal of ids (integers only), for `= any(...)`. */
function idArray(ids: number[]) {
  return sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::bigint[]`)
}

export async function updateOwn(
  db: Db,
  userId: string,
  id: number,
  patch: Partial<Pick<NewSavedSearch, 'name' | 'alerts' | 'lastSeenAt' | 'alertedThrough'>>,
): Promise<SavedSearchRow | null> {
  const [row] = await db
    .update(savedSearches)
    .set(patch)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning()
  return row ?? null
}

export async function deleteOwn(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
  return rows.length > 0
}

/** Names a search's default title is made of: the brand's, the model's, the city's in every language. */
export async function findBrandName(db: Db, brandId: number): Promise<string | null> {
  const [b] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId))
  return b?.name ?? null
}

export async function findModelName(db: Db, modelId: number): Promise<string | null> {
  const [m] = await db.select({ name: models.name }).from(models).where(eq(models.id, modelId))
  return m?.name ?? null
}

export async function findCityNames(db: Db, cityId: number): Promise<{ ru: string; kk: string; en: string } | null> {
  const [c] = await db
    .select({ ru: cities.nameRu, kk: cities.nameKk, en: cities.nameEn })
    .from(cities)
    .where(eq(cities.id, cityId))
  return c ?? null
}

/** The dealer's name (its legal name), for a dealer-scoped search's default title. */
export async function findDealerName(db: Db, dealerId: number): Promise<string | null> {
  const [d] = await db.select({ name: dealers.legalName }).from(dealers).where(eq(dealers.id, dealerId))
  return d?.name ?? null
}

const int = z.coerce.number().int()
const IdRows = z.object({ rows: z.array(z.object({ id: int })) })
const InstantRows = z.object({ rows: z.array(z.object({ id: int, user_id: z.string(), name: z.string() })) })
const DigestRows = z.object({
  rows: z.array(z.object({ id: int, user_id: z.string(), name: z.string(), n: int, ids: z.array(int) })),
})

/** The conditions every filter column puts on the listing `l` (null: does not filter). */
const MATCHES = sql`
  (s.model_id is null or s.model_id = l.model_id)
  and (s.city_id is null or s.city_id = l.city_id)
  and (s.year_from is null or l.year >= s.year_from)
  and (s.year_to is null or l.year <= s.year_to)
  and (s.price_from is null or l.price_kzt >= s.price_from)
  and (s.price_to is null or l.price_kzt <= s.price_to)
  and (s.mileage_max_km is null or l.mileage_km <= s.mileage_max_km)
  and (s.drive is null or s.drive = l.drive)
  and (s.body_type is null or s.body_type = l.body_type)
  and (s.transmission is null or s.transmission = l.transmission)
  and (s.engine_type is null or s.engine_type = l.engine_type)
  and (s.steering is null or s.steering = l.steering)
  and (s.customs_cleared is null or s.customs_cleared = l.is_customs_cleared)
  and (s.is_new is null or s.is_new = l.is_new)
  and (not s.tulpar or l.is_tulpar)
  and (not s.warranty or l.has_warranty)
  and (not s.credit or l.is_credit_available)
  and (not s.hot or l.is_hot or l.deal_rating = 'great')
  and (s.dealer_id is null or s.dealer_id = l.dealer_id)`

const MatchCount = z.object({ rows: z.array(z.object({ n: int, instant: z.boolean() })) })

export interface RecordedMatches {
  /** Saved searches newly matched by the listing. */
  matched: number
  /** Whether any of them wants its alerts at once (then one 'search-alerts' job follows). */
  instant: boolean
}

/**
 * Records the published listing as a match of every saved search it satisfies (alerts on or off: the list shows
 * every search's new cars), as one row holding all their ids. Four index lookups instead of a scan: searches for
 * its brand and model, for its brand with any model, and for any brand in its city or anywhere; the other filters
 * are columns checked on the rows found. Searches it matched before (a listing published again) are left out, and
 * with `savedAfter` so are searches saved before then (a paused car brought back: decision 032).
 */
export async function recordMatches(
  tx: Db,
  listingId: number,
  at: Date,
  { savedAfter }: { savedAfter?: Date } = {},
): Promise<RecordedMatches> {
  // `savedAfter` is a JavaScript time (milliseconds); `created_at` is PostgreSQL's (microseconds). Compared at the
  // millisecond, a search saved earlier in the millisecond the car was paused in does not count as saved after it.
  const saved = savedAfter
    ? sql`and date_trunc('milliseconds', s.created_at) > ${savedAfter.toISOString()}::timestamptz`
    : sql``
  const result = MatchCount.parse(
    await tx.execute(sql`
    with l as (
      select id, brand_id, model_id, city_id, year, price_kzt, mileage_km, drive, body_type, transmission,
             engine_type, steering, is_customs_cleared, is_new, is_tulpar, has_warranty, is_credit_available,
             is_hot, deal_rating, dealer_id
      from listings where id = ${listingId} and status = 'published'
    ),
    found as materialized (
      select s.id, s.alerts from l join saved_searches s on s.brand_id = l.brand_id and s.model_id = l.model_id where ${MATCHES} ${saved}
      union all
      select s.id, s.alerts from l join saved_searches s on s.brand_id = l.brand_id and s.model_id is null where ${MATCHES} ${saved}
      union all
      select s.id, s.alerts from l join saved_searches s on s.brand_id is null and s.city_id = l.city_id where ${MATCHES} ${saved}
      union all
      select s.id, s.alerts from l join saved_searches s on s.brand_id is null and s.city_id is null where ${MATCHES} ${saved}
    ),
    fresh as materialized (
      select f.id, f.alerts from found f
      where not exists (
        select 1 from listing_search_matches m where m.listing_id = ${listingId} and m.search_ids @> array[f.id]
      )
    ),
    -- A data-modifying CTE runs whether or not the final select reads it.
    inserted as (
      insert into listing_search_matches (listing_id, matched_at, search_ids)
      select ${listingId}, ${at.toISOString()}::timestamptz, array_agg(id order by id) from fresh
      having count(*) > 0
      returning id
    )
    select (select count(*) from fresh)::int as n,
      coalesce((select bool_or(alerts = 'instant') from fresh), false) as instant`),
  )
  const row = result.rows[0]
  return { matched: row?.n ?? 0, instant: row?.instant ?? false }
}

export interface InstantRow {
  id: number
  userId: string
  name: string
}

/**
 * How old a listing's matching may be for its at-once alerts: a week, well within the 30 days delivery receipts are
 * kept. Within it, a search already told of the car has its receipt and is not told twice; an older matching was
 * told long ago (its job runs at once, retries end within hours), and is left out rather than told again once its
 * receipts are gone, when the car matches anew (published again, or a paused car brought back: decision 032).
 */
const INSTANT_MATCH_DAYS = 7

/** The searches that want alerts at once among those this listing matched this week, while it is still published. */
export async function findInstantMatches(tx: Db, listingId: number): Promise<InstantRow[]> {
  const result = InstantRows.parse(
    await tx.execute(sql`
    select distinct s.id, s.user_id, s.name
    from listing_search_matches m
    cross join lateral unnest(m.search_ids) as u(id)
    join saved_searches s on s.id = u.id and s.alerts = 'instant'
    join listings l on l.id = m.listing_id and l.status = 'published'
    where m.listing_id = ${listingId}
      and m.matched_at > now() - make_interval(days => ${INSTANT_MATCH_DAYS})`),
  )
  return result.rows.map((r) => ({ id: Number(r.id), userId: r.user_id, name: r.name }))
}

/**
 * The next page of daily searches due a digest (a match after the last one alerted, up to `upTo`, and no alert for
 * 23 hours), after `afterId`. 23 rather than 24 hours, so an hourly run that drifts a few seconds sends once a day.
 */
export async function findDueDigests(db: Db, afterId: number, limit: number, at: Date, upTo: Date): Promise<number[]> {
  const result = IdRows.parse(
    await db.execute(sql`
    select s.id from saved_searches s
    where s.id > ${afterId} and s.alerts = 'daily'
      and (s.last_alert_at is null or s.last_alert_at < ${at.toISOString()}::timestamptz - interval '23 hours')
      and exists (
        select 1 from listing_search_matches m
        where m.search_ids @> array[s.id] and m.matched_at > s.alerted_through
          and m.matched_at <= ${upTo.toISOString()}::timestamptz
      )
    order by s.id
    limit ${limit}`),
  )
  return result.rows.map((r) => Number(r.id))
}

export interface DigestRow {
  id: number
  userId: string
  name: string
  count: number
  listingIds: number[]
}

/**
 * For a page of due searches at once: takes their matches after `alerted_through` up to `upTo`, moves
 * `alerted_through` to `upTo` and stamps `last_alert_at`, and returns per search the user, name and the published cars
 * among those matches (searches whose cars all went are left out). `upTo` trails the clock (the service gives it
 * 30 s): a match is stamped with its transaction's start, so one still committing is taken by the next digest.
 */
export async function takeDigestBatch(tx: Db, ids: number[], at: Date, upTo: Date): Promise<DigestRow[]> {
  const list = idArray(ids)
  const until = upTo.toISOString()
  const result = DigestRows.parse(
    await tx.execute(sql`
    with s as (
      select id, user_id, name, alerted_through from saved_searches where id = any(${list}) for update
    ),
    taken as (
      select s.id as search_id, m.listing_id
      from s join listing_search_matches m
        on m.search_ids @> array[s.id] and m.matched_at > s.alerted_through and m.matched_at <= ${until}::timestamptz
    ),
    stamped as (
      update saved_searches set last_alert_at = ${at.toISOString()}::timestamptz, alerted_through = ${until}::timestamptz
      where id = any(${list}) returning id
    )
    select s.id, s.user_id, s.name, count(distinct t.listing_id) as n,
      (array_agg(distinct t.listing_id order by t.listing_id desc))[1:10] as ids
    from taken t
    join listings l on l.id = t.listing_id and l.status = 'published'
    join s on s.id = t.search_id
    group by s.id, s.user_id, s.name`),
  )
  return result.rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    name: r.name,
    count: Number(r.n),
    listingIds: r.ids,
  }))
}

import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { listings } from '../listings/listings.tables.ts'
import { savedSearches, savedSearchMatches } from './saved-searches.tables.ts'

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

export async function findOwn(db: Db, userId: string, id: number): Promise<SavedSearchRow | null> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
  return row ?? null
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

export async function findById(db: Db, id: number): Promise<SavedSearchRow | null> {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id))
  return row ?? null
}

/** Published cars matched since each search was last seen. */
export async function countNewMatches(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: savedSearchMatches.savedSearchId, n: count() })
    .from(savedSearchMatches)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
    .innerJoin(listings, eq(listings.id, savedSearchMatches.listingId))
    .where(
      and(
        inArray(savedSearchMatches.savedSearchId, ids),
        gt(savedSearchMatches.matchedAt, savedSearches.lastSeenAt),
        eq(listings.status, 'published'),
      ),
    )
    .groupBy(savedSearchMatches.savedSearchId)
  return new Map(rows.map((r) => [r.id, r.n]))
}

export async function updateOwn(
  db: Db,
  userId: string,
  id: number,
  patch: Partial<Pick<NewSavedSearch, 'name' | 'alerts' | 'lastSeenAt'>>,
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

const int = z.coerce.number().int()
const IdRows = z.object({ rows: z.array(z.object({ id: int })) })
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
  and (not s.hot or l.is_hot or l.deal_rating = 'great')`

const MatchCount = z.object({ rows: z.array(z.object({ n: int, instant: z.boolean() })) })

export interface RecordedMatches {
  /** Saved searches newly matched by the listing. */
  matched: number
  /** Whether any of them wants its alerts at once (then one 'search-alerts' job follows). */
  instant: boolean
}

/**
 * Records the published listing as a match of every saved search it satisfies (alerts on or off: the list shows
 * every search's new cars). Four index lookups instead of a scan: searches for its brand and model, for its
 * brand with any model, and for any brand in its city or anywhere; the other filters are columns checked on the
 * rows found. A listing matched before is not counted again. Answers only the count and whether an instant
 * search is among them: a popular car matches over a thousand searches, and the approval does not need them.
 */
export async function recordMatches(tx: Db, listingId: number, at: Date): Promise<RecordedMatches> {
  const result = MatchCount.parse(
    await tx.execute(sql`
    with l as (
      select id, brand_id, model_id, city_id, year, price_kzt, mileage_km, drive, body_type, transmission,
             engine_type, steering, is_customs_cleared, is_new, is_tulpar, has_warranty, is_credit_available,
             is_hot, deal_rating
      from listings where id = ${listingId} and status = 'published'
    ),
    found as materialized (
      select s.id, s.alerts from l join saved_searches s on s.brand_id = l.brand_id and s.model_id = l.model_id where ${MATCHES}
      union all
      select s.id, s.alerts from l join saved_searches s on s.brand_id = l.brand_id and s.model_id is null where ${MATCHES}
      union all
      select s.id, s.alerts from l join saved_searches s on s.brand_id is null and s.city_id = l.city_id where ${MATCHES}
      union all
      select s.id, s.alerts from l join saved_searches s on s.brand_id is null and s.city_id is null where ${MATCHES}
    ),
    inserted as (
      insert into saved_search_matches (saved_search_id, listing_id, matched_at)
      select id, ${listingId}, ${at.toISOString()}::timestamptz from found
      on conflict do nothing
      returning saved_search_id
    )
    select count(*)::int as n, coalesce(bool_or(f.alerts = 'instant'), false) as instant
    from inserted i join found f on f.id = i.saved_search_id`),
  )
  const row = result.rows[0]
  return { matched: row?.n ?? 0, instant: row?.instant ?? false }
}

/** The instant searches whose match of this listing has not been alerted yet. */
export async function findInstantPending(tx: Db, listingId: number): Promise<number[]> {
  const result = IdRows.parse(
    await tx.execute(sql`
    select m.saved_search_id as id from saved_search_matches m
    join saved_searches s on s.id = m.saved_search_id and s.alerts = 'instant'
    where m.listing_id = ${listingId} and m.alerted_at is null`),
  )
  return result.rows.map((r) => Number(r.id))
}

/**
 * The next page of daily searches due a digest (pending matches, no alert for 23 hours), after `afterId`.
 * 23 rather than 24 hours, so an hourly run that drifts a few seconds still sends once a day.
 */
export async function findDueDigests(db: Db, afterId: number, limit: number, at: Date): Promise<number[]> {
  const result = IdRows.parse(
    await db.execute(sql`
    select s.id from saved_searches s
    where s.id > ${afterId} and s.alerts = 'daily'
      and (s.last_alert_at is null or s.last_alert_at < ${at.toISOString()}::timestamptz - interval '23 hours')
      and exists (select 1 from saved_search_matches m where m.saved_search_id = s.id and m.alerted_at is null)
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
 * For a page of due searches at once: marks all their pending matches alerted, stamps `last_alert_at`, and returns
 * per search the user, name and the published cars among the matches (searches whose cars all went are left out).
 */
export async function takeDigestBatch(tx: Db, ids: number[], at: Date): Promise<DigestRow[]> {
  const stamp = at.toISOString()
  const list = sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::bigint[]`)
  const result = DigestRows.parse(
    await tx.execute(sql`
    with taken as (
      update saved_search_matches m set alerted_at = ${stamp}::timestamptz
      where m.saved_search_id = any(${list}) and m.alerted_at is null
      returning m.saved_search_id, m.listing_id
    ),
    stamped as (
      update saved_searches set last_alert_at = ${stamp}::timestamptz where id = any(${list}) returning id
    )
    select s.id, s.user_id, s.name, count(*) as n, (array_agg(t.listing_id order by t.listing_id desc))[1:10] as ids
    from taken t
    join listings l on l.id = t.listing_id and l.status = 'published'
    join saved_searches s on s.id = t.saved_search_id
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

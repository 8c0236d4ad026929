import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import {
  listingRefColumns,
  referenceNameColumns,
  selectListingsWithNames,
  selectNamedListings,
} from '../listings/index.ts'
import { listingPriceHistory, listings, moderationEvents } from '../listings/listings.tables.ts'
import { profiles } from '../profiles/profiles.tables.ts'
import { bodyTypes, brands, cities, colours, engineTypes, generations, models } from '../reference/reference.tables.ts'

/** The decisions whose wait is measured. */
const DECISIONS = sql`('approved', 'rejected')`

/**
 * When the listing of event `e` last entered moderation before that event: the latest `submitted` or
 * `returned_to_moderation` event after the previous decision. Null when that entry was never recorded.
 */
const enteredBefore = (e: string) =>
  sql.raw(`(
    select max(s.created_at) from moderation_events s
    where s.listing_id = ${e}.listing_id and s.action in ('submitted', 'returned_to_moderation')
      and s.created_at <= ${e}.created_at
      and s.created_at > coalesce((
        select max(p.created_at) from moderation_events p
        where p.listing_id = ${e}.listing_id and p.action in ('approved', 'rejected') and p.created_at < ${e}.created_at
      ), '-infinity'::timestamptz)
  )`)

// ---- Queue

/** Whole seconds since the listing's status last changed (how long it has waited in the queue). */
const waitedSeconds = sql<number>`floor(extract(epoch from now() - ${listings.statusChangedAt}))::int`.mapWith(Number)

export interface QueueCursor {
  at: string
  id: number
}

export async function findQueuePage(db: Db, after: QueueCursor | null, limit: number) {
  return selectNamedListings(db, {
    id: listings.id,
    year: listings.year,
    priceKzt: listings.priceKzt,
    mileage: listings.mileage,
    mileageUnit: listings.mileageUnit,
    coverPhotoKey: listings.coverPhotoKey,
    photoCount: listings.photoCount,
    ...listingRefColumns,
    seller: { id: user.id, name: user.name, createdAt: user.createdAt },
    enteredAt: listings.statusChangedAt,
    // The exact timestamp (microseconds) for the keyset cursor: a JS Date keeps only milliseconds.
    enteredAtText: sql<string>`${listings.statusChangedAt}::text`,
    waitedSeconds,
  })
    .innerJoin(cities, eq(cities.id, listings.cityId))
    .innerJoin(user, eq(user.id, listings.ownerId))
    .where(
      and(
        eq(listings.status, 'moderation'),
        after
          ? sql`(${listings.statusChangedAt}, ${listings.id}) > (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(listings.statusChangedAt), asc(listings.id))
    .limit(limit)
}

export async function countWaiting(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(eq(listings.status, 'moderation'))
  return row?.n ?? 0
}

/**
 * The moderation backlog for the metrics (read on each scrape): listings waiting and the seconds the longest has
 * waited (0: none).
 */
export async function findModerationBacklog(db: Db): Promise<{ waiting: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      waiting: count(),
      oldestSeconds:
        sql<number>`coalesce(extract(epoch from now() - min(${listings.statusChangedAt})), 0)::float8`.mapWith(Number),
    })
    .from(listings)
    .where(eq(listings.status, 'moderation'))
  return { waiting: row?.waiting ?? 0, oldestSeconds: Math.max(0, row?.oldestSeconds ?? 0) }
}

// ---- Stats

const StatsRow = z.object({
  waiting: z.coerce.number().int(),
  oldest: z.coerce.number().nullable(),
  decided: z.coerce.number().int(),
  measured: z.coerce.number().int(),
  average: z.coerce.number().nullable(),
  median: z.coerce.number().nullable(),
})

/** Waiting now, and the waits of the decisions of the last `days` days (average and median, seconds). */
export async function findStats(db: Db, days: number) {
  const result = await db.execute(sql`
    with decided as (
      select extract(epoch from e.created_at - ${enteredBefore('e')})::float8 as waited
      from moderation_events e
      where e.action in ${DECISIONS} and e.created_at > now() - make_interval(days => ${days}::int)
    ), waiting as (
      select count(*)::int as n, extract(epoch from now() - min(status_changed_at))::float8 as oldest
      from listings where status = 'moderation'
    )
    select
      (select n from waiting) as waiting,
      (select oldest from waiting) as oldest,
      count(*)::int as decided,
      count(waited)::int as measured,
      avg(waited)::float8 as average,
      percentile_cont(0.5) within group (order by waited)::float8 as median
    from decided
  `)
  const [row] = z.object({ rows: z.array(StatsRow) }).parse(result).rows
  if (!row) throw new Error('stats query returned no row')
  return row
}

// ---- One listing

export async function findAdminListing(db: Db, id: number) {
  const [row] = await selectListingsWithNames(db, {
    listing: listings,
    ...listingRefColumns,
    generation: { id: generations.id, name: generations.name },
    ...referenceNameColumns,
    seller: {
      id: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      role: user.role,
      createdAt: user.createdAt,
    },
    profilePhone: profiles.phone,
    waitedSeconds,
  })
    .innerJoin(user, eq(user.id, listings.ownerId))
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(generations, eq(generations.id, listings.generationId))
    .leftJoin(cities, eq(cities.id, listings.cityId))
    .leftJoin(colours, eq(colours.code, listings.colour))
    .leftJoin(bodyTypes, eq(bodyTypes.code, listings.bodyType))
    .leftJoin(engineTypes, eq(engineTypes.code, listings.engineType))
    .where(eq(listings.id, id))
    .limit(1)
  return row ?? null
}

const OTHER_LISTINGS_LIMIT = 50

/** The seller's other listings, most recently changed first (`listings_owner_idx`). */
export async function findOtherListings(db: Db, ownerId: string, exceptId: number) {
  const where = and(eq(listings.ownerId, ownerId), ne(listings.id, exceptId))
  const [rows, [total]] = await Promise.all([
    selectListingsWithNames(db, {
      id: listings.id,
      status: listings.status,
      statusChangedAt: listings.statusChangedAt,
      priceKzt: listings.priceKzt,
      year: listings.year,
      brand: brands.name,
      model: models.name,
    })
      .where(where)
      .orderBy(desc(listings.statusChangedAt), desc(listings.id))
      .limit(OTHER_LISTINGS_LIMIT),
    db.select({ n: count() }).from(listings).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

const actor = alias(user, 'actor')

/** The listing's moderation history, newest first, with the wait measured for each decision. */
export function findHistory(db: Db, listingId: number) {
  return db
    .select({
      id: moderationEvents.id,
      action: moderationEvents.action,
      reasonCode: moderationEvents.reasonCode,
      comment: moderationEvents.comment,
      createdAt: moderationEvents.createdAt,
      actor: { id: actor.id, name: actor.name, email: actor.email },
      waitedSeconds: sql<number | null>`case when ${moderationEvents.action} in ${DECISIONS}
        then floor(extract(epoch from ${moderationEvents.createdAt} - ${enteredBefore('moderation_events')}))::int
        end`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(moderationEvents)
    .leftJoin(actor, eq(actor.id, moderationEvents.actorId))
    .where(eq(moderationEvents.listingId, listingId))
    .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id))
}
export type HistoryRow = Awaited<ReturnType<typeof findHistory>>[number]

// ---- Decisions

/** Locks the listing row for the rest of the transaction, so two moderators cannot both decide it. */
export async function lockListing(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: listings.id, status: listings.status, ownerId: listings.ownerId, priceKzt: listings.priceKzt })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update')
  return row ?? null
}

/** Names for the seller's message and the seller's language. */
export async function findMessageContext(tx: Db, id: number) {
  const [row] = await selectListingsWithNames(tx, {
    brand: brands.name,
    model: models.name,
    year: listings.year,
    language: profiles.language,
  })
    .leftJoin(profiles, eq(profiles.userId, listings.ownerId))
    .where(eq(listings.id, id))
  return row ?? null
}

export async function publishListing(tx: Db, id: number, at: Date) {
  const [row] = await tx
    .update(listings)
    .set({
      status: 'published',
      publishedAt: sql`coalesce(${listings.publishedAt}, ${at.toISOString()}::timestamptz)`,
      statusChangedAt: at,
      updatedAt: at,
      rejectionReason: null,
    })
    .where(eq(listings.id, id))
    .returning({ id: listings.id, status: listings.status, publishedAt: listings.publishedAt })
  if (!row) throw new Error(`listing ${id} vanished inside its transaction`)
  return { ...row, rejectionReason: null }
}

/** A listing published for the first time starts its price history (the car page shows it). */
export async function startPriceHistory(tx: Db, id: number, priceKzt: number, at: Date) {
  const [existing] = await tx
    .select({ id: listingPriceHistory.id })
    .from(listingPriceHistory)
    .where(eq(listingPriceHistory.listingId, id))
    .limit(1)
  if (!existing) await tx.insert(listingPriceHistory).values({ listingId: id, priceKzt, changedAt: at })
}

export async function rejectListing(tx: Db, id: number, reasonCode: string, at: Date) {
  const [row] = await tx
    .update(listings)
    .set({ status: 'rejected', rejectionReason: reasonCode, statusChangedAt: at, updatedAt: at })
    .where(eq(listings.id, id))
    .returning({
      id: listings.id,
      status: listings.status,
      publishedAt: listings.publishedAt,
      rejectionReason: listings.rejectionReason,
    })
  if (!row) throw new Error(`listing ${id} vanished inside its transaction`)
  return row
}

export async function insertEvent(tx: Db, values: typeof moderationEvents.$inferInsert) {
  const [row] = await tx.insert(moderationEvents).values(values).returning({ id: moderationEvents.id })
  if (!row) throw new Error('moderation event not created')
  return row.id
}

// ---- Tulpar flags

/** The listing's Tulpar flags under a row lock, for a change that records them before. */
export async function lockFlags(tx: Db, id: number) {
  const [row] = await tx
    .select({ isTulpar: listings.isTulpar, isInspected: listings.isInspected, isHot: listings.isHot })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update')
  return row ?? null
}

export async function updateFlags(
  db: Db,
  id: number,
  flags: { isTulpar?: boolean; isInspected?: boolean; isHot?: boolean },
) {
  const [row] = await db
    .update(listings)
    .set({ ...flags, updatedAt: new Date() })
    .where(eq(listings.id, id))
    .returning({
      id: listings.id,
      isTulpar: listings.isTulpar,
      isInspected: listings.isInspected,
      isHot: listings.isHot,
    })
  return row ?? null
}

export async function listingExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: listings.id }).from(listings).where(eq(listings.id, id)).limit(1)
  return row !== undefined
}

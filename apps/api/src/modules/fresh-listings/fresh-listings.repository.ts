import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { listingComplaints } from '../complaints/complaints.tables.ts'
import { user } from '../identity/identity.tables.ts'
import { listingOwnershipColumns, selectListingsWithNames } from '../listings/index.ts'
import { listings } from '../listings/listings.tables.ts'
import { profiles } from '../profiles/profiles.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'

// Literals, not parameters, so the planner matches the partial indexes (listings_fresh_due_idx, _asked_idx).
const published = sql`${listings.status} = 'published'`
const lastConfirmed = sql<Date>`coalesce(${listings.confirmedAt}, ${listings.publishedAt})`

export type PauseReason = 'unconfirmed' | 'reported_sold'

/**
 * Marks up to `limit` published private listings whose last confirmation (or publication) is at or before
 * `cutoff` as asked at `now`, and answers them. Rows another run holds are skipped, so two runs never ask twice.
 */
export async function claimDueAsks(db: Db, now: Date, cutoff: Date, limit: number) {
  const due = db
    .select({ id: listings.id })
    .from(listings)
    .where(and(published, isNull(listings.confirmAskedAt), isNull(listings.dealerId), lte(lastConfirmed, cutoff)))
    .orderBy(asc(lastConfirmed), asc(listings.id))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(listings)
    .set({ confirmAskedAt: now })
    .where(inArray(listings.id, due))
    .returning({ id: listings.id })
}

/** Pauses up to `limit` published listings asked at or before `cutoff` and not confirmed since; answers them. */
export async function pauseUnanswered(db: Db, now: Date, cutoff: Date, limit: number) {
  const due = db
    .select({ id: listings.id })
    .from(listings)
    .where(and(published, lte(listings.confirmAskedAt, cutoff)))
    .orderBy(asc(listings.confirmAskedAt), asc(listings.id))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(listings)
    .set({ status: 'paused', pausedAt: now, pauseReason: 'unconfirmed', statusChangedAt: now })
    .where(inArray(listings.id, due))
    .returning({ id: listings.id })
}

/** The listing's freshness, locked for the change that follows (`tx` must be a transaction). */
export async function lockFreshness(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: listings.id,
      ownerId: listings.ownerId,
      status: listings.status,
      publishedAt: listings.publishedAt,
      confirmedAt: listings.confirmedAt,
      confirmAskedAt: listings.confirmAskedAt,
      pausedAt: listings.pausedAt,
      pauseReason: listings.pauseReason,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update')
  return row ?? null
}

/** The seller says the car is still for sale: confirmed now, the question answered, a paused listing back on sale. */
export async function markConfirmed(tx: Db, id: number, now: Date, resume: boolean): Promise<void> {
  await tx
    .update(listings)
    .set({
      confirmedAt: now,
      confirmAskedAt: null,
      ...(resume ? { status: 'published' as const, pausedAt: null, pauseReason: null, statusChangedAt: now } : {}),
    })
    .where(eq(listings.id, id))
}

/** Pauses a published listing buyers reported sold; false when it was not published. */
export async function pauseReportedSold(tx: Db, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(listings)
    .set({ status: 'paused', pausedAt: now, pauseReason: 'reported_sold', statusChangedAt: now })
    .where(and(eq(listings.id, id), published))
    .returning({ id: listings.id })
  return rows.length > 0
}

/**
 * Distinct signed-in buyers who reported the listing sold after `since` (its last confirmation or publication, or
 * the start of the window, whichever is later). Complaints need an account, so each reporter is a person.
 */
export async function countSoldReports(db: Db, listingId: number, windowStart: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${listingComplaints.reporterId})::int` })
    .from(listingComplaints)
    .innerJoin(listings, eq(listings.id, listingComplaints.listingId))
    .where(
      and(
        eq(listingComplaints.listingId, listingId),
        eq(listingComplaints.reason, 'sold'),
        sql`${listingComplaints.createdAt} > greatest(${lastConfirmed}, ${windowStart.toISOString()}::timestamptz)`,
      ),
    )
  return row?.n ?? 0
}

/** What a seller's message about one listing needs: the car's name, who to tell, and in which language. */
export async function findNoticeFacts(db: Db, id: number) {
  const [row] = await selectListingsWithNames(db, {
    id: listings.id,
    status: listings.status,
    brand: brands.name,
    model: models.name,
    year: listings.year,
    ownerId: listings.ownerId,
    contactPhone: listings.contactPhone,
    confirmAskedAt: listings.confirmAskedAt,
    email: user.email,
    language: profiles.language,
    isDeleted: profiles.isDeleted,
  })
    .innerJoin(user, eq(user.id, listings.ownerId))
    .leftJoin(profiles, eq(profiles.userId, listings.ownerId))
    .where(eq(listings.id, id))
  return row ?? null
}

/** The listing's title parts and freshness, for the link's page and the account's answer. */
export async function findFreshness(db: Db, id: number) {
  const [row] = await selectListingsWithNames(db, {
    ...listingOwnershipColumns,
    publishedAt: listings.publishedAt,
    confirmedAt: listings.confirmedAt,
  }).where(eq(listings.id, id))
  return row ?? null
}

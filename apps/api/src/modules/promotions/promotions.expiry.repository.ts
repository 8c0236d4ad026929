import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'
import { profiles } from '../profiles/profiles.tables.ts'
import { promotions } from './promotions.tables.ts'

/*
 * The expiry job's reads and writes (promotions.lifecycle.ts): running promotions locked for ending in bounded
 * batches, those of one listing, and the ending notices. Orders, receipts and prices are promotions.repository.ts.
 */

/** Running promotions whose period is over, locked for ending (a bounded batch). */
export function lockExpired(tx: Db, now: Date, limit: number) {
  return tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.status, 'active'), lte(promotions.endsAt, now)))
    .orderBy(asc(promotions.endsAt))
    .limit(limit)
    .for('update', { skipLocked: true })
}

/**
 * Running promotions of cars no longer on sale (sold, removed, taken down, or deleted: the listing id is null), with
 * the listing's status; a paused car keeps its promotion (decision 033). Locked for ending, a bounded batch.
 */
export function lockOffSale(tx: Db, limit: number) {
  return tx
    .select({ promotion: promotions, listingStatus: listings.status })
    .from(promotions)
    .leftJoin(listings, eq(listings.id, promotions.listingId))
    .where(
      and(
        eq(promotions.status, 'active'),
        or(isNull(promotions.listingId), sql`${listings.status} not in ('published', 'paused')`),
      ),
    )
    .limit(limit)
    .for('update', { of: promotions, skipLocked: true })
}

/** The running promotions of one listing, locked for ending. */
export function lockRunningOfListing(tx: Db, listingId: number) {
  return tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.listingId, listingId), eq(promotions.status, 'active')))
    .for('update')
}

/**
 * Running promotions of a few days or more that end within `within` and whose buyer was not told yet: marked told,
 * answered for their notices (a bounded batch).
 */
export async function markEndingNoticed(tx: Db, now: Date, within: Date, limit: number): Promise<number[]> {
  const due = tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        eq(promotions.status, 'active'),
        sql`${promotions.product} <> 'raise'`,
        isNull(promotions.endingNoticeAt),
        sql`${promotions.endsAt} > ${now.toISOString()}::timestamptz`,
        lte(promotions.endsAt, within),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true })
  const rows = await tx
    .update(promotions)
    .set({ endingNoticeAt: now })
    .where(inArray(promotions.id, due))
    .returning({ id: promotions.id })
  return rows.map((r) => r.id)
}

/** Who to tell that a promotion ends soon, and in which language. */
export async function findNoticeFacts(db: Db, id: number) {
  const [row] = await db
    .select({
      promotion: promotions,
      email: user.email,
      language: profiles.language,
      isDeleted: profiles.isDeleted,
    })
    .from(promotions)
    .innerJoin(user, eq(user.id, promotions.buyerId))
    .leftJoin(profiles, eq(profiles.userId, promotions.buyerId))
    .where(eq(promotions.id, id))
    .limit(1)
  return row ?? null
}

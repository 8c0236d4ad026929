import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { listings } from './listings.tables.ts'

/*
 * What the dealers module needs of the listings (it sits below listings, so services.ts passes these in): how many
 * cars each dealer has on sale, and handing a removed member's cars of the dealer to its owner.
 */

/** Published listings per dealer (dealers without any are absent). */
export async function countDealerListings(db: Db, dealerIds: number[]): Promise<Map<number, number>> {
  if (dealerIds.length === 0) return new Map()
  const rows = await db
    .select({ dealerId: listings.dealerId, n: count() })
    .from(listings)
    .where(and(sql`${listings.status} = 'published'`, inArray(listings.dealerId, dealerIds)))
    .groupBy(listings.dealerId)
  return new Map(rows.flatMap((r) => (r.dealerId === null ? [] : [[r.dealerId, r.n] as const])))
}

/** The member's listings sold as the dealer become the owner's (the member was removed). */
export async function reassignDealerListings(db: Db, dealerId: number, fromUserId: string, toUserId: string) {
  await db
    .update(listings)
    .set({ ownerId: toUserId, updatedAt: new Date() })
    .where(and(eq(listings.dealerId, dealerId), eq(listings.ownerId, fromUserId)))
}

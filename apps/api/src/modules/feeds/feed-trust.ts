import type { Db } from '../../db/client.ts'
import { findTriggeredSignals } from '../moderation/index.ts'

/*
 * A verified dealer staff trust to publish (issue 38): its feed's cars skip the moderation queue as its typed cars do,
 * each unless a moderation signal fires for it (then it waits like any other car). The apply and the photo job ask.
 */

/** The system's note on the approval of such a car (the back office's history shows how it got on sale). */
export const PUBLISHED_AT_ONCE =
  'Published at once from the feed: a verified dealer trusted to publish, and no moderation signal fired.'

/** Whether the dealer's feed cars may skip the queue: verified, and trusted to publish at once. */
export function isTrustedPublisher(dealer: { status: string; trustedToPublish: boolean } | null): boolean {
  return dealer?.status === 'verified' && dealer.trustedToPublish
}

/**
 * Of `ids`, the listings no moderation signal fires for, read inside the caller's transaction (its writes count: a
 * car's new VIN, price or photos). The same check as a typed car's (moderation's findTriggeredSignals), car by car.
 */
export async function findClean(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  const clean = new Set<number>()
  for (const id of ids) if ((await findTriggeredSignals(tx, id)).length === 0) clean.add(id)
  return clean
}

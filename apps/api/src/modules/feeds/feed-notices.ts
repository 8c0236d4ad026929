import type { FeedImportCounts } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { JobSender } from '../jobs/index.ts'
import * as repo from './feeds.repository.ts'

/** How an import finished, for the notice to the dealer's people. */
export interface FinishedImport {
  dealerId: number
  importId: number
  source: 'upload' | 'url'
  status: 'applied' | 'refused' | 'failed'
  counts: FeedImportCounts
}

/**
 * Tells the dealer's people (its owner and managers when the import finishes) that it did: an `alert` job each, which
 * the notifications module writes in each one's language as an inbox message, an e-mail and pushes with the link to
 * the report. Sent in the import's own transaction, so a notice goes out exactly when the outcome is stored.
 */
export async function sendImportNotices(tx: Db, jobs: JobSender | undefined, done: FinishedImport): Promise<void> {
  if (!jobs) return
  const dealer = await repo.findDealerPeople(tx, done.dealerId)
  const { created, updated, removed, refused } = done.counts
  await jobs.sendMany(
    'alert',
    dealer.userIds.map((userId) => ({
      key: `feed-import:${done.importId}:${userId}`,
      userId,
      alert: {
        kind: 'feed-import' as const,
        dealerId: done.dealerId,
        dealerName: dealer.name,
        importId: done.importId,
        source: done.source,
        status: done.status,
        counts: { created, updated, removed, refused },
      },
    })),
    { tx },
  )
}

import type { Db } from '../../db/client.ts'
import { type RetentionCounts, recordRetention } from './retention.metrics.ts'
import {
  CODES,
  DELETED_ACCOUNTS,
  FEED_REPORTS,
  FINISHED_JOBS,
  LEADS,
  LOGS,
  type PurgeStep,
  runBatch,
  SEARCH_MATCHES,
  SESSIONS,
} from './retention.repository.ts'

/**
 * The purges, each the promise it keeps (privacy policy section 5, docs/operations.md "Retention"). Run in this
 * order: the deleted accounts' saved searches go before the matches' ids of deleted searches are cleaned.
 */
export const PURGES = {
  /** Requests: no longer than three years after the last contact. */
  leads: LEADS,
  /** Session records (IP, browser): deleted once expired, well within 90 days after the session ends. */
  sessions: SESSIONS,
  /** SMS and email codes and links: valid minutes, deleted within the hour after they expire. */
  codes: CODES,
  /** Logs kept in the database (car page views, the dev outbox): 90 days. */
  logs: LOGS,
  /** A deleted account's personal data that its erasure did not reach. */
  'deleted-accounts': DELETED_ACCOUNTS,
  /** Old saved-search match rows and the ids of deleted searches in them. */
  'search-matches': SEARCH_MATCHES,
  /** Finished queue jobs (7 days) and delivery receipts (30 days). */
  'finished-jobs': FINISHED_JOBS,
  /** Dealers' feed reports (the per-car rows): 180 days; the imports' summaries stay. */
  'feed-reports': FEED_REPORTS,
} satisfies Record<string, PurgeStep[]>
export type PurgeName = keyof typeof PURGES

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void }

export interface RetentionOptions {
  db: Db
  /** Rows per batch (each batch its own transaction). */
  batchSize?: number
  /** Called after each committed batch (tests stop a run there). */
  afterBatch?: (purge: PurgeName, table: string, removed: number) => void | Promise<void>
}

/** The retention purges: run by the hourly `retention` job. */
export function createRetention({ db, batchSize = 1000, afterBatch }: RetentionOptions) {
  /** Runs one purge to the end, in batches; answers rows removed per table and records them for the metrics. */
  async function runPurge(purge: PurgeName): Promise<RetentionCounts> {
    const started = performance.now()
    const counts: RetentionCounts = {}
    for (const step of PURGES[purge]) {
      counts[step.table] ??= 0
      for (;;) {
        const removed = await db.transaction((tx) => runBatch(tx, step.batch(batchSize)))
        counts[step.table] = (counts[step.table] ?? 0) + removed
        if (removed > 0) await afterBatch?.(purge, step.table, removed)
        if (removed < batchSize) break
      }
    }
    const ms = Math.round(performance.now() - started)
    recordRetention(purge, counts, ms)
    return counts
  }

  return {
    runPurge,
    /**
     * Every purge in turn. One that fails is logged and the others still run; the job then fails, to be retried
     * (a purge's batches that committed stay done, and the retry removes only what is left). One info line per purge
     * with its counts.
     */
    async runAll(log: Log): Promise<Record<PurgeName, RetentionCounts>> {
      const results = {} as Record<PurgeName, RetentionCounts>
      const failed: unknown[] = []
      for (const purge of Object.keys(PURGES) as PurgeName[]) {
        try {
          const started = performance.now()
          results[purge] = await runPurge(purge)
          const ms = Math.round(performance.now() - started)
          log.info({ purge, removed: results[purge], ms }, 'retention purge finished')
        } catch (error) {
          log.error({ err: error, purge }, 'retention purge failed')
          failed.push(error)
        }
      }
      if (failed.length > 0) throw new AggregateError(failed, `${failed.length} retention purge(s) failed`)
      return results
    },
  }
}

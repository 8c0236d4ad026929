import type { FastifyBaseLogger } from 'fastify'
import { startPeriodic } from '../../lib/periodic.ts'
import type { ValuationService } from './valuation.service.ts'

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>

/** First check soon after start, so a stale or never-valued database is caught without waiting an interval. */
const FIRST_CHECK_MS = 15_000

/**
 * Keeps market estimates fresh in a running server: checks every `intervalMinutes` (and once shortly after
 * start) and refreshes when the data in PostgreSQL says it is due. Returns a stop function.
 */
export function startEstimateRefresh(valuation: ValuationService, intervalMinutes: number, log: Log): () => void {
  if (intervalMinutes <= 0) return () => {}
  const intervalMs = intervalMinutes * 60_000
  return startPeriodic(
    async () => {
      const started = performance.now()
      try {
        // A little under the interval, so a process whose timer fires just before the due time still refreshes.
        const counts = await valuation.refreshEstimatesIfStale(intervalMs * 0.9)
        if (counts) log.info({ ...counts, ms: Math.round(performance.now() - started) }, 'market estimates refreshed')
      } catch (error) {
        log.error({ err: error }, 'market estimate refresh failed')
      }
    },
    { firstMs: Math.min(FIRST_CHECK_MS, intervalMs), intervalMs },
  )
}

import type { LoanTerms } from '@tulpar/contracts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { LOAN_TERMS } from './loan-terms.ts'
import * as repo from './valuation.repository.ts'

/** Any fixed number shared by every process: only one of them refreshes at a time. */
const REFRESH_LOCK = 4_242_026

const Freshness = z.object({
  rows: z.array(
    z.object({ missing: z.coerce.number(), oldest: z.union([z.date(), z.string(), z.null()]) }).transform((r) => ({
      missing: r.missing,
      oldest: r.oldest === null ? null : new Date(r.oldest),
    })),
  ),
})
const Locked = z.object({ rows: z.array(z.object({ ok: z.boolean() })) })

export interface ValuationServiceDeps {
  db: Db
  now?: () => Date
}

export function createValuationService({ db, now = () => new Date() }: ValuationServiceDeps) {
  return {
    /** The loan terms behind the cards' monthly payments (GET /cars/loan-terms/). */
    getLoanTerms(): LoanTerms {
      return LOAN_TERMS
    },

    /** Values every published listing now (after seeding, or on demand). */
    refreshAllEstimates: () => repo.refreshAllEstimates(db),

    /** Values one listing; call it when a listing is published or its price changes. */
    refreshListingEstimate: (listingId: number) => repo.refreshListingEstimate(db, listingId),

    /**
     * The periodic refresh, safe with many processes on one database: it runs only when some published
     * listing was never valued or the oldest valuation is older than `maxAgeMs` (so the state lives in
     * PostgreSQL, not in a process), and a transaction-level advisory lock keeps two processes from running
     * it at once. Returns null when it had nothing to do or another process was at it.
     */
    async refreshEstimatesIfStale(maxAgeMs: number): Promise<repo.RefreshCounts | null> {
      return db.transaction(async (tx) => {
        const lock = Locked.parse(await tx.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as ok`))
        if (!lock.rows[0]?.ok) return null
        const state = Freshness.parse(
          await tx.execute(sql`select count(*) filter (where estimated_at is null) as missing,
            min(estimated_at) as oldest from listings where status = 'published'`),
        ).rows[0]
        if (!state) return null
        const stale = state.oldest !== null && now().getTime() - state.oldest.getTime() >= maxAgeMs
        if (state.missing === 0 && !stale) return null
        return repo.refreshAllEstimates(tx)
      })
    },
  }
}
export type ValuationService = ReturnType<typeof createValuationService>

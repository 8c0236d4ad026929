import type { CreditProgrammes, LoanTerms, Locale } from '@tulpar/contracts'
import { termOptions } from '@tulpar/contracts/credit'
import type { Db } from '../../db/client.ts'
import { type CarEstimate, type CarToValue, estimateCar } from './car-estimate.ts'
import { creditProgrammes, DTI_WAIVER, LOAN_SOURCE_NAMES, LOAN_TERMS, loanTermsIn } from './loan-terms.ts'
import * as repo from './valuation.repository.ts'

export interface ValuationServiceDeps {
  db: Db
  now?: () => Date
}

export function createValuationService({ db, now = () => new Date() }: ValuationServiceDeps) {
  return {
    /** The loan terms behind the cards' monthly payments (GET /cars/loan-terms/), sources named in `locale`. */
    getLoanTerms(locale: Locale): LoanTerms {
      return loanTermsIn(locale)
    },

    /** What the credit widget assesses a car against (GET /credit/programmes/). */
    getCreditProgrammes(locale: Locale): CreditProgrammes {
      const programmes = creditProgrammes(locale)
      return {
        programmes,
        dtiWaiver: { ...DTI_WAIVER, source: LOAN_SOURCE_NAMES.dtiWaiver[locale] },
        termOptions: termOptions(programmes),
        defaultDownPaymentPct: LOAN_TERMS.downPaymentPct,
        defaultTermMonths: LOAN_TERMS.termMonths,
        formula: LOAN_TERMS.formula,
        checkedOn: LOAN_TERMS.checkedOn,
      }
    },

    /** The market estimate of a car that is not a listing (a garage car, a paid check's subject). */
    estimateCar(car: CarToValue): Promise<CarEstimate> {
      return estimateCar(db, car)
    },

    /** Values every published listing now and writes what changed (after seeding, or on demand). */
    refreshAllEstimates: () => repo.refreshAllEstimates(db),

    /** Values one listing; call it when a listing is published or its price changes. */
    refreshListingEstimate: (listingId: number) => repo.refreshListingEstimate(db, listingId),

    /**
     * The periodic refresh, safe with many processes on one database: it runs only when the last full
     * refresh recorded in `valuation_runs` is older than `maxAgeMs` (the schedule lives in PostgreSQL, not in
     * a process), and a transaction-level advisory lock keeps two processes from running it at once. Returns
     * null when it was not due or another process was at it.
     */
    async refreshEstimatesIfStale(maxAgeMs: number): Promise<(repo.RefreshCounts & { written: number }) | null> {
      const counts = await db.transaction(async (tx) => {
        if (!(await repo.tryLockRefresh(tx))) return null
        const last = await repo.findLastRefresh(tx)
        if (last && now().getTime() - last.getTime() < maxAgeMs) return null
        return repo.valueAllListings(tx)
      })
      // Written after the lock's transaction, in short batches: a listing's row is locked for one batch, not for
      // the whole refresh (valuation.repository.ts).
      return counts && { ...counts, written: await repo.writePendingEstimates(db) }
    },
  }
}
export type ValuationService = ReturnType<typeof createValuationService>

import type { FeedMissingCars, Locale } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { JobSender } from '../jobs/index.ts'
import * as cars from './feed-listings.repository.ts'
import { sendImportNotices } from './feed-notices.ts'
import { type CheckedRow, countOutcomes, type PlannedRow, planImport } from './feed-plan.ts'
import { FeedDealerNotVerifiedError, FeedImportClosedError, FeedImportNotFoundError } from './feeds.errors.ts'
import * as repo from './feeds.repository.ts'

/*
 * Applying a stored dry run (issue 38, docs/feeds.md): the plan made again from the feed's rows and the dealer's cars
 * as they are then, written in one transaction with the events buyers and the photo queue hear about; or discarding
 * it. The upload and the URL fetch both end here.
 */

export interface FeedApplyDeps {
  db: Db
  jobs?: JobSender
  clock: () => Date
  /** Whether feed cars' photos are fetched (media storage is wired): an apply then queues a job per car. */
  fetchPhotos: boolean
  /** Called inside an apply's transaction after each kind of write (tests make it throw to prove the rollback). */
  afterApplyStep?: (step: 'created' | 'updated' | 'removed') => void | Promise<void>
}

/** What applying `rows` would do to the dealer's cars as they are (locked inside an apply). */
export async function planFor(
  tx: Db,
  dealerId: number,
  cityId: number,
  rows: CheckedRow[],
  missingCars: FeedMissingCars,
  locale: Locale,
  lock: boolean,
) {
  const stock = await cars.findStock(tx, dealerId, lock)
  const vins = rows.flatMap((r) => (r.car?.vin ? [r.car.vin] : []))
  const vinTaken = await cars.findVinsTaken(tx, dealerId, vins)
  return planImport({ rows, stock, vinTaken, missingCars, dealerCityId: cityId, locale })
}

export function createFeedApply(deps: FeedApplyDeps) {
  const { db, jobs, clock } = deps

  return {
    /**
     * Applies a stored dry run in one transaction: the plan is made again from the feed's rows and the dealer's cars
     * as they are now (locked), written in batches, and the report replaced by what was done. Anything failing leaves
     * nothing written. Throws FeedImportNotFoundError, FeedImportClosedError (not a dry run),
     * FeedDealerNotVerifiedError.
     */
    async applyImport(dealerId: number, importId: number, actorId: string | null, locale: Locale): Promise<void> {
      const at = clock()
      const sold: number[] = []
      const withdrawn: number[] = []
      const priceDrops: { listingId: number; fromKzt: number; toKzt: number }[] = []
      await db.transaction(async (tx) => {
        const found = await repo.findImport(tx, dealerId, importId, true)
        if (!found) throw new FeedImportNotFoundError(importId)
        if (found.row.status !== 'dry_run') throw new FeedImportClosedError(found.row.status)
        // The dealer's row lock puts two applies of one dealer one after the other.
        const dealer = await repo.findDealerFacts(tx, dealerId, true)
        if (dealer?.status !== 'verified') throw new FeedDealerNotVerifiedError(dealerId)
        const ownerId = dealer.ownerId
        if (!ownerId) throw new Error(`dealer ${dealerId} has no owner`)
        const missingCars = found.row.missingCars as FeedMissingCars
        const checked = await repo.findCheckedRows(tx, importId)
        const plan = await planFor(tx, dealerId, dealer.cityId, checked, missingCars, locale, true)

        const creates = plan.rows.filter((r) => r.outcome === 'created' && r.car && r.externalId)
        const ids = await cars.insertListings(
          tx,
          creates.map((r) => ({
            ...cars.listingColumns(r.car as NonNullable<PlannedRow['car']>),
            ownerId,
            dealerId,
            externalId: r.externalId,
            feedHash: r.carHash,
            status: 'moderation' as const,
            contactPhone: dealer.phones[0] ?? null,
            statusChangedAt: at,
            createdAt: at,
            updatedAt: at,
          })),
        )
        const events: Parameters<typeof cars.insertModerationEvents>[1] = []
        const prices: Parameters<typeof cars.insertPrices>[1] = []
        for (const r of creates) {
          const id = ids.get(r.externalId ?? '')
          if (id === undefined) throw new Error(`the created listing of ${r.externalId} has no id`)
          r.listingId = id
          events.push({ listingId: id, actorId, action: 'submitted', comment: 'feed import', createdAt: at })
          prices.push({ listingId: id, priceKzt: r.car?.priceKzt ?? 0, changedAt: at })
        }
        await deps.afterApplyStep?.('created')

        const updates: Parameters<typeof cars.updateListings>[1] = []
        for (const r of plan.rows) {
          if (r.outcome !== 'updated' || !r.car || !r.stock || !r.carHash) continue
          const before = r.stock.status
          const onSale = before === 'published' || before === 'paused'
          // A car on sale stays on sale unless a material field changed (as a typed listing's edit); one under review
          // stays there; a rejected, sold or removed car the feed brings back is submitted again.
          const status = onSale ? (r.material.length > 0 ? 'moderation' : 'published') : 'moderation'
          updates.push({
            id: r.stock.id,
            car: r.car,
            feedHash: r.carHash,
            status,
            statusChanged: status !== before,
            published: false,
          })
          if (status !== before)
            events.push({
              listingId: r.stock.id,
              actorId,
              action: onSale ? 'returned_to_moderation' : 'submitted',
              comment: onSale ? `changed by the feed: ${r.material.join(', ')}` : 'feed import',
              createdAt: at,
            })
          if (r.stock.priceKzt !== r.car.priceKzt) {
            prices.push({ listingId: r.stock.id, priceKzt: r.car.priceKzt, changedAt: at })
            if (status === 'published' && before === 'published' && r.stock.priceKzt !== null)
              if (r.car.priceKzt < r.stock.priceKzt)
                priceDrops.push({ listingId: r.stock.id, fromKzt: r.stock.priceKzt, toKzt: r.car.priceKzt })
          }
        }
        await cars.updateListings(tx, updates, at)
        await deps.afterApplyStep?.('updated')

        const removed = plan.rows.filter((r) => r.outcome === 'removed' && r.stock)
        const to = missingCars === 'sold' ? 'sold' : 'archived'
        await cars.setStatus(
          tx,
          removed.map((r) => r.stock?.id ?? 0),
          to,
          at,
        )
        for (const r of removed)
          if (r.stock?.status === 'published') (to === 'sold' ? sold : withdrawn).push(r.stock.id)
        await deps.afterApplyStep?.('removed')

        const present = plan.rows.flatMap((r) =>
          r.listingId && (r.outcome === 'created' || r.outcome === 'updated' || r.outcome === 'unchanged')
            ? [r.listingId]
            : [],
        )
        await cars.confirmListings(tx, present, at)
        await cars.insertModerationEvents(tx, events)
        await cars.insertPrices(tx, prices)
        await repo.deleteImportRows(tx, importId)
        await repo.insertImportRows(tx, importId, plan.rows)
        const counts = countOutcomes(plan.rows)
        await repo.updateImport(tx, importId, { status: 'applied', counts, appliedAt: at, appliedBy: actorId })
        const source = found.row.source === 'url' ? 'url' : 'upload'
        await sendImportNotices(tx, jobs, { dealerId, importId, source, status: 'applied', counts })
        if (jobs) {
          await jobs.sendMany(
            'listing-event',
            [
              ...sold.map((listingId) => ({ kind: 'sold' as const, listingId })),
              ...withdrawn.map((listingId) => ({ kind: 'withdrawn' as const, listingId })),
              ...priceDrops.map((d) => ({ kind: 'price-dropped' as const, ...d })),
            ],
            { tx },
          )
          // Photos from the feed's URLs, a job per car: every created car with photos, every updated one (its URLs
          // may have changed or gone; the job fetches only URLs the car has no photo of yet).
          const photoJobs = plan.rows.flatMap((r) =>
            r.listingId && r.car && (r.outcome === 'updated' || (r.outcome === 'created' && r.car.photoUrls.length > 0))
              ? [{ listingId: r.listingId, importId, locale }]
              : [],
          )
          if (deps.fetchPhotos) await jobs.sendMany('feed-photos', photoJobs, { tx })
        }
      })
    },

    /** Drops a dry run without applying it; its report stays in the history. Throws FeedImportClosedError. */
    async discardImport(dealerId: number, importId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await repo.findImport(tx, dealerId, importId, true)
        if (!found) throw new FeedImportNotFoundError(importId)
        if (found.row.status !== 'dry_run') throw new FeedImportClosedError(found.row.status)
        await repo.updateImport(tx, importId, { status: 'discarded' })
      })
    },
  }
}

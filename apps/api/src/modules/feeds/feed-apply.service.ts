import type { FeedMissingCars, Locale } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { JobSender } from '../jobs/index.ts'
import * as cars from './feed-listings.repository.ts'
import { sendImportNotices } from './feed-notices.ts'
import { type CheckedRow, countOutcomes, type PlannedRow, planImport } from './feed-plan.ts'
import { findClean, isTrustedPublisher, PUBLISHED_AT_ONCE } from './feed-trust.ts'
import { FeedDealerNotVerifiedError, FeedImportClosedError, FeedImportNotFoundError } from './feeds.errors.ts'
import * as repo from './feeds.repository.ts'

/*
 * Applying a stored dry run (issue 38, docs/feeds.md): the plan made again from the feed's rows and the dealer's cars
 * as they are then, written in one transaction with the events buyers and the photo queue hear about; or discarding
 * it. The upload and the URL fetch both end here.
 */

/**
 * Cars an apply values at once after its commit (tens of milliseconds each): a daily feed's few new or re-priced cars,
 * like typed ones; a first import's hundreds beyond them wait for the scheduled estimate refresh.
 */
const REVALUED_AT_ONCE = 20

export interface FeedApplyDeps {
  db: Db
  jobs?: JobSender
  clock: () => Date
  /** Whether feed cars' photos are fetched (media storage is wired): an apply then queues a job per car. */
  fetchPhotos: boolean
  /**
   * Values one listing again (market estimate, deal rating), after the apply commits: each car it put on sale or
   * whose price, year or mileage it changed on sale, as a typed car's publication and edits do. Nothing by default.
   */
  revalue?: (listingId: number) => Promise<unknown>
  /** Called inside an apply's transaction after each kind of write (tests make it throw to prove the rollback). */
  afterApplyStep?: (step: ApplyStep) => void | Promise<void>
}

/** The kinds of write of an apply, in their order (`published`: a trusted dealer's cars put on sale at once). */
export type ApplyStep = 'created' | 'updated' | 'removed' | 'published'

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
     * nothing written. The cars it would send to moderation wait there, except a trusted dealer's (verified, trusted to
     * publish): each is published at once unless a moderation signal fires for it, as a typed car is. Throws
     * FeedImportNotFoundError, FeedImportClosedError (not a dry run), FeedDealerNotVerifiedError.
     */
    async applyImport(dealerId: number, importId: number, actorId: string | null, locale: Locale): Promise<void> {
      const at = clock()
      const sold: number[] = []
      const withdrawn: number[] = []
      const priceDrops: { listingId: number; fromKzt: number; toKzt: number }[] = []
      const revalued = new Set<number>()
      await db.transaction(async (tx) => {
        const found = await repo.findImport(tx, dealerId, importId, true)
        if (!found) throw new FeedImportNotFoundError(importId)
        if (found.row.status !== 'dry_run') throw new FeedImportClosedError(found.row.status)
        // The dealer's row lock puts two applies of one dealer one after the other.
        const dealer = await repo.findDealerFacts(tx, dealerId, true)
        if (dealer?.status !== 'verified') throw new FeedDealerNotVerifiedError(dealerId)
        const ownerId = dealer.ownerId
        if (!ownerId) throw new Error(`dealer ${dealerId} has no owner`)
        const trusted = isTrustedPublisher(dealer)
        // A trusted dealer's cars this apply sends to moderation (created, brought back), and its cars on sale with a
        // material change (kept on sale for now): a moderation signal decides each below.
        const toReview: number[] = []
        const changedOnSale: { id: number; material: string[] }[] = []
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
          if (trusted) toReview.push(id)
        }
        await deps.afterApplyStep?.('created')

        const updates: Parameters<typeof cars.updateListings>[1] = []
        for (const r of plan.rows) {
          if (r.outcome !== 'updated' || !r.car || !r.stock || !r.carHash) continue
          const before = r.stock.status
          const onSale = before === 'published' || before === 'paused'
          const changed = onSale && r.material.length > 0
          // A car on sale stays on sale unless a material field changed (as a typed listing's edit), or, a trusted
          // dealer's, until a signal fires for it; one under review stays there; a rejected, sold or removed car the
          // feed brings back is submitted again.
          const status = onSale ? (changed && !trusted ? 'moderation' : 'published') : 'moderation'
          updates.push({
            id: r.stock.id,
            car: r.car,
            feedHash: r.carHash,
            status,
            statusChanged: status !== before,
            published: false,
          })
          if (changed && trusted) changedOnSale.push({ id: r.stock.id, material: r.material })
          else if (status === 'moderation' && before !== 'moderation') {
            events.push({
              listingId: r.stock.id,
              actorId,
              action: onSale ? 'returned_to_moderation' : 'submitted',
              comment: onSale ? `changed by the feed: ${r.material.join(', ')}` : 'feed import',
              createdAt: at,
            })
            if (trusted) toReview.push(r.stock.id)
          }
          if (status === 'published' && (r.stock.priceKzt !== r.car.priceKzt || changed)) revalued.add(r.stock.id)
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

        // A trusted dealer's cars without a signal go on sale now, approved by the system as a typed car is; the
        // signals read the cars as this apply left them (their VIN, price, the dealer's other cars).
        const clean = await findClean(tx, [...toReview, ...changedOnSale.map((c) => c.id)])
        const published = toReview.filter((id) => clean.has(id))
        await cars.publishListings(tx, published, at)
        const flagged = changedOnSale.filter((c) => !clean.has(c.id)).map((c) => c.id)
        await cars.returnToModeration(tx, flagged, at)
        for (const c of changedOnSale)
          events.push({
            listingId: c.id,
            actorId,
            action: 'returned_to_moderation',
            comment: `changed by the feed: ${c.material.join(', ')}`,
            createdAt: at,
          })
        const approved = [...published, ...changedOnSale.filter((c) => clean.has(c.id)).map((c) => c.id)]
        for (const listingId of approved)
          events.push({ listingId, actorId: null, action: 'approved', comment: PUBLISHED_AT_ONCE, createdAt: at })
        for (const id of approved) revalued.add(id)
        for (const id of flagged) revalued.delete(id)
        const heldBack = new Set(flagged)
        const drops = priceDrops.filter((d) => !heldBack.has(d.listingId))
        await deps.afterApplyStep?.('published')

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
              ...drops.map((d) => ({ kind: 'price-dropped' as const, ...d })),
              // Saved-search alerts and the rest of a publication, as after a moderator's approval.
              ...approved.map((listingId) => ({ kind: 'published' as const, listingId })),
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
      // After the commit: the estimate reads the cars as other transactions see them.
      if (deps.revalue) for (const id of [...revalued].slice(0, REVALUED_AT_ONCE)) await deps.revalue(id)
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

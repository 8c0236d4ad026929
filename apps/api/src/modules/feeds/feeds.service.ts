import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  type DealerStock,
  type DealerStockQuery,
  FEED_IMPORTS_PER_HOUR,
  FEED_MAX_BYTES,
  type FeedDryRunReport,
  type FeedImport,
  type FeedImportList,
  type FeedImportQuery,
  type FeedImportSummary,
  type FeedMissingCars,
  type Locale,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import type { MediaStorage } from '../media/index.ts'
import type { ReferenceSource } from './feed-matching.ts'
import { createFeedPhotos } from './feed-photos.service.ts'
import { type CheckedRow, countOutcomes, type PlannedRow, planImport } from './feed-plan.ts'
import { createFeedUrlService } from './feed-url.service.ts'
import { dryRunFeed } from './feeds.dry-run.ts'
import {
  FeedDealerNotVerifiedError,
  FeedImportClosedError,
  FeedImportNotFoundError,
  FeedRefusedError,
} from './feeds.errors.ts'
import * as repo from './feeds.repository.ts'

/** What the feeds need of the dealers (passed in where the services are wired): the caller's place in the dealer. */
interface FeedDealers {
  /** Throws the dealers' 404 (`dealer.not_found`) or 403 (`dealer.not_member`) for anyone but its people. */
  getMine(u: SessionUser, dealerId: number, locale: Locale): Promise<{ myRole: 'owner' | 'manager' }>
}

export interface FeedsServiceDeps {
  db: Db
  reference: ReferenceSource
  limiter: RateLimiter
  dealers: FeedDealers
  jobs?: JobSender
  clock?: () => Date
  /** Where uploads are spooled while they are read (the system's temporary folder by default). */
  tmpDir?: string
  /** Limits overridden by tests and the benchmark. */
  maxBytes?: number
  /** Where feed cars' photos are stored (without it, photo URLs are not fetched). */
  media?: MediaStorage
  /** Overrides the 10 s a feed photo's fetch may take (tests). */
  photoTimeoutMs?: number
  /** Hosts a feed URL may be fetched from on a non-public address (FEED_FETCH_ALLOWED_HOSTS). */
  allowedHosts?: readonly string[]
  /** Overrides the 30 s a feed URL's fetch may take (tests). */
  fetchTimeoutMs?: number
  /** Called inside an apply's transaction after each kind of write (tests make it throw to prove the rollback). */
  afterApplyStep?: (step: 'created' | 'updated' | 'removed') => void | Promise<void>
}

const HISTORY = 50
const ZERO = { rows: 0, created: 0, updated: 0, unchanged: 0, removed: 0, refused: 0, withWarnings: 0 }

function summaryOf(found: NonNullable<Awaited<ReturnType<typeof repo.findImport>>>): FeedImportSummary {
  const r = found.row
  return {
    id: r.id,
    dealerId: r.dealerId,
    status: r.status as FeedImportSummary['status'],
    source: r.source === 'url' ? 'url' : 'upload',
    format: r.format === 'csv' || r.format === 'xml' ? r.format : null,
    encoding: r.encoding === 'utf-8' || r.encoding === 'windows-1251' ? r.encoding : null,
    missingCars: r.missingCars as FeedMissingCars,
    refused: (r.refusal as FeedImportSummary['refused']) ?? null,
    counts: r.counts,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy ? { id: r.createdBy, name: found.createdByName ?? '' } : null,
    appliedAt: r.appliedAt?.toISOString() ?? null,
  }
}

/** Copies the upload to a file, counting bytes: past `maxBytes` it stops reading and refuses the feed (413). */
async function spool(body: AsyncIterable<Uint8Array | string>, path: string, maxBytes: number): Promise<number> {
  let bytes = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength
      if (bytes > maxBytes)
        done(
          new FeedRefusedError('feed.too_large', `The feed is larger than ${maxBytes} bytes`, {
            mb: Math.round(maxBytes / 1024 / 1024),
          }),
        )
      else done(null, chunk)
    },
  })
  await pipeline(body, counter, createWriteStream(path))
  return bytes
}

/**
 * Dealers' feed imports (issue 38, docs/feeds.md): an upload is read as a dry run whose report says what applying it
 * would do to each car (created, updated, unchanged, removed, refused); the dealer's people then apply it (one
 * transaction, decided again from the cars as they are then) or discard it. Matching is by (dealer, external id).
 * Imported cars go to moderation like typed ones.
 */
export function createFeedsService(deps: FeedsServiceDeps) {
  const { db, limiter, dealers, jobs } = deps
  const clock = deps.clock ?? (() => new Date())
  const maxBytes = deps.maxBytes ?? FEED_MAX_BYTES
  const allowedHosts: ReadonlySet<string> = new Set(deps.allowedHosts ?? [])

  async function planFor(
    tx: Db,
    dealerId: number,
    cityId: number,
    rows: CheckedRow[],
    missingCars: FeedMissingCars,
    locale: Locale,
    lock: boolean,
  ) {
    const stock = await repo.findStock(tx, dealerId, lock)
    const vins = rows.flatMap((r) => (r.car?.vin ? [r.car.vin] : []))
    const vinTaken = await repo.findVinsTaken(tx, dealerId, vins)
    return planImport({ rows, stock, vinTaken, missingCars, dealerCityId: cityId, locale })
  }

  /** Stores a dry run's report: the feed's cars compared with the dealer's, nothing of the dealer's changed. */
  async function recordDryRun(
    dealerId: number,
    createdBy: string | null,
    source: 'upload' | 'url',
    report: FeedDryRunReport,
    missingCars: FeedMissingCars,
    bytes: number,
    locale: Locale,
  ): Promise<number> {
    const base = {
      dealerId,
      createdBy,
      source,
      format: report.format,
      encoding: report.encoding,
      bytes,
      missingCars,
      createdAt: clock(),
    }
    if (report.refused)
      return repo.insertImport(db, { ...base, status: 'refused', refusal: report.refused, counts: ZERO })
    const dealer = await repo.findDealerFacts(db, dealerId)
    if (!dealer) throw new Error(`dealer ${dealerId} vanished during its import`)
    const checked: CheckedRow[] = report.rows.map((r) => ({ ...r, seq: r.row }))
    const plan = await planFor(db, dealerId, dealer.cityId, checked, missingCars, locale, false)
    return db.transaction(async (tx) => {
      const id = await repo.insertImport(tx, {
        ...base,
        status: 'dry_run',
        counts: plan.counts,
        unmatched: report.unmatched,
      })
      await repo.insertImportRows(tx, id, plan.rows)
      return id
    })
  }

  async function readImport(dealerId: number, importId: number, q: FeedImportQuery): Promise<FeedImport> {
    const found = await repo.findImport(db, dealerId, importId)
    if (!found) throw new FeedImportNotFoundError(importId)
    const rows = await repo.findImportRows(db, importId, q)
    const more = rows.length > q.limit
    const page = more ? rows.slice(0, q.limit) : rows
    return {
      ...summaryOf(found),
      unmatched: found.row.unmatched,
      rows: page,
      nextAfter: more ? (page.at(-1)?.seq ?? null) : null,
    }
  }

  /**
   * Applies a stored dry run in one transaction: the plan is made again from the feed's rows and the dealer's cars
   * as they are now (locked), written in batches, and the report replaced by what was done. Anything failing leaves
   * nothing written.
   */
  async function applyImport(dealerId: number, importId: number, actorId: string | null, locale: Locale) {
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
      const ids = await repo.insertListings(
        tx,
        creates.map((r) => ({
          ...repo.listingColumns(r.car as NonNullable<PlannedRow['car']>),
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
      const events: Parameters<typeof repo.insertModerationEvents>[1] = []
      const prices: Parameters<typeof repo.insertPrices>[1] = []
      for (const r of creates) {
        const id = ids.get(r.externalId ?? '')
        if (id === undefined) throw new Error(`the created listing of ${r.externalId} has no id`)
        r.listingId = id
        events.push({ listingId: id, actorId, action: 'submitted', comment: 'feed import', createdAt: at })
        prices.push({ listingId: id, priceKzt: r.car?.priceKzt ?? 0, changedAt: at })
      }
      await deps.afterApplyStep?.('created')

      const updates: Parameters<typeof repo.updateListings>[1] = []
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
      await repo.updateListings(tx, updates, at)
      await deps.afterApplyStep?.('updated')

      const removed = plan.rows.filter((r) => r.outcome === 'removed' && r.stock)
      const to = missingCars === 'sold' ? 'sold' : 'archived'
      await repo.setStatus(
        tx,
        removed.map((r) => r.stock?.id ?? 0),
        to,
        at,
      )
      for (const r of removed) if (r.stock?.status === 'published') (to === 'sold' ? sold : withdrawn).push(r.stock.id)
      await deps.afterApplyStep?.('removed')

      const present = plan.rows.flatMap((r) =>
        r.listingId && (r.outcome === 'created' || r.outcome === 'updated' || r.outcome === 'unchanged')
          ? [r.listingId]
          : [],
      )
      await repo.confirmListings(tx, present, at)
      await repo.insertModerationEvents(tx, events)
      await repo.insertPrices(tx, prices)
      await repo.deleteImportRows(tx, importId)
      await repo.insertImportRows(tx, importId, plan.rows)
      await repo.updateImport(tx, importId, {
        status: 'applied',
        counts: countOutcomes(plan.rows),
        appliedAt: at,
        appliedBy: actorId,
      })
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
        // Photos from the feed's URLs, a job per car: every created car with photos, every updated one (its URLs may
        // have changed or gone; the job fetches only URLs the car has no photo of yet).
        const photoJobs = plan.rows.flatMap((r) =>
          r.listingId && r.car && (r.outcome === 'updated' || (r.outcome === 'created' && r.car.photoUrls.length > 0))
            ? [{ listingId: r.listingId, importId, locale }]
            : [],
        )
        if (deps.media) await jobs.sendMany('feed-photos', photoJobs, { tx })
      }
    })
  }

  const urlFeeds = createFeedUrlService(
    {
      db,
      reference: deps.reference,
      limiter,
      dealers,
      clock,
      maxBytes,
      tmpDir: deps.tmpDir,
      allowedHosts,
      fetchTimeoutMs: deps.fetchTimeoutMs,
    },
    { recordDryRun, applyImport, readImport },
  )

  const photos = deps.media
    ? createFeedPhotos({
        db,
        media: deps.media,
        allowedHosts,
        timeoutMs: deps.photoTimeoutMs,
      })
    : null

  return {
    ...urlFeeds,
    /** The `feed-photos` job: one car's photos from its feed URLs (feed-photos.service.ts). */
    async syncFeedPhotos(job: { listingId: number; importId: number; locale: Locale }): Promise<void> {
      if (!photos) throw new Error('feed photos need media storage')
      await photos.syncFeedPhotos(job)
    },
    /**
     * Reads an uploaded feed (spooled to a temporary file as it arrives, never held in memory) as a dry run and
     * stores its report. The dealer's people only (the dealers' 404/403), within FEED_IMPORTS_PER_HOUR per dealer.
     * Throws FeedRefusedError 413 past the size limit (from the declared length at once, else while reading); any
     * other refusal of the whole feed is stored as a `refused` import and answered.
     */
    async upload(
      u: SessionUser,
      dealerId: number,
      body: AsyncIterable<Uint8Array | string>,
      options: { missingCars: FeedMissingCars; locale: Locale; declaredBytes?: number },
    ): Promise<FeedImport> {
      await dealers.getMine(u, dealerId, options.locale)
      if (options.declaredBytes !== undefined && options.declaredBytes > maxBytes)
        throw new FeedRefusedError('feed.too_large', `The feed is larger than ${maxBytes} bytes`, {
          mb: Math.round(maxBytes / 1024 / 1024),
        })
      await enforceRateLimits(limiter, [
        { key: `feed-import:${dealerId}`, limit: FEED_IMPORTS_PER_HOUR, windowSeconds: 3600 },
      ])
      const dir = await mkdtemp(join(deps.tmpDir ?? tmpdir(), 'tulpar-feed-'))
      let importId: number
      try {
        const path = join(dir, 'feed')
        const bytes = await spool(body, path, maxBytes)
        const report = await dryRunFeed(
          { reference: deps.reference, now: clock },
          createReadStream(path, { highWaterMark: 64 * 1024 }),
          { locale: options.locale, maxBytes, allowedHosts },
        )
        importId = await recordDryRun(dealerId, u.id, 'upload', report, options.missingCars, bytes, options.locale)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
      return readImport(dealerId, importId, { limit: 100 })
    },

    /** The dealer's imports, newest first (the last 50). The dealer's people only. */
    async list(u: SessionUser, dealerId: number, locale: Locale): Promise<FeedImportList> {
      await dealers.getMine(u, dealerId, locale)
      const rows = await repo.listImports(db, dealerId, HISTORY)
      return { results: rows.map(summaryOf) }
    },

    /** One import with a page of its report. Throws FeedImportNotFoundError (another dealer's import too). */
    async get(u: SessionUser, dealerId: number, importId: number, q: FeedImportQuery, locale: Locale) {
      await dealers.getMine(u, dealerId, locale)
      return readImport(dealerId, importId, q)
    },

    /**
     * Applies a dry run (see applyImport). Throws FeedImportClosedError unless it is a dry run (a second apply),
     * FeedDealerNotVerifiedError, FeedImportNotFoundError.
     */
    async apply(u: SessionUser, dealerId: number, importId: number, locale: Locale): Promise<FeedImport> {
      await dealers.getMine(u, dealerId, locale)
      await applyImport(dealerId, importId, u.id, locale)
      return readImport(dealerId, importId, { limit: 100 })
    },

    /** The dealer desk's table of the dealer's cars (the first 200 matching). The dealer's people only. */
    async stock(u: SessionUser, dealerId: number, q: DealerStockQuery, locale: Locale): Promise<DealerStock> {
      await dealers.getMine(u, dealerId, locale)
      const { rows, total } = await repo.findStockPage(db, dealerId, { search: q.q, status: q.status, limit: 200 })
      return {
        total,
        results: rows.map((r) => ({
          id: r.id,
          externalId: r.externalId,
          status: r.status,
          title: [r.brand, r.model, r.year].filter((p) => p !== null && p !== '').join(' '),
          priceKzt: r.priceKzt,
          mileageKm: r.mileageKm,
          vin: r.vin,
          updatedAt: r.updatedAt.toISOString(),
        })),
      }
    },

    /** Drops a dry run without applying it; its report stays in the history. */
    async discard(u: SessionUser, dealerId: number, importId: number, locale: Locale): Promise<FeedImport> {
      await dealers.getMine(u, dealerId, locale)
      await db.transaction(async (tx) => {
        const found = await repo.findImport(tx, dealerId, importId, true)
        if (!found) throw new FeedImportNotFoundError(importId)
        if (found.row.status !== 'dry_run') throw new FeedImportClosedError(found.row.status)
        await repo.updateImport(tx, importId, { status: 'discarded' })
      })
      return readImport(dealerId, importId, { limit: 100 })
    },
  }
}
export type FeedsService = ReturnType<typeof createFeedsService>

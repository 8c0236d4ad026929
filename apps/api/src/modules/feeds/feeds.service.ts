import { createReadStream } from 'node:fs'
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
  type FeedImport,
  type FeedImportList,
  type FeedImportQuery,
  type FeedMissingCars,
  type Locale,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { intoFile } from '../../lib/into-file.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import type { MediaStorage } from '../media/index.ts'
import { type ApplyStep, createFeedApply, planFor } from './feed-apply.service.ts'
import { createFeedHistory } from './feed-history.service.ts'
import type { ReferenceSource } from './feed-matching.ts'
import { sendImportNotices } from './feed-notices.ts'
import { createFeedPhotos } from './feed-photos.service.ts'
import type { CheckedRow } from './feed-plan.ts'
import { createFeedUrlService } from './feed-url.service.ts'
import { type DryRunReport, dryRunFeed } from './feeds.dry-run.ts'
import { FeedRefusedError } from './feeds.errors.ts'
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
  /**
   * Values one listing again (market estimate, deal rating) after an apply, as a typed car's publication does; the
   * server passes valuation.refreshListingEstimate. Nothing by default (the scheduled refresh values them later).
   */
  revalue?: (listingId: number) => Promise<unknown>
  /** Called inside an apply's transaction after each kind of write (tests make it throw to prove the rollback). */
  afterApplyStep?: (step: ApplyStep) => void | Promise<void>
}

const ZERO = { rows: 0, created: 0, updated: 0, unchanged: 0, removed: 0, refused: 0, withWarnings: 0 }

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
  await intoFile(path, (file) => pipeline(body, counter, file))
  return bytes
}

/**
 * Dealers' feed imports (issue 38, docs/feeds.md): an upload is read as a dry run whose report says what applying it
 * would do to each car (created, updated, unchanged, removed, refused); the dealer's people then apply it (one
 * transaction, decided again from the cars as they are then) or discard it. Matching is by (dealer, external id).
 * Imported cars go to moderation like typed ones; a verified dealer trusted to publish has each published at once
 * unless a moderation signal fires for it, as its typed cars are.
 */
export function createFeedsService(deps: FeedsServiceDeps) {
  const { db, limiter, dealers, jobs } = deps
  const clock = deps.clock ?? (() => new Date())
  const maxBytes = deps.maxBytes ?? FEED_MAX_BYTES
  const allowedHosts: ReadonlySet<string> = new Set(deps.allowedHosts ?? [])

  /** Stores a dry run's report: the feed's cars compared with the dealer's, nothing of the dealer's changed. */
  async function recordDryRun(
    dealerId: number,
    createdBy: string | null,
    source: 'upload' | 'url',
    report: DryRunReport,
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
    if (report.refused) {
      const refusal = report.refused
      return db.transaction(async (tx) => {
        const importId = await repo.insertImport(tx, { ...base, status: 'refused', refusal, counts: ZERO })
        // A fetched feed refused whole is news to the dealer's people; a refused upload is on the uploader's screen.
        if (source === 'url')
          await sendImportNotices(tx, jobs, { dealerId, importId, source, status: 'refused', counts: ZERO })
        return importId
      })
    }
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

  const applying = createFeedApply({
    db,
    jobs,
    clock,
    fetchPhotos: deps.media !== undefined,
    revalue: deps.revalue,
    afterApplyStep: deps.afterApplyStep,
  })
  const { applyImport } = applying
  const history = createFeedHistory({ db })
  const { readImport } = history

  const urlFeeds = createFeedUrlService(
    {
      db,
      reference: deps.reference,
      limiter,
      dealers,
      jobs,
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
      return readImport(dealerId, importId, { limit: 100 }, options.locale)
    },

    /** The dealer's imports, newest first (the last 50). The dealer's people only. */
    async list(u: SessionUser, dealerId: number, locale: Locale): Promise<FeedImportList> {
      await dealers.getMine(u, dealerId, locale)
      return history.listImports(dealerId, locale)
    },

    /** One import with a page of its report. Throws FeedImportNotFoundError (another dealer's import too). */
    async get(u: SessionUser, dealerId: number, importId: number, q: FeedImportQuery, locale: Locale) {
      await dealers.getMine(u, dealerId, locale)
      return readImport(dealerId, importId, q, locale)
    },

    /**
     * Applies a dry run (see applyImport). Throws FeedImportClosedError unless it is a dry run (a second apply),
     * FeedDealerNotVerifiedError, FeedImportNotFoundError.
     */
    async apply(u: SessionUser, dealerId: number, importId: number, locale: Locale): Promise<FeedImport> {
      await dealers.getMine(u, dealerId, locale)
      await applyImport(dealerId, importId, u.id, locale)
      return readImport(dealerId, importId, { limit: 100 }, locale)
    },

    /** The dealer desk's table of the dealer's cars (the first 200 matching). The dealer's people only. */
    async stock(u: SessionUser, dealerId: number, q: DealerStockQuery, locale: Locale): Promise<DealerStock> {
      await dealers.getMine(u, dealerId, locale)
      return history.readStock(dealerId, q)
    },

    /** Drops a dry run without applying it; its report stays in the history. */
    async discard(u: SessionUser, dealerId: number, importId: number, locale: Locale): Promise<FeedImport> {
      await dealers.getMine(u, dealerId, locale)
      await applying.discardImport(dealerId, importId)
      return readImport(dealerId, importId, { limit: 100 }, locale)
    },
  }
}
export type FeedsService = ReturnType<typeof createFeedsService>

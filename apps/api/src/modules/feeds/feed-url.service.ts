import { createReadStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  FEED_IMPORTS_PER_HOUR,
  type FeedImport,
  type FeedMissingCars,
  type FeedRefusalCode,
  type FeedSource,
  type FeedSourceBody,
  type Locale,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { intoFile } from '../../lib/into-file.ts'
import { fetchPublic, PublicFetchError, type PublicFetchLimits } from '../../lib/public-fetch.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import type { ReferenceSource } from './feed-matching.ts'
import { sendImportNotices } from './feed-notices.ts'
import * as sources from './feed-url.repository.ts'
import { type DryRunReport, dryRunFeed } from './feeds.dry-run.ts'
import { FeedDealerNotVerifiedError, FeedOwnerOnlyError, FeedSourceMissingError } from './feeds.errors.ts'
import * as repo from './feeds.repository.ts'
import { refusalText } from './feeds.texts.ts'

/** A feed URL's fetch: all of it (redirects, the whole file) within 30 s, at most 3 redirects. */
const FEED_FETCH_TIMEOUT_MS = 30_000
const FEED_FETCH_REDIRECTS = 3
/** A feed is fetched again once this long passed since the last fetch (the run is hourly: daily, give or take). */
const FETCH_EVERY_MS = 23 * 3600_000
/** Feeds fetched by one hourly run, one after the other (each within 30 s). */
const FEEDS_PER_RUN = 50

const ZERO = { rows: 0, created: 0, updated: 0, unchanged: 0, removed: 0, refused: 0, withWarnings: 0 }

/** What the URL feeds need of the rest of the feeds service (feeds.service.ts passes its own functions). */
export interface FeedImporter {
  recordDryRun(
    dealerId: number,
    createdBy: string | null,
    source: 'upload' | 'url',
    report: DryRunReport,
    missingCars: FeedMissingCars,
    bytes: number,
    locale: Locale,
  ): Promise<number>
  applyImport(dealerId: number, importId: number, actorId: string | null, locale: Locale): Promise<void>
  readImport(dealerId: number, importId: number, q: { limit: number }, locale: Locale): Promise<FeedImport>
}

export interface FeedUrlDeps {
  db: Db
  reference: ReferenceSource
  limiter: RateLimiter
  dealers: { getMine(u: SessionUser, dealerId: number, locale: Locale): Promise<{ myRole: 'owner' | 'manager' }> }
  /** Where the notice of a failed fetch is queued (none: no notice). */
  jobs?: JobSender
  clock: () => Date
  maxBytes: number
  tmpDir?: string
  /** Hosts fetched even on a non-public address (FEED_FETCH_ALLOWED_HOSTS). */
  allowedHosts: ReadonlySet<string>
  /** Overrides the 30 s (tests). */
  fetchTimeoutMs?: number
}

const FAILURES: Record<PublicFetchError['failure'], FeedRefusalCode> = {
  address: 'feed.fetch_address',
  redirects: 'feed.fetch_redirects',
  timeout: 'feed.fetch_timeout',
  status: 'feed.fetch_status',
  too_large: 'feed.too_large',
  url: 'feed.fetch_address',
  failed: 'feed.fetch_failed',
}

function sourceOf(row: Awaited<ReturnType<typeof sources.findSource>>): FeedSource {
  return {
    url: row?.url ?? null,
    missingCars: (row?.missingCars as FeedMissingCars | undefined) ?? 'removed',
    updatedAt: row?.updatedAt.toISOString() ?? null,
    lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null,
  }
}

/**
 * Dealers' feeds fetched from a URL (issue 38, docs/feeds.md): the owner sets the URL and what happens to cars it
 * lacks; the hourly run fetches each verified dealer's feed once a day (and its people ask for a fetch now), reads it
 * as a dry run and applies it. Fetches never reach a non-public address unless the operator allows the host; a
 * failed fetch is a `failed` import with the reason in the dealer's language of the moment.
 */
export function createFeedUrlService(deps: FeedUrlDeps, importer: FeedImporter) {
  const { db, dealers, clock } = deps
  const limits: PublicFetchLimits = {
    timeoutMs: deps.fetchTimeoutMs ?? FEED_FETCH_TIMEOUT_MS,
    maxBytes: deps.maxBytes,
    maxRedirects: FEED_FETCH_REDIRECTS,
    allowedHosts: deps.allowedHosts,
  }

  async function requireOwner(u: SessionUser, dealerId: number, locale: Locale) {
    const { myRole } = await dealers.getMine(u, dealerId, locale)
    if (myRole !== 'owner') throw new FeedOwnerOnlyError()
  }

  /** Fetches, dry-runs and (for a verified dealer, unless the feed was refused) applies; the import's id. */
  async function fetchAndImport(dealerId: number, actorId: string | null, locale: Locale): Promise<number> {
    const source = await sources.findSource(db, dealerId)
    if (!source) throw new FeedSourceMissingError(dealerId)
    const missingCars = source.missingCars as FeedMissingCars
    await sources.markFetched(db, dealerId, clock())
    const dir = await mkdtemp(join(deps.tmpDir ?? tmpdir(), 'tulpar-feed-url-'))
    try {
      const path = join(dir, 'feed')
      let bytes: number
      try {
        bytes = (await intoFile(path, (file) => fetchPublic(source.url, file, limits))).bytes
      } catch (error) {
        if (!(error instanceof PublicFetchError)) throw error
        const code = FAILURES[error.failure]
        const params = {
          mb: Math.round(limits.maxBytes / 1024 / 1024),
          max: limits.maxRedirects,
          seconds: Math.round(limits.timeoutMs / 1000),
          status: error.status ?? 0,
        }
        return await db.transaction(async (tx) => {
          const importId = await repo.insertImport(tx, {
            dealerId,
            createdBy: actorId,
            source: 'url',
            bytes: 0,
            missingCars,
            status: 'failed',
            refusal: { code, message: refusalText(code, params, locale), params },
            counts: ZERO,
            createdAt: clock(),
          })
          await sendImportNotices(tx, deps.jobs, { dealerId, importId, source: 'url', status: 'failed', counts: ZERO })
          return importId
        })
      }
      const report = await dryRunFeed(
        { reference: deps.reference, now: clock },
        createReadStream(path, { highWaterMark: 64 * 1024 }),
        { locale, maxBytes: limits.maxBytes, allowedHosts: deps.allowedHosts },
      )
      const importId = await importer.recordDryRun(dealerId, actorId, 'url', report, missingCars, bytes, locale)
      if (report.refused) return importId
      try {
        await importer.applyImport(dealerId, importId, actorId, locale)
      } catch (error) {
        // An unverified dealer's feed is read and checked; its dry run waits, as an upload's does.
        if (!(error instanceof FeedDealerNotVerifiedError)) throw error
      }
      return importId
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  return {
    /** The dealer's feed URL (null when none). The dealer's people only. */
    async getSource(u: SessionUser, dealerId: number, locale: Locale): Promise<FeedSource> {
      await dealers.getMine(u, dealerId, locale)
      return sourceOf(await sources.findSource(db, dealerId))
    },

    /** Sets the feed URL and the missing-cars choice. The owner only (FeedOwnerOnlyError for a manager). */
    async setSource(u: SessionUser, dealerId: number, body: FeedSourceBody, locale: Locale): Promise<FeedSource> {
      await requireOwner(u, dealerId, locale)
      await sources.upsertSource(db, {
        dealerId,
        url: body.url,
        missingCars: body.missingCars,
        updatedAt: clock(),
        updatedBy: u.id,
      })
      return sourceOf(await sources.findSource(db, dealerId))
    },

    /** Removes the feed URL (nothing is fetched any more; the cars stay as they are). The owner only. */
    async clearSource(u: SessionUser, dealerId: number, locale: Locale): Promise<FeedSource> {
      await requireOwner(u, dealerId, locale)
      await sources.deleteSource(db, dealerId)
      return sourceOf(null)
    },

    /**
     * Fetches the feed URL now, dry-runs and applies it (the dealer's people; counts within FEED_IMPORTS_PER_HOUR
     * with uploads). Throws FeedSourceMissingError without a URL; a failed fetch is answered as a `failed` import.
     */
    async fetchNow(u: SessionUser, dealerId: number, locale: Locale): Promise<FeedImport> {
      await dealers.getMine(u, dealerId, locale)
      if (!(await sources.findSource(db, dealerId))) throw new FeedSourceMissingError(dealerId)
      await enforceRateLimits(deps.limiter, [
        { key: `feed-import:${dealerId}`, limit: FEED_IMPORTS_PER_HOUR, windowSeconds: 3600 },
      ])
      const importId = await fetchAndImport(dealerId, u.id, locale)
      return importer.readImport(dealerId, importId, { limit: 100 }, locale)
    },

    /** The hourly run: each verified dealer's feed URL not fetched for a day, one after the other. */
    async fetchDueFeeds(): Promise<{ fetched: number; errors: { dealerId: number; error: unknown }[] }> {
      const due = await sources.findDueSources(db, new Date(clock().getTime() - FETCH_EVERY_MS), FEEDS_PER_RUN)
      // One dealer's feed that breaks the apply does not hold up the others; the worker logs each.
      const errors: { dealerId: number; error: unknown }[] = []
      for (const { dealerId } of due)
        await fetchAndImport(dealerId, null, 'ru').catch((error: unknown) => errors.push({ dealerId, error }))
      return { fetched: due.length - errors.length, errors }
    },
  }
}

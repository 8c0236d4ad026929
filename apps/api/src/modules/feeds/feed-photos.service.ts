import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { type Locale, MAX_LISTING_PHOTOS, MAX_PHOTO_BYTES, MIN_PHOTO_SIDE_PX } from '@tulpar/contracts'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { fetchPublic, PublicFetchError, type PublicFetchLimits } from '../../lib/public-fetch.ts'
import { listingPhotos, listings, moderationEvents } from '../listings/listings.tables.ts'
import { intakePhoto, type MediaStorage, type ProcessedPhoto, storePhoto } from '../media/index.ts'
import { findClean, isTrustedPublisher, PUBLISHED_AT_ONCE } from './feed-trust.ts'
import { findDealerFacts } from './feeds.repository.ts'
import { feedImportRows, feedPhotoSources, type StoredProblem } from './feeds.tables.ts'
import { type PhotoFailure, storedProblem } from './feeds.texts.ts'

/** One photo's fetch: 10 s, the upload's size cap; two of a car's photos are fetched at once. */
const PHOTO_TIMEOUT_MS = 10_000
const PHOTOS_AT_ONCE = 2

export interface FeedPhotosDeps {
  db: Db
  media: MediaStorage
  allowedHosts: ReadonlySet<string>
  /** Overrides the 10 s (tests). */
  timeoutMs?: number
}

/** Collects a fetched photo's bytes (the fetch itself stops at the size cap). */
function collector(): { sink: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
  })
  return { sink, bytes: () => Buffer.concat(chunks) }
}

function failureOf(error: unknown): PhotoFailure {
  if (error instanceof PublicFetchError) {
    if (error.failure === 'address' || error.failure === 'url') return 'address'
    if (error.failure === 'timeout' || error.failure === 'too_large') return error.failure
    return 'failed'
  }
  if (error instanceof AppError) {
    if (error.code === 'photo.too_many_pixels') return 'too_many_pixels'
    if (error.code === 'photo.too_small') return 'too_small'
    if (error.code === 'photo.too_large') return 'too_large'
    return 'not_image'
  }
  throw error
}

/** How many photos the listing has that did not come from its feed (added by hand). */
async function countHandPhotos(db: Db, listingId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingPhotos)
    .leftJoin(feedPhotoSources, eq(feedPhotoSources.photoId, listingPhotos.id))
    .where(and(eq(listingPhotos.listingId, listingId), isNull(feedPhotoSources.photoId)))
  return row?.n ?? 0
}

/** Runs `work` over `items`, at most `limit` at once, results in the items' order. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  return results
}

/**
 * A feed car's photos from their URLs (issue 38), one queue job per car after an apply: the URLs it has no photo of
 * yet are fetched (never from a non-public address, 10 s and MAX_PHOTO_BYTES each) through the media intake (format
 * from the bytes, pixel limit); the car's feed photos then follow the feed's order, those whose URL the feed dropped
 * are removed, and a photo that failed is skipped with a note on the car's row of the import report. A URL already
 * fetched for the car is not fetched again, so a retried job only fetches what is still missing. The feed's photos and
 * those added by hand together stay within MAX_LISTING_PHOTOS: the photos added by hand stay, and the feed's URLs
 * beyond what fits are not fetched (each gets a `no_room` note).
 */
export function createFeedPhotos(deps: FeedPhotosDeps) {
  const { db, media } = deps
  const limits: PublicFetchLimits = {
    timeoutMs: deps.timeoutMs ?? PHOTO_TIMEOUT_MS,
    maxBytes: MAX_PHOTO_BYTES,
    maxRedirects: 3,
    allowedHosts: deps.allowedHosts,
  }

  async function fetchPhoto(url: string): Promise<ProcessedPhoto | PhotoFailure> {
    try {
      const { sink, bytes } = collector()
      await fetchPublic(url, sink, limits)
      return await intakePhoto(bytes(), { maxBytes: MAX_PHOTO_BYTES, minSidePx: MIN_PHOTO_SIDE_PX })
    } catch (error) {
      return failureOf(error)
    }
  }

  return {
    /** Brings the listing's feed photos in line with the car's URLs in that import's report. */
    async syncFeedPhotos(job: { listingId: number; importId: number; locale: Locale }): Promise<void> {
      const [row] = await db
        .select({ car: feedImportRows.car, seq: feedImportRows.seq })
        .from(feedImportRows)
        .where(and(eq(feedImportRows.importId, job.importId), eq(feedImportRows.listingId, job.listingId)))
      if (!row?.car) return
      const wanted = row.car.photoUrls
      const had = await db
        .select({ url: feedPhotoSources.url })
        .from(feedPhotoSources)
        .where(eq(feedPhotoSources.listingId, job.listingId))
      const known = new Set(had.map((h) => h.url))
      const missing = wanted.filter((u) => !known.has(u))
      const notes: StoredProblem[] = []
      const note = (url: string, failure: PhotoFailure) =>
        notes.push(storedProblem({ code: 'photo_fetch', field: 'photo_urls', value: url }, { failure }, job.locale))
      const ready: { url: string; key: string; photo: ProcessedPhoto }[] = []
      // Room left: the limit less the photos added by hand and the feed's photos it keeps. URLs are taken in the feed's
      // order, each round no more than still fit, so a URL that fails leaves its place to the next one.
      const stays = had.filter((h) => wanted.includes(h.url)).length
      const room = MAX_LISTING_PHOTOS - (await countHandPhotos(db, job.listingId)) - stays
      let next = 0
      while (next < missing.length && ready.length < room) {
        const round = missing.slice(next, next + room - ready.length)
        next += round.length
        const fetched = await inBatches(round, PHOTOS_AT_ONCE, fetchPhoto)
        for (const [i, url] of round.entries()) {
          const result = fetched[i]
          if (result === undefined) continue
          if (typeof result === 'string') note(url, result)
          else ready.push({ url, key: `listings/${job.listingId}/${randomBytes(8).toString('hex')}`, photo: result })
        }
      }
      for (const url of missing.slice(next)) note(url, 'no_room')
      await Promise.all(ready.map((r) => storePhoto(media, r.key, r.photo)))
      const dropped: string[] = []
      let found = false
      try {
        await db.transaction(async (tx) => {
          const [listing] = await tx
            .select({ id: listings.id, status: listings.status, dealerId: listings.dealerId })
            .from(listings)
            .where(eq(listings.id, job.listingId))
            .for('update')
          // The car was deleted since: nothing to attach to.
          if (!listing) return
          found = true
          const current = await tx
            .select({ photoId: feedPhotoSources.photoId, url: feedPhotoSources.url, key: listingPhotos.storageKey })
            .from(feedPhotoSources)
            .innerJoin(listingPhotos, eq(listingPhotos.id, feedPhotoSources.photoId))
            .where(eq(feedPhotoSources.listingId, job.listingId))
          const have = new Set(current.map((c) => c.url))
          // A parallel run of this job may have attached a URL meanwhile: its photo is kept, this one's files dropped.
          const fresh = ready.filter((r) => !have.has(r.url))
          for (const r of ready) if (have.has(r.url)) dropped.push(r.key)
          const keep = new Set(wanted)
          const gone = current.filter((c) => !keep.has(c.url))
          // Checked again under the listing's lock (the hand upload takes it too): photos added by hand meanwhile win.
          const roomNow =
            MAX_LISTING_PHOTOS - (await countHandPhotos(tx, job.listingId)) - (current.length - gone.length)
          const adding = fresh.slice(0, Math.max(0, roomNow))
          for (const r of fresh.slice(adding.length)) {
            dropped.push(r.key)
            note(r.url, 'no_room')
          }
          if (gone.length > 0)
            await tx.delete(listingPhotos).where(
              inArray(
                listingPhotos.id,
                gone.map((g) => g.photoId),
              ),
            )
          for (const g of gone) dropped.push(g.key)
          if (adding.length > 0) {
            const ids = await tx
              .insert(listingPhotos)
              .values(
                adding.map((r, i) => ({
                  listingId: job.listingId,
                  position: 1000 + i,
                  storageKey: r.key,
                  width: r.photo.width,
                  height: r.photo.height,
                  sha256: r.photo.sha256,
                })),
              )
              .returning({ id: listingPhotos.id })
            await tx
              .insert(feedPhotoSources)
              .values(adding.map((r, i) => ({ photoId: ids[i]?.id ?? 0, listingId: job.listingId, url: r.url })))
          }
          // The feed's photos first, in the feed's order; photos the dealer's people added by hand after them.
          const all = await tx
            .select({ id: listingPhotos.id, key: listingPhotos.storageKey, url: feedPhotoSources.url })
            .from(listingPhotos)
            .leftJoin(feedPhotoSources, eq(feedPhotoSources.photoId, listingPhotos.id))
            .where(eq(listingPhotos.listingId, job.listingId))
            .orderBy(asc(listingPhotos.position), asc(listingPhotos.id))
          const rank = (url: string | null) => (url === null ? wanted.length : wanted.indexOf(url))
          const ordered = all.map((p, i) => ({ ...p, i })).sort((a, b) => rank(a.url) - rank(b.url) || a.i - b.i)
          for (const [position, p] of ordered.entries())
            await tx.update(listingPhotos).set({ position }).where(eq(listingPhotos.id, p.id))
          await tx
            .update(listings)
            .set({ coverPhotoKey: ordered[0]?.key ?? null, photoCount: ordered.length })
            .where(eq(listings.id, job.listingId))
          // New photos on a car on sale are new material for the moderators, as a typed listing's are; a trusted
          // dealer's car stays on sale unless a signal now fires for it (the same photos as another car's).
          if (adding.length > 0 && listing.status === 'published') {
            const at = new Date()
            const dealer = listing.dealerId === null ? null : await findDealerFacts(tx, listing.dealerId)
            const stays = isTrustedPublisher(dealer) && (await findClean(tx, [listing.id])).has(listing.id)
            if (!stays)
              await tx
                .update(listings)
                .set({ status: 'moderation', statusChangedAt: at, rejectionReason: null })
                .where(eq(listings.id, job.listingId))
            await tx.insert(moderationEvents).values([
              {
                listingId: job.listingId,
                actorId: null,
                action: 'returned_to_moderation',
                comment: 'photos added by the feed',
                createdAt: at,
              },
              ...(stays
                ? [
                    {
                      listingId: job.listingId,
                      actorId: null,
                      action: 'approved' as const,
                      comment: PUBLISHED_AT_ONCE,
                      createdAt: at,
                    },
                  ]
                : []),
            ])
          }
          // This run's notes replace an earlier try's, so a retried job does not repeat them.
          await tx
            .update(feedImportRows)
            .set({
              warnings: sql`(select coalesce(jsonb_agg(w), '[]'::jsonb) from jsonb_array_elements(${feedImportRows.warnings}) w
                where w->>'code' <> 'photo_fetch') || ${JSON.stringify(notes)}::jsonb`,
            })
            .where(and(eq(feedImportRows.importId, job.importId), eq(feedImportRows.seq, row.seq)))
        })
      } catch (error) {
        await Promise.all(ready.map((r) => media.deletePrefix(`${r.key}/`)))
        throw error
      }
      if (!found) dropped.push(...ready.map((r) => r.key))
      await Promise.all(dropped.map((k) => media.deletePrefix(`${k}/`)))
    },
  }
}

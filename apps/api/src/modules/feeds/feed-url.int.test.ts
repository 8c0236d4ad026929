import type { IncomingMessage, ServerResponse } from 'node:http'
import { crc32 } from 'node:zlib'
import { FeedImport, FeedSource } from '@tulpar/contracts'
import { and, asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeEach, describe, expect, test } from 'vitest'
import {
  feedImportRows,
  feedImports,
  feedPhotoSources,
  feedSources,
  listingPhotos,
  listings,
  moderationEvents,
} from '../../db/schema.ts'
import { useDealerTeam } from '../../testing/dealers.ts'
import { useHttpStand } from '../../testing/http-stand.ts'
import { useTestApp } from '../../testing/suite.ts'
import { createReferenceService } from '../reference/index.ts'
import { createFeedsService } from './feeds.service.ts'

/*
 * A dealer's feed from a URL (issue 38): the owner sets it, a fetch reads it as a dry run and applies it, and the
 * fetcher never reaches a loopback, private or link-local address unless FEED_FETCH_ALLOWED_HOSTS lists the host.
 * The app here allows `localhost` (a local server on 127.0.0.1), so 127.0.0.1 written as itself is still refused.
 */

const t = useTestApp({ feedFetchAllowedHosts: ['localhost'] })
const team = useDealerTeam(t)
const acc = team.acc

type Auth = Record<string, string>

const HEADER = 'external_id,make,model,year,modification,mileage_km,price_kzt,color'
const car = (id: string, price = 12_000_000) => `${id},Toyota,Camry,2019,2.5 AT,50000,${price},white`
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n')

/** The local feed server: what each path answers, and every path it was asked for. */
const seen: string[] = []
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>()
const stand = useHttpStand((req, res) => {
  seen.push(req.url ?? '')
  const route = routes.get(req.url ?? '')
  if (route) route(req, res)
  else res.writeHead(404).end()
})
beforeEach(() => {
  seen.length = 0
  routes.clear()
})

const setUrl = (auth: Auth | undefined, url: string, missingCars = 'sold', id = team.dealerId) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/dealers/${id}/feed-url/?lang=en`,
    headers: auth,
    payload: { url, missingCars },
  })
const fetchNow = (auth: Auth, id = team.dealerId, lang = 'en') =>
  t.app.inject({ method: 'POST', url: `/api/dealers/${id}/feed-url/fetch/?lang=${lang}`, headers: auth })

async function fetched(auth: Auth, lang = 'en') {
  const res = await fetchNow(auth, team.dealerId, lang)
  expect(res.statusCode, res.body).toBe(201)
  return FeedImport.parse(res.json())
}
async function withUrl(url: string) {
  const res = await setUrl(acc.owner.auth, url)
  expect(res.statusCode, res.body).toBe(200)
}
const serve = (path: string, body: string) =>
  routes.set(path, (_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(body))
const dealerCars = () =>
  t.db
    .select({ externalId: listings.externalId, status: listings.status })
    .from(listings)
    .where(eq(listings.dealerId, team.dealerId))
    .orderBy(listings.externalId)

describe('who sets the feed URL', () => {
  test('only the owner sets or removes it; a manager reads it and fetches; another dealer, a guest are refused', async () => {
    expect((await setUrl(undefined, stand.url('/feed.csv'))).statusCode).toBe(401)
    const manager = await setUrl(acc.manager.auth, stand.url('/feed.csv'))
    expect([manager.statusCode, manager.json().code]).toEqual([403, 'dealer.owner_only'])
    const other = await setUrl(acc.otherOwner.auth, stand.url('/feed.csv'))
    expect([other.statusCode, other.json().code]).toEqual([403, 'dealer.not_member'])
    expect((await setUrl(acc.owner.auth, stand.url('/feed.csv'), 'sold', 999_999)).statusCode).toBe(404)
    const otherFetch = await fetchNow(acc.otherOwner.auth, team.dealerId)
    expect([otherFetch.statusCode, otherFetch.json().code]).toEqual([403, 'dealer.not_member'])
    const none = await fetchNow(acc.owner.auth)
    expect([none.statusCode, none.json().code]).toEqual([409, 'feed.no_url'])
    for (const bad of ['ftp://example.com/feed.csv', 'http://user:pw@example.com/feed.csv', 'feed.csv'])
      expect((await setUrl(acc.owner.auth, bad)).statusCode, bad).toBe(400)

    await withUrl(stand.url('/feed.csv'))
    const read = await t.app.inject({ url: `/api/dealers/${team.dealerId}/feed-url/`, headers: acc.manager.auth })
    expect(FeedSource.parse(read.json())).toMatchObject({ url: stand.url('/feed.csv'), missingCars: 'sold' })
    const clearedByManager = await t.app.inject({
      method: 'DELETE',
      url: `/api/dealers/${team.dealerId}/feed-url/`,
      headers: acc.manager.auth,
    })
    expect(clearedByManager.statusCode).toBe(403)
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/dealers/${team.dealerId}/feed-url/`,
      headers: acc.owner.auth,
    })
    expect(FeedSource.parse(cleared.json()).url).toBeNull()
    expect(seen).toEqual([])
    expect(team.otherDealerId).toBeGreaterThan(0)
  })
})

describe('a feed fetched from its URL', () => {
  test('is read as a dry run and applied at once, recorded as a URL import; the next fetch takes off what it lacks', async () => {
    serve('/feed.csv', csv(car('U1'), car('U2', 9_000_000)))
    await withUrl(stand.url('/feed.csv'))
    const first = await fetched(acc.manager.auth)
    expect(first).toMatchObject({ status: 'applied', source: 'url', counts: { created: 2, refused: 0 } })
    expect(await dealerCars()).toEqual([
      { externalId: 'U1', status: 'moderation' },
      { externalId: 'U2', status: 'moderation' },
    ])
    serve('/feed.csv', csv(car('U1')))
    const second = await fetched(acc.owner.auth)
    expect(second).toMatchObject({ status: 'applied', counts: { unchanged: 1, removed: 1 } })
    expect((await dealerCars()).map((c) => c.status)).toEqual(['moderation', 'sold'])
    expect(seen).toEqual(['/feed.csv', '/feed.csv'])
    // A feed that runs keeps its cars confirmed as still for sale (fresh listings): U1 as of the second apply.
    const [u1] = await t.db
      .select({ confirmedAt: listings.confirmedAt })
      .from(listings)
      .where(and(eq(listings.dealerId, team.dealerId), eq(listings.externalId, 'U1')))
    expect(u1?.confirmedAt?.toISOString()).toBe(second.appliedAt)
    const list = await t.app.inject({ url: `/api/dealers/${team.dealerId}/imports/`, headers: acc.owner.auth })
    expect(
      list
        .json()
        .results.slice(0, 2)
        .map((i: { source: string }) => i.source),
    ).toEqual(['url', 'url'])
  })

  test('the hourly run fetches a feed not fetched for a day, and not again within it', async () => {
    serve('/feed.csv', csv(car('U1')))
    await withUrl(stand.url('/feed.csv'))
    await t.db.update(feedImports).set({ status: 'discarded' }).where(eq(feedImports.dealerId, team.dealerId))
    await t.db.update(feedSources).set({ lastFetchedAt: new Date(Date.now() - 25 * 3600_000) })
    expect(await t.services.feeds.fetchDueFeeds()).toEqual({ fetched: 1, errors: [] })
    expect(await t.services.feeds.fetchDueFeeds()).toEqual({ fetched: 0, errors: [] })
    expect(seen).toEqual(['/feed.csv'])
  })

  test('an HTTP error is a failed import with the reason in the language asked', async () => {
    await withUrl(stand.url('/gone.csv'))
    const failed = await fetched(acc.owner.auth, 'kk')
    expect(failed).toMatchObject({ status: 'failed', source: 'url', refused: { code: 'feed.fetch_status' } })
    expect(failed.refused?.message).toContain('404')
    expect(failed.refused?.message).toMatch(/сервер/)
  })
})

describe('never from a private, loopback or link-local address', () => {
  test.each([
    ['127.0.0.1 written as itself', () => `http://127.0.0.1:${stand.port}/feed.csv`],
    ['a 10.x address', () => 'http://10.0.0.5/feed.csv'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${stand.port}/feed.csv`],
  ])('%s is refused and nothing fetched', async (_name, url) => {
    serve('/feed.csv', csv(car('P1')))
    await withUrl(url())
    const failed = await fetched(acc.owner.auth)
    expect(failed).toMatchObject({ status: 'failed', refused: { code: 'feed.fetch_address' } })
    expect(failed.refused?.message).toMatch(/private network/)
    expect(seen).toEqual([])
  })

  test('a redirect to a private address is refused after the allowed host’s answer, its target never asked', async () => {
    routes.set('/moved.csv', (_req, res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${stand.port}/feed.csv` }).end(),
    )
    serve('/feed.csv', csv(car('P1')))
    await withUrl(stand.url('/moved.csv'))
    const failed = await fetched(acc.owner.auth)
    expect(failed).toMatchObject({ status: 'failed', refused: { code: 'feed.fetch_address' } })
    expect(seen).toEqual(['/moved.csv'])
  })

  test('more than 3 redirects are refused', async () => {
    for (let i = 0; i < 5; i++)
      routes.set(`/r${i}`, (_req, res) => res.writeHead(301, { location: stand.url(`/r${i + 1}`) }).end())
    await withUrl(stand.url('/r0'))
    const failed = await fetched(acc.owner.auth)
    expect(failed).toMatchObject({ status: 'failed', refused: { code: 'feed.fetch_redirects' } })
    expect(seen).toEqual(['/r0', '/r1', '/r2', '/r3'])
  })

  test('a host name resolving to a loopback address is refused without the operator setting', async () => {
    const strict = createFeedsService({
      db: t.db,
      reference: createReferenceService({ db: t.db }),
      limiter: t.limiter,
      dealers: t.services.dealers,
    })
    serve('/feed.csv', csv(car('P1')))
    await withUrl(stand.url('/feed.csv'))
    const user = { id: acc.owner.id, email: acc.owner.email, name: 'Владелец', emailVerified: true }
    const failed = await strict.fetchNow(user, team.dealerId, 'ru')
    expect(failed).toMatchObject({ status: 'failed', refused: { code: 'feed.fetch_address' } })
    expect(failed.refused?.message).toMatch(/внутреннюю сеть/)
    expect(seen).toEqual([])
  })
})

describe('limits of a fetch', () => {
  const user = () => ({ id: acc.owner.id, email: acc.owner.email, name: 'Владелец', emailVerified: true })
  const limited = () =>
    createFeedsService({
      db: t.db,
      reference: createReferenceService({ db: t.db }),
      limiter: t.limiter,
      dealers: t.services.dealers,
      allowedHosts: ['localhost'],
      maxBytes: 64 * 1024,
      fetchTimeoutMs: 500,
    })

  test('a feed over the size limit is refused while it streams, declared or not', async () => {
    let written = 0
    routes.set('/huge.csv', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' })
      const more = () => {
        while (written < 10 * 1024 * 1024) {
          written += 16 * 1024
          if (!res.write(`${car('H')}\n`.repeat(300))) return void res.once('drain', more)
        }
        res.end()
      }
      res.on('close', () => {
        written = Number.POSITIVE_INFINITY
      })
      more()
    })
    routes.set('/declared.csv', (_req, res) => res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end())
    await withUrl(stand.url('/huge.csv'))
    const failed = await limited().fetchNow(user(), team.dealerId, 'en')
    expect(failed).toMatchObject({ status: 'failed', refused: { code: 'feed.too_large' } })
    expect(failed.refused?.message).toContain('MB')
    await withUrl(stand.url('/declared.csv'))
    const declared = await limited().fetchNow(user(), team.dealerId, 'ru')
    expect(declared).toMatchObject({ status: 'failed', refused: { code: 'feed.too_large' } })
  })

  test('a server that does not finish in time is refused with the timeout', async () => {
    routes.set('/slow.csv', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' })
      res.write(`${HEADER}\n`)
    })
    await withUrl(stand.url('/slow.csv'))
    const failed = await limited().fetchNow(user(), team.dealerId, 'en')
    expect(failed).toMatchObject({ status: 'failed', refused: { code: 'feed.fetch_timeout' } })
    expect(failed.refused?.message).toContain('within 1 s')
  })
})

/** A PNG whose header says 10,000 x 10,000 pixels (the intake reads the header and refuses it before decoding). */
function hugePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(8 + data.length + 4)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(10_000, 0)
  ihdr.writeUInt32BE(10_000, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(16)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('photos from the feed’s URLs', () => {
  const PHOTO_HEADER = `${HEADER},photo_urls`
  const feedWith = (price: number, ...paths: string[]) =>
    `${PHOTO_HEADER}\n${car('PH1', price)},${paths.map(stand.url).join('|')}`
  const jpeg = (r: number) =>
    sharp({ create: { width: 480, height: 360, channels: 3, background: { r, g: 90, b: 40 } } })
      .jpeg()
      .toBuffer()
  const photosOf = async (listingId: number) =>
    (
      await t.db
        .select({ url: feedPhotoSources.url })
        .from(listingPhotos)
        .innerJoin(feedPhotoSources, eq(feedPhotoSources.photoId, listingPhotos.id))
        .where(eq(listingPhotos.listingId, listingId))
        .orderBy(asc(listingPhotos.position))
    ).map((p) => new URL(p.url).pathname)

  test('are fetched and attached in feed order; a non-image and a huge one are skipped with a note; unchanged URLs are not fetched again', async () => {
    const images = new Map([
      ['/p/a.jpg', await jpeg(200)],
      ['/p/b.jpg', await jpeg(20)],
      ['/p/c.jpg', await jpeg(120)],
      ['/p/huge.png', hugePng()],
      ['/p/text.jpg', Buffer.from('this is not a photo at all')],
    ])
    for (const [path, bytes] of images)
      routes.set(path, (_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes))
    serve('/feed.csv', feedWith(7_000_000, '/p/b.jpg', '/p/text.jpg', '/p/a.jpg', '/p/huge.png'))
    await withUrl(stand.url('/feed.csv'))
    const first = await fetched(acc.owner.auth)
    expect(first).toMatchObject({ status: 'applied', counts: { created: 1 } })
    const listingId = first.rows.find((r) => r.externalId === 'PH1')?.listingId ?? 0
    expect(await t.jobs.drain(['feed-photos'])).toBeGreaterThan(0)
    expect(await photosOf(listingId)).toEqual(['/p/b.jpg', '/p/a.jpg'])
    const [listing] = await t.db
      .select({ photoCount: listings.photoCount, cover: listings.coverPhotoKey })
      .from(listings)
      .where(eq(listings.id, listingId))
    expect(listing?.photoCount).toBe(2)
    expect(listing?.cover).toMatch(new RegExp(`^listings/${listingId}/`))
    const [report] = await t.db
      .select({ warnings: feedImportRows.warnings })
      .from(feedImportRows)
      .where(and(eq(feedImportRows.importId, first.id), eq(feedImportRows.listingId, listingId)))
    const notes = report?.warnings.filter((w) => w.code === 'photo_fetch') ?? []
    expect(notes.map((n) => new URL(n.value ?? '').pathname)).toEqual(['/p/text.jpg', '/p/huge.png'])
    expect(notes[0]?.message).toMatch(/not a JPEG, PNG, WebP or AVIF photo/)
    expect(notes[1]?.message).toMatch(/too many pixels/)
    // Each fetched once; two of a car's photos are fetched at once, so they may reach the stand in either order (the
    // feed's order is the photos' above).
    expect(seen.filter((p) => p === '/p/a.jpg' || p === '/p/b.jpg').sort()).toEqual(['/p/a.jpg', '/p/b.jpg'])

    // The next feed changes the price and the photos: b stays (not fetched again), a goes, c comes, c first. The car is
    // on sale by then: its new photo sends it back to the moderators, as a typed listing's would.
    await t.db.update(listings).set({ status: 'published', publishedAt: new Date() }).where(eq(listings.id, listingId))
    seen.length = 0
    serve('/feed.csv', feedWith(6_900_000, '/p/c.jpg', '/p/b.jpg'))
    const second = await fetched(acc.owner.auth)
    expect(second).toMatchObject({ status: 'applied', counts: { updated: 1 } })
    await t.jobs.drain(['feed-photos'])
    expect(await photosOf(listingId)).toEqual(['/p/c.jpg', '/p/b.jpg'])
    expect(seen).toEqual(['/feed.csv', '/p/c.jpg'])
    const [after] = await t.db.select({ status: listings.status }).from(listings).where(eq(listings.id, listingId))
    expect(after?.status).toBe('moderation')
    const events = await t.db
      .select({ action: moderationEvents.action, comment: moderationEvents.comment })
      .from(moderationEvents)
      .where(eq(moderationEvents.listingId, listingId))
    expect(events.filter((e) => e.action === 'returned_to_moderation')).toEqual([
      { action: 'returned_to_moderation', comment: 'photos added by the feed' },
    ])

    // The job run again (a retry) fetches nothing and changes nothing.
    seen.length = 0
    await t.services.feeds.syncFeedPhotos({ listingId, importId: second.id, locale: 'en' })
    expect(seen).toEqual([])
    expect(await photosOf(listingId)).toEqual(['/p/c.jpg', '/p/b.jpg'])
  })
})

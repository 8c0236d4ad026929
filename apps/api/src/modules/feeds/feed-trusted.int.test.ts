import { FeedImport } from '@tulpar/contracts'
import { and, asc, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { dealers, favourites, listingSearchMatches, listings, moderationEvents, user } from '../../db/schema.ts'
import { useDealerTeam } from '../../testing/dealers.ts'
import { createListing } from '../../testing/factories.ts'
import { useHttpStand } from '../../testing/http-stand.ts'
import { useTestApp } from '../../testing/suite.ts'
import { createReferenceService } from '../reference/index.ts'
import { createFeedsService } from './feeds.service.ts'

/*
 * A verified dealer staff trust to publish (issue 38): its imported cars go on sale in the apply itself, with what a
 * typed trusted car's publication brings (the system's approval in the history, saved searches told, the estimate),
 * unless a moderation signal fires for a car, which then waits in the queue like any other; an untrusted dealer's
 * cars all wait. Photos from the feed's URLs keep a trusted car on sale unless they are another car's.
 */

const t = useTestApp({ feedFetchAllowedHosts: ['localhost'] })
const team = useDealerTeam(t, {
  privateUser: { name: 'Частный Продавец' },
  watcher: { name: 'Ищущий Покупатель' },
  moderator: { name: 'Модератор', role: 'moderator' },
})
const acc = team.acc
type Auth = Record<string, string>
const DAY_MS = 86_400_000

const HEADER = 'external_id,make,model,year,modification,mileage_km,price_kzt,color,vin,photo_urls'
const car = (id: string, price = 12_000_000, vin = '', photos = '') =>
  `${id},Toyota,Camry,2019,2.5 AT,50000,${price},white,${vin},${photos}`
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n')

/** An import of `body` by `auth` into `dealerId`, dry run then apply; the applied report. */
async function imported(auth: Auth, body: string, { missing = 'keep', dealerId = team.dealerId } = {}) {
  const dry = await t.app.inject({
    method: 'POST',
    url: `/api/dealers/${dealerId}/imports/?lang=en&missing=${missing}`,
    headers: { ...auth, 'content-type': 'text/csv' },
    payload: body,
  })
  expect(dry.statusCode, dry.body).toBe(201)
  const id = FeedImport.parse(dry.json()).id
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dealers/${dealerId}/imports/${id}/apply/`,
    headers: auth,
  })
  expect(res.statusCode, res.body).toBe(200)
  return FeedImport.parse(res.json())
}
const idOf = (report: FeedImport, externalId: string) => {
  const id = report.rows.find((r) => r.externalId === externalId)?.listingId
  if (!id) throw new Error(`${externalId} has no listing`)
  return id
}
const stateOf = async (id: number) => {
  const [row] = await t.db
    .select({
      status: listings.status,
      publishedAt: listings.publishedAt,
      estimatedAt: listings.estimatedAt,
      priceKzt: listings.priceKzt,
    })
    .from(listings)
    .where(eq(listings.id, id))
  return row
}
const eventsOf = (id: number) =>
  t.db
    .select({ action: moderationEvents.action, actorId: moderationEvents.actorId, comment: moderationEvents.comment })
    .from(moderationEvents)
    .where(eq(moderationEvents.listingId, id))
    .orderBy(asc(moderationEvents.id))
/** The dealer's cars in the public catalogue, as a guest asks for them. */
const onSale = async (dealerId = team.dealerId) => {
  const res = await t.app.inject({ url: `/api/cars/?dealer=${dealerId}` })
  expect(res.statusCode).toBe(200)
  return (res.json() as { results: { id: number }[] }).results.map((r) => r.id)
}
const inQueue = async (id: number) => {
  const res = await t.app.inject({ url: '/api/admin/moderation/queue/?limit=50', headers: acc.moderator.auth })
  expect(res.statusCode).toBe(200)
  return (res.json() as { results: { id: number }[] }).results.some((r) => r.id === id)
}
const ageAccount = (id: string, days: number) =>
  t.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(user.id, id))
const APPROVED_AT_ONCE = { action: 'approved', actorId: null, comment: expect.stringContaining('trusted to publish') }

let searchId = 0
beforeAll(async () => {
  // Old accounts, so the new-account signal fires for neither dealer's cars; only the first dealer is trusted.
  await ageAccount(acc.owner.id, 400)
  await ageAccount(acc.otherOwner.id, 400)
  await t.db.update(dealers).set({ trustedToPublish: true }).where(eq(dealers.id, team.dealerId))
  // The market the low-price signal compares with: three Camrys of 2019 on sale at about 12 M ₸.
  for (const priceKzt of [11_800_000, 12_000_000, 12_400_000])
    await createListing(t.db, { ownerId: acc.privateUser.id, year: 2019, priceKzt })
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/saved-searches/',
    headers: acc.watcher.auth,
    payload: { filters: { brand: 'toyota', model: 'camry' }, alerts: 'instant' },
  })
  expect(saved.statusCode, saved.body).toBe(201)
  searchId = (saved.json() as { id: number }).id
})

describe("a trusted dealer's import", () => {
  let first: FeedImport
  test('puts its cars on sale at once: in the catalogue, approved by the system, told to saved searches, valued', async () => {
    await t.jobs.drain()
    first = await imported(acc.manager.auth, csv(car('T1'), car('T2', 11_500_000)))
    expect(first).toMatchObject({ status: 'applied', counts: { created: 2 } })
    const ids = [idOf(first, 'T1'), idOf(first, 'T2')]
    for (const id of ids) {
      const state = await stateOf(id)
      expect(state?.status).toBe('published')
      expect(state?.publishedAt).toBeInstanceOf(Date)
      // Valued after the apply, as a typed car after its publication.
      expect(state?.estimatedAt).toBeInstanceOf(Date)
      expect(await eventsOf(id)).toEqual([
        { action: 'submitted', actorId: acc.manager.id, comment: 'feed import' },
        APPROVED_AT_ONCE,
      ])
      expect(await inQueue(id)).toBe(false)
    }
    expect((await onSale()).sort()).toEqual([...ids].sort())
    // The publication's listing events, then the saved search's matches and its at-once alert.
    expect(await t.jobs.drain(['listing-event'])).toBe(2)
    const matched = await t.db
      .select({ listingId: listingSearchMatches.listingId, searchIds: listingSearchMatches.searchIds })
      .from(listingSearchMatches)
      .where(inArray(listingSearchMatches.listingId, ids))
    expect(matched.map((m) => m.searchIds)).toEqual([[searchId], [searchId]])
    await t.jobs.drain()
    const inbox = await t.app.inject({ url: '/api/messages/', headers: acc.watcher.auth })
    const bodies = (inbox.json() as { results: { kind: string; body: string }[] }).results
      .filter((m) => m.kind === 'system')
      .map((m) => m.body)
    expect(bodies).toHaveLength(2)
  })

  test('keeps a car a moderation signal fires for in the queue: a price far below the market, a VIN seen before', async () => {
    // Another seller sold a car with this VIN (a live one would refuse the row; a sold one is the signal's).
    await createListing(t.db, { ownerId: acc.privateUser.id, vin: 'JTNB11HK503077777', status: 'sold' })
    await t.jobs.drain()
    const report = await imported(
      acc.owner.auth,
      csv(car('S1', 12_200_000), car('S2', 5_000_000), car('S3', 12_100_000, 'JTNB11HK503077777')),
    )
    expect(report.counts).toMatchObject({ created: 3, refused: 0 })
    const [clean, cheap, seen] = [idOf(report, 'S1'), idOf(report, 'S2'), idOf(report, 'S3')]
    expect((await stateOf(clean))?.status).toBe('published')
    for (const id of [cheap, seen]) {
      expect(await stateOf(id)).toMatchObject({ status: 'moderation', publishedAt: null, estimatedAt: null })
      expect(await eventsOf(id)).toEqual([{ action: 'submitted', actorId: acc.owner.id, comment: 'feed import' }])
      expect(await inQueue(id)).toBe(true)
    }
    const catalogue = await onSale()
    expect(catalogue).toContain(clean)
    expect(catalogue).not.toContain(cheap)
    expect(catalogue).not.toContain(seen)
    // Only the clean car's publication is announced.
    expect(await t.jobs.drain(['listing-event'])).toBe(1)
  })

  test('keeps a published car on sale after a material change, approved by the system; one a signal now fires for goes back to the queue', async () => {
    const [t1, t2] = [idOf(first, 'T1'), idOf(first, 'T2')]
    await t.db.insert(favourites).values({ userId: acc.watcher.id, listingId: t1, priceKztAtSave: 12_000_000 })
    await t.jobs.drain()
    // T1 drops by a quarter (a material change, still near the market); T2 to a third of the market.
    const report = await imported(acc.owner.auth, csv(car('T1', 9_000_000), car('T2', 4_000_000)))
    expect(report.counts).toMatchObject({ updated: 2 })
    expect(await stateOf(t1)).toMatchObject({ status: 'published', priceKzt: 9_000_000 })
    expect((await eventsOf(t1)).slice(2)).toEqual([
      { action: 'returned_to_moderation', actorId: acc.owner.id, comment: 'changed by the feed: price' },
      APPROVED_AT_ONCE,
    ])
    expect(await onSale()).toContain(t1)
    expect(await stateOf(t2)).toMatchObject({ status: 'moderation', priceKzt: 4_000_000 })
    expect((await eventsOf(t2)).slice(2)).toEqual([
      { action: 'returned_to_moderation', actorId: acc.owner.id, comment: 'changed by the feed: price' },
    ])
    expect(await inQueue(t2)).toBe(true)
    expect(await onSale()).not.toContain(t2)
    // T1's price drop (its favouriter hears of it) and its publication again; nothing of T2, now under review.
    expect(await t.jobs.drain(['listing-event'])).toBe(2)
  })

  test('keeps its cars in the queue while its owner’s account is new (the new-account signal, as for a typed car)', async () => {
    await ageAccount(acc.owner.id, 2)
    try {
      const report = await imported(acc.owner.auth, csv(car('N1')))
      expect((await stateOf(idOf(report, 'N1')))?.status).toBe('moderation')
    } finally {
      await ageAccount(acc.owner.id, 400)
    }
  })

  test('is all or nothing: a failure after the cars were published leaves none written and nothing queued', async () => {
    const failing = createFeedsService({
      db: t.db,
      reference: createReferenceService({ db: t.db }),
      limiter: t.limiter,
      dealers: t.services.dealers,
      jobs: t.jobs,
      afterApplyStep: (step) => {
        if (step === 'published') throw new Error('the disk is full')
      },
    })
    await t.jobs.drain()
    const dry = await t.app.inject({
      method: 'POST',
      url: `/api/dealers/${team.dealerId}/imports/?lang=en&missing=keep`,
      headers: { ...acc.owner.auth, 'content-type': 'text/csv' },
      payload: csv(car('R1'), car('T1', 8_500_000)),
    })
    const importId = FeedImport.parse(dry.json()).id
    const owner = { id: acc.owner.id, email: acc.owner.email, name: 'Владелец', emailVerified: true }
    await expect(failing.apply(owner, team.dealerId, importId, 'en')).rejects.toThrow('the disk is full')
    const r1 = await t.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.dealerId, team.dealerId), eq(listings.externalId, 'R1')))
    expect(r1).toEqual([])
    expect((await stateOf(idOf(first, 'T1')))?.priceKzt).toBe(9_000_000)
    expect(await t.jobs.drain()).toBe(0)
    const waiting = await t.app.inject({
      url: `/api/dealers/${team.dealerId}/imports/${importId}/`,
      headers: acc.owner.auth,
    })
    expect(waiting.json().status).toBe('dry_run')
  })
})

describe("an untrusted dealer's import", () => {
  test('sends every car to the queue, published by nobody and announced to nobody', async () => {
    await t.jobs.drain()
    const report = await imported(acc.otherOwner.auth, csv(car('U1'), car('U2', 11_900_000)), {
      dealerId: team.otherDealerId,
    })
    for (const id of [idOf(report, 'U1'), idOf(report, 'U2')]) {
      expect(await stateOf(id)).toMatchObject({ status: 'moderation', publishedAt: null })
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['submitted'])
      expect(await inQueue(id)).toBe(true)
    }
    expect(await onSale(team.otherDealerId)).toEqual([])
    expect(await t.jobs.drain(['listing-event'])).toBe(0)
  })
})

describe("a trusted dealer's photos from the feed's URLs", () => {
  const images = new Map<string, Buffer>()
  const stand = useHttpStand((req, res) => {
    const bytes = images.get(req.url ?? '')
    if (bytes) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes)
    else res.writeHead(404).end()
  })
  const url = (path: string) => stand.url(path)
  beforeAll(async () => {
    const jpeg = (r: number) =>
      sharp({ create: { width: 480, height: 360, channels: 3, background: { r, g: 90, b: 40 } } })
        .jpeg()
        .toBuffer()
    const red = await jpeg(200)
    images.set('/p/red.jpg', red)
    // Another car's photo under another address: the same bytes.
    images.set('/p/copy.jpg', red)
    images.set('/p/blue.jpg', await jpeg(20))
  })

  test('keep its car on sale when they arrive; photos equal to another car’s send that car to the queue', async () => {
    const first = await imported(
      acc.owner.auth,
      csv(car('P1', 12_300_000, '', `${url('/p/red.jpg')}|${url('/p/blue.jpg')}`)),
    )
    const p1 = idOf(first, 'P1')
    expect((await stateOf(p1))?.status).toBe('published')
    expect(await t.jobs.drain(['feed-photos'])).toBe(1)
    expect(await stateOf(p1)).toMatchObject({ status: 'published' })
    expect((await eventsOf(p1)).slice(2)).toEqual([
      { action: 'returned_to_moderation', actorId: null, comment: 'photos added by the feed' },
      APPROVED_AT_ONCE,
    ])
    expect(await onSale()).toContain(p1)

    const second = await imported(acc.owner.auth, csv(car('P2', 12_250_000, '', url('/p/copy.jpg'))))
    const p2 = idOf(second, 'P2')
    expect((await stateOf(p2))?.status).toBe('published')
    expect(await t.jobs.drain(['feed-photos'])).toBe(1)
    expect((await stateOf(p2))?.status).toBe('moderation')
    expect((await eventsOf(p2)).slice(2)).toEqual([
      { action: 'returned_to_moderation', actorId: null, comment: 'photos added by the feed' },
    ])
    expect(await inQueue(p2)).toBe(true)
    expect(await onSale()).not.toContain(p2)
  })
})

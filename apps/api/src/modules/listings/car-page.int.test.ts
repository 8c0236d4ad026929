import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listings, listingViews } from '../../db/schema.ts'
import { createListing, createUser } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { CAR_PAGE_LIMITS } from './car-page.limits.ts'
import { createCarPageService } from './car-page.service.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
const ids = { camry: 0, sold: 0, archived: 0, draft: 0, moderation: 0, rejected: 0 }
let ipN = 0
/** Every test speaks from its own address, so one test's rate limits never touch another's. */
const nextIp = () => `10.1.${Math.floor(++ipN / 250)}.${ipN % 250}`

beforeAll(async () => {
  t = await createTestApp()
  const owner = await createUser(t.db)
  const make = async (name: keyof typeof ids, o: Parameters<typeof createListing>[1]) => {
    ids[name] = (await createListing(t.db, { ownerId: owner.id, ...o })).id
  }
  await make('camry', { priceKzt: 12_500_000, contactPhone: '+77019876543', bodyType: 'sedan' })
  await make('sold', { status: 'sold', priceKzt: 9_000_000 })
  await make('archived', { status: 'archived', priceKzt: 11_000_000, year: 2017 })
  await make('draft', { status: 'draft', publishedAt: null })
  await make('moderation', { status: 'moderation', publishedAt: null })
  await make('rejected', { status: 'rejected', publishedAt: null, rejectionReason: 'photos' })
})
afterAll(() => t.close())

const detail = async (id: number) => (await t.app.inject(`/api/cars/${id}/`)).json()
const reveal = (id: number | string, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/cars/${id}/phone/`, remoteAddress: ip })
const view = (id: number | string, ip: string, payload?: object, userAgent = 'Mozilla/5.0 (test)') =>
  t.app.inject({
    method: 'POST',
    url: `/api/cars/${id}/views/`,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
    ...(payload ? { payload } : {}),
  })

describe('GET /api/cars/{id}/: who sees what', () => {
  test('a published car shows a masked number and never the number itself', async () => {
    const res = await t.app.inject(`/api/cars/${ids.camry}/`)
    expect(res.statusCode).toBe(200)
    expect(res.json().contactPhoneMasked).toBe('+7 701 *** ** 43')
    expect(res.body).not.toContain('9876543')
    expect(res.json().seller.memberSince).toMatch(/^\d{4}-/)
  })

  test('a sold car answers 200 with status sold', async () => {
    const res = await t.app.inject(`/api/cars/${ids.sold}/`)
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('sold')
  })

  test('a removed (archived) car answers 410 Gone as problem+json', async () => {
    const res = await t.app.inject(`/api/cars/${ids.archived}/`)
    expect(res.statusCode).toBe(410)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json()).toMatchObject({ status: 410, code: 'listing.gone', title: 'Gone' })
  })

  test('the removed page learns what the car was; other listings are not "removed"', async () => {
    expect(await t.services.carPage.findRemovedListing(ids.archived)).toEqual({
      id: ids.archived,
      brand: { slug: 'toyota', name: 'Toyota' },
      model: { slug: 'camry', name: 'Camry' },
      year: 2017,
    })
    for (const id of [ids.camry, ids.sold, ids.draft, 987654321]) {
      expect(await t.services.carPage.findRemovedListing(id)).toBeNull()
    }
  })

  test.each(['draft', 'moderation', 'rejected'] as const)('a %s listing is a 404 for everyone', async (name) => {
    const res = await t.app.inject(`/api/cars/${ids[name]}/`)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('listing.not_found')
  })
})

describe('POST /api/cars/{id}/phone/', () => {
  test('reveals the number in E.164 and counts each reveal', async () => {
    const before = (await detail(ids.camry)).phoneRevealsCount
    const ip = nextIp()
    const res = await reveal(ids.camry, ip)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ phone: '+77019876543' })
    await reveal(ids.camry, ip)
    expect((await detail(ids.camry)).phoneRevealsCount).toBe(before + 2)
  })

  test.each([
    ['sold', 409, 'listing.sold'],
    ['archived', 410, 'listing.gone'],
    ['draft', 404, 'listing.not_found'],
    ['moderation', 404, 'listing.not_found'],
    ['rejected', 404, 'listing.not_found'],
  ] as const)('a %s listing does not give out its number (%i %s) and counts nothing', async (name, status, code) => {
    const id = ids[name]
    const res = await reveal(id, nextIp())
    expect(res.statusCode).toBe(status)
    expect(res.json().code).toBe(code)
    expect(res.body).not.toContain('+7701')
    const [row] = await t.db.select({ n: listings.phoneRevealsCount }).from(listings).where(eq(listings.id, id))
    expect(row?.n).toBe(0)
  })

  test('an empty JSON body is the same as none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/cars/${ids.camry}/phone/`,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(200)
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/cars/${ids.camry}/views/`,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"visitorId":',
    })
    expect(broken.statusCode).toBe(400)
  })

  test('an unknown id is a 404, a malformed one a 400', async () => {
    expect((await reveal(987654321, nextIp())).statusCode).toBe(404)
    const bad = await reveal('abc', nextIp())
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('params.id')
  })

  test('one address is stopped after the limit (429 with Retry-After), another is not', async () => {
    const { limit } = CAR_PAGE_LIMITS.phoneRevealPerIpShort
    const ip = nextIp()
    const before = (await detail(ids.camry)).phoneRevealsCount
    for (let i = 0; i < limit; i++) expect((await reveal(ids.camry, ip)).statusCode).toBe(200)
    const refused = await reveal(ids.camry, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.body).not.toContain('9876543')
    // Refused reveals are not counted.
    expect((await detail(ids.camry)).phoneRevealsCount).toBe(before + limit)
    expect((await reveal(ids.camry, nextIp())).statusCode).toBe(200)
  })

  test('probing other listings from the same address uses up the same allowance', async () => {
    const ip = nextIp()
    const { limit } = CAR_PAGE_LIMITS.phoneRevealPerIpShort
    for (let i = 0; i < limit; i++) await reveal(987654321 + i, ip)
    expect((await reveal(ids.camry, ip)).statusCode).toBe(429)
  })
})

describe('POST /api/cars/{id}/views/', () => {
  test('a visitor is counted once a day however often they reload', async () => {
    const car = await createListing(t.db, {})
    const ip = nextIp()
    const first = await view(car.id, ip, { visitorId: 'device-aaaaaaaaaaaaaaaa' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ counted: true, viewsCount: 1 })
    for (let i = 0; i < 3; i++) {
      expect((await view(car.id, ip, { visitorId: 'device-aaaaaaaaaaaaaaaa' })).json()).toEqual({
        counted: false,
        viewsCount: 1,
      })
    }
    expect((await view(car.id, ip, { visitorId: 'device-bbbbbbbbbbbbbbbb' })).json()).toEqual({
      counted: true,
      viewsCount: 2,
    })
    expect((await detail(car.id)).viewsCount).toBe(2)
    const rows = await t.db.select().from(listingViews).where(eq(listingViews.listingId, car.id))
    expect(rows).toHaveLength(2)
    // Only a keyed hash is stored, never the id the device sent.
    expect(rows.map((r) => r.visitorHash).join()).not.toContain('device-')
  })

  test('without a visitor id, the address and browser identify the visitor', async () => {
    const car = await createListing(t.db, {})
    const ip = nextIp()
    expect((await view(car.id, ip)).json().counted).toBe(true)
    expect((await view(car.id, ip)).json().counted).toBe(false)
    expect((await view(car.id, ip, undefined, 'Another browser')).json().counted).toBe(true)
    expect((await view(car.id, nextIp())).json()).toEqual({ counted: true, viewsCount: 3 })
  })

  test('the next day (Almaty time) the same visitor counts again', async () => {
    const car = await createListing(t.db, {})
    let now = new Date('2026-11-21T18:30:00Z') // 23:30 in Almaty
    const service = createCarPageService({ db: t.db, limiter: t.limiter, secret: 's'.repeat(32), now: () => now })
    const visitor = { ip: nextIp(), visitorId: 'device-cccccccccccccccc' }
    expect((await service.recordView(car.id, visitor)).counted).toBe(true)
    now = new Date('2026-11-21T18:59:00Z')
    expect((await service.recordView(car.id, visitor)).counted).toBe(false)
    now = new Date('2026-11-21T19:01:00Z') // 00:01 the next day in Almaty
    const next = await service.recordView(car.id, visitor)
    expect(next).toMatchObject({ counted: true, viewsCount: 2, visitorId: 'device-cccccccccccccccc' })
  })

  test('one address cannot inflate a car by inventing visitor ids', async () => {
    const car = await createListing(t.db, {})
    const { limit } = CAR_PAGE_LIMITS.countedViewsPerIpListingDay
    const ip = nextIp()
    for (let i = 0; i < limit; i++) {
      expect((await view(car.id, ip, { visitorId: `rotating-id-${String(i).padStart(6, '0')}` })).json().counted).toBe(
        true,
      )
    }
    const over = await view(car.id, ip, { visitorId: 'rotating-id-overflow' })
    expect(over.statusCode).toBe(200)
    expect(over.json()).toEqual({ counted: false, viewsCount: limit })
    expect((await view(car.id, nextIp(), { visitorId: 'rotating-id-overflow' })).json().counted).toBe(true)
  })

  test('sold cars count views; removed ones are 410, hidden ones 404; bad ids 400', async () => {
    expect((await view(ids.sold, nextIp())).json().counted).toBe(true)
    expect((await view(ids.archived, nextIp())).statusCode).toBe(410)
    expect((await view(ids.draft, nextIp())).statusCode).toBe(404)
    const [draft] = await t.db.select().from(listings).where(eq(listings.id, ids.draft))
    expect(draft?.viewsCount).toBe(0)
    const bad = await view(ids.camry, nextIp(), { visitorId: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('body.visitorId')
    const unknown = await view(ids.camry, nextIp(), { visitorId: 'device-dddddddddddddddd', extra: 1 })
    expect(unknown.statusCode).toBe(400)
  })
})

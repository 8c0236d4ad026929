import { SIMILAR_LISTINGS_LIMIT, similarCarsPath } from '@tulpar/contracts'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listings, listingViews } from '../../db/schema.ts'
import { createListing, createUser } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { CAR_PAGE_LIMITS } from './car-page.limits.ts'
import {
  nearestByPriceQueries,
  sameBody,
  sameBrandAndBody,
  sameModel,
  similarCandidatesQuery,
  similarCardsQuery,
} from './car-page.repository.ts'
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

describe('GET /api/cars/{id}/similar/', () => {
  const similar = {
    base: 0,
    rio_6_1: 0,
    rio_5_95: 0,
    rio_9: 0,
    rio_draft: 0,
    rio_sold: 0,
    k5: 0,
    sportage: 0,
    granta_sedan: 0,
    solaris: 0,
    accent: 0,
    polo: 0,
    vesta: 0,
    rio_archived: 0,
  }
  let base: number
  beforeAll(async () => {
    const owner = await createUser(t.db)
    const make = async (name: keyof typeof similar, o: Parameters<typeof createListing>[1]) => {
      similar[name] = (await createListing(t.db, { ownerId: owner.id, city: 'shymkent', ...o })).id
    }
    // Kia: a base Rio sedan at 6 M, other Rios around it, a Kia sedan of another model, other sedans.
    await make('base', { brand: 'kia', model: 'rio', bodyType: 'sedan', priceKzt: 6_000_000 })
    base = similar.base
    await make('rio_6_1', { brand: 'kia', model: 'rio', bodyType: 'sedan', priceKzt: 6_100_000 })
    await make('rio_5_95', { brand: 'kia', model: 'rio', bodyType: 'sedan', priceKzt: 5_950_000 })
    await make('rio_9', { brand: 'kia', model: 'rio', bodyType: 'sedan', priceKzt: 9_000_000 })
    await make('rio_draft', { brand: 'kia', model: 'rio', status: 'draft', publishedAt: null, priceKzt: 6_000_000 })
    await make('rio_sold', { brand: 'kia', model: 'rio', status: 'sold', priceKzt: 6_000_000 })
    await make('k5', { brand: 'kia', model: 'k5', bodyType: 'sedan', priceKzt: 6_000_000 })
    await make('sportage', { brand: 'kia', model: 'sportage', bodyType: 'crossover', priceKzt: 6_000_000 })
    await make('granta_sedan', { brand: 'lada', model: 'granta', bodyType: 'sedan', priceKzt: 5_000_000 })
    await make('solaris', { brand: 'hyundai', model: 'solaris', bodyType: 'sedan', priceKzt: 6_050_000 })
    await make('accent', { brand: 'hyundai', model: 'accent', bodyType: 'sedan', priceKzt: 7_000_000 })
    await make('polo', { brand: 'volkswagen', model: 'polo', bodyType: 'sedan', priceKzt: 6_400_000 })
    await make('vesta', { brand: 'lada', model: 'vesta', bodyType: 'sedan', priceKzt: 6_600_000 })
    await make('rio_archived', { brand: 'kia', model: 'rio', status: 'archived', priceKzt: 6_020_000 })
  })

  const similarIds = async (id: number) => {
    const res = await t.app.inject(`/api/cars/${id}/similar/`)
    expect(res.statusCode).toBe(200)
    return (res.json().results as { id: number }[]).map((r) => r.id)
  }

  test('same model first by nearest price, then the brand and body type, then the body type', async () => {
    const got = await similarIds(base)
    expect(got.slice(0, 4)).toEqual([similar.rio_5_95, similar.rio_6_1, similar.rio_9, similar.k5])
    // Then sedans of other brands, nearest price first; the Sportage is a crossover and comes nowhere.
    expect(got.indexOf(similar.solaris)).toBeGreaterThan(3)
    expect(got.indexOf(similar.solaris)).toBeLessThan(got.indexOf(similar.granta_sedan))
    expect(got).not.toContain(similar.sportage)
    expect(got).not.toContain(base)
    for (const hidden of [similar.rio_draft, similar.rio_sold, similar.rio_archived]) expect(got).not.toContain(hidden)
    expect(got.length).toBeLessThanOrEqual(8)
    expect(new Set(got).size).toBe(got.length)
  })

  test('answers at most 8 cards, localised', async () => {
    const res = await t.app.inject(`/api/cars/${base}/similar/?lang=en`)
    const body = res.json()
    expect(body.results.length).toBe(8)
    expect(body.results[0]).toMatchObject({ brand: { slug: 'kia' }, model: { slug: 'rio' } })
    expect(body.results.find((r: { city: { slug: string } }) => r.city.slug === 'shymkent').city.name).toBe('Shymkent')
  })

  test('a removed car still lists the same model (its 410 page points there); hidden ones are 404', async () => {
    const got = await similarIds(similar.rio_archived)
    // 6.02 M: the base (6.0 M) is nearest, then 5.95 M, then 6.1 M.
    expect(got.slice(0, 3)).toEqual([similar.base, similar.rio_5_95, similar.rio_6_1])
    expect((await t.app.inject(`/api/cars/${similar.rio_draft}/similar/`)).statusCode).toBe(404)
    expect((await t.app.inject('/api/cars/987654321/similar/')).statusCode).toBe(404)
    expect((await t.app.inject('/api/cars/0/similar/')).statusCode).toBe(400)
  })

  describe("GET /api/cars/similar/: a price band's list, the same for every car of it (decision 045)", () => {
    const bandOf = async (id: number, lang: 'ru' | 'en' = 'ru') => {
      const car = await detail(id)
      return similarCarsPath(
        { modelId: car.model.id, brandId: car.brand.id, bodyType: car.bodyType, priceKzt: car.priceKzt },
        lang,
      )
    }
    const bandIds = async (path: string) => {
      const res = await t.app.inject(path)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json().results as { id: number }[]).map((r) => r.id)
    }

    test('the Rios of one band share an address and a list: the model first, its own cars included, at most 9', async () => {
      const path = await bandOf(base)
      expect(await bandOf(similar.rio_5_95)).toBe(path)
      expect(await bandOf(similar.rio_6_1)).toBe(path)
      expect(await bandOf(similar.rio_9)).not.toBe(path)
      const got = await bandIds(path)
      // Nearest a price inside the band (5.46-6.28 M): the three Rios in it, then the 9 M Rio, then the K5.
      expect(new Set(got.slice(0, 3))).toEqual(new Set([base, similar.rio_5_95, similar.rio_6_1]))
      expect(got.slice(3, 5)).toEqual([similar.rio_9, similar.k5])
      expect(got).not.toContain(similar.sportage)
      for (const hidden of [similar.rio_draft, similar.rio_sold, similar.rio_archived])
        expect(got).not.toContain(hidden)
      expect(got).toHaveLength(SIMILAR_LISTINGS_LIMIT + 1)
      expect(new Set(got).size).toBe(got.length)
    })

    test('in the language asked for', async () => {
      const res = await t.app.inject(await bandOf(base, 'en'))
      const cards = res.json().results as { city: { slug: string; name: string } }[]
      expect(cards.find((c) => c.city.slug === 'shymkent')?.city.name).toBe('Shymkent')
    })

    test.each([
      ['no band', (p: string) => p.replace(/&band=\d+/, '')],
      ['a band below 0', (p: string) => p.replace(/band=\d+/, 'band=-1')],
      ['a band past the highest', (p: string) => p.replace(/band=\d+/, 'band=201')],
      ['a model that is not a number', (p: string) => p.replace(/model=\d+/, 'model=rio')],
      ['an unknown body type', (p: string) => p.replace(/body=\w+/, 'body=spaceship')],
      ['an unknown language', (p: string) => p.replace(/lang=\w+/, 'lang=de')],
      ['an unknown parameter', (p: string) => `${p}&window=3`],
    ])('%s is a 400 problem', async (_name, broken) => {
      const res = await t.app.inject(`${broken(await bandOf(base))}`)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.headers['content-type']).toContain('application/problem+json')
    })

    test('a model with no car on sale is an empty list, not an error', async () => {
      expect(await bandIds('/api/cars/similar/?model=2147483647&brand=2147483647&band=100')).toEqual([])
    })
  })

  test('each lookup is a range scan of its own index, never a scan of the table', async () => {
    // The planner's choice depends on statistics: give it a catalogue-like spread (5,000 cars over every model,
    // five body types, prices up to 31 M), analyse, look at the plans, and roll it all back.
    const rollback = new Error('rollback')
    const plans: Record<string, string> = {}
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          with m as (select array_agg(id order by id) as ids from models)
          insert into listings (owner_id, status, brand_id, model_id, year, body_type, steering, engine_type,
            transmission, drive, colour, mileage, mileage_km, price_kzt, contact_phone, city_id, published_at)
          select b.owner_id, 'published', md.brand_id, md.id, 2000 + g % 25,
            (array['sedan','crossover','hatchback','suv','wagon'])[1 + g % 5], b.steering, b.engine_type,
            b.transmission, b.drive, b.colour, b.mileage, b.mileage_km, 1000000 + (g * 7919) % 30000000,
            b.contact_phone, b.city_id, now()
          from generate_series(1, 5000) g
          cross join m
          join models md on md.id = m.ids[1 + g % array_length(m.ids, 1)]
          cross join (select * from listings where id = ${base}) b`)
        await tx.execute(sql`analyze listings`)
        const [kia] = await tx.select().from(listings).where(eq(listings.id, base))
        if (!kia?.modelId || !kia.brandId) throw new Error('no base listing')
        const tiers = {
          listings_pub_model_price_idx: sameModel(kia.modelId),
          listings_pub_brand_body_price_idx: sameBrandAndBody(kia.brandId, 'sedan'),
          listings_pub_body_price_idx: sameBody('sedan'),
        }
        for (const [indexName, where] of Object.entries(tiers)) {
          const queries = nearestByPriceQueries(tx, where, 6_000_000, base, 16)
          for (const [i, query] of queries.entries()) {
            // Both drivers answer { rows: [{ 'QUERY PLAN': ... }] }; the text is all this test reads.
            plans[`${indexName}#${i}`] = JSON.stringify(await tx.execute(sql`explain ${query}`))
          }
        }
        // What the service runs: all six halves in one statement.
        const union = similarCandidatesQuery(
          tx,
          { id: base, modelId: kia.modelId, brandId: kia.brandId, bodyType: 'sedan', priceKzt: 6_000_000 },
          16,
        )
        plans.union = JSON.stringify(await tx.execute(sql`explain ${union}`))
        // And the statement around it, which picks the 8 and reads their cards by primary key.
        const cards = similarCardsQuery(
          tx,
          { id: base, modelId: kia.modelId, brandId: kia.brandId, bodyType: 'sedan', priceKzt: 6_000_000 },
          16,
          8,
        )
        plans.cards = JSON.stringify(await tx.execute(sql`explain ${cards}`))
        throw rollback
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error
      })
    const { union, cards, ...halves } = plans
    expect(cards).not.toContain('Seq Scan')
    expect(cards).toContain('listings_pkey')
    for (const indexName of ['model_price', 'brand_body_price', 'body_price']) {
      expect(union).toContain(`listings_pub_${indexName}_idx`)
    }
    expect(union).not.toContain('Seq Scan')
    expect(Object.keys(halves)).toHaveLength(6)
    for (const [key, plan] of Object.entries(halves)) {
      expect(plan, key).toContain(key.split('#')[0])
      expect(plan, key).not.toContain('Seq Scan')
      // The price bound is an index condition: the scan starts at the price and stops after 8 rows (or, for a
      // handful of rows, the planner sorts those few).
      expect(plan, key).toMatch(/Index Cond: \([^"]*price_kzt [<>]/)
    }
    // Rolled back: the other tests still see only their own few cars.
    const [total] = await t.db.select({ n: count() }).from(listings)
    expect(total?.n).toBeLessThan(1000)
  })
})

import { similarCarsPath } from '@tulpar/contracts'
import { beforeAll, describe, expect, test } from 'vitest'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createUser, namedListings } from '../../testing/factories.ts'
import { useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const ids: Record<string, number> = {}

beforeAll(async () => {
  const make = namedListings(t.db, (await createUser(t.db)).id, ids)
  const day = (n: number) => new Date(Date.UTC(2026, 10, n))
  await make('camry2018', { year: 2018, priceKzt: 12_500_000, publishedAt: day(1) })
  await make('camry2021', { year: 2021, priceKzt: 17_900_000, publishedAt: day(2), isHot: true })
  await make('rav4', {
    model: 'rav4',
    year: 2016,
    priceKzt: 11_000_000,
    publishedAt: day(3),
    isTulpar: true,
    isInspected: true,
  })
  await make('granta', {
    brand: 'lada',
    model: 'granta',
    year: 2020,
    priceKzt: 4_300_000,
    publishedAt: day(4),
    city: 'astana',
  })
  await make('draft', { status: 'draft', publishedAt: null, year: 2019 })
  await make('moderation', { status: 'moderation', publishedAt: null })
  await make('sold', { status: 'sold', publishedAt: day(5), year: 2010, priceKzt: 5_000_000 })
})

const search = async (query: string) => t.app.inject(`/api/cars/${query}`)
const idsOf = (body: { results: { id: number }[] }) => body.results.map((r) => r.id)

describe('GET /api/cars/', () => {
  test('shows only published listings, newest first, with the total count', async () => {
    const res = await search('')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(idsOf(body)).toEqual([ids.granta, ids.rav4, ids.camry2021, ids.camry2018])
    expect(body).toMatchObject({ count: 4, page: 1, pageSize: 20, pageCount: 1 })
  })

  test('filters by brand and model slugs', async () => {
    expect(idsOf((await search('?brand=toyota')).json())).toEqual([ids.rav4, ids.camry2021, ids.camry2018])
    expect(idsOf((await search('?brand=toyota&model=camry')).json())).toEqual([ids.camry2021, ids.camry2018])
  })

  test('an unknown brand or model matches nothing rather than everything', async () => {
    expect((await search('?brand=tesla-roadster-x')).json().count).toBe(0)
    expect((await search('?brand=toyota&model=granta')).json().count).toBe(0)
  })

  test('filters by year and price ranges, bounds included', async () => {
    expect(idsOf((await search('?yearFrom=2018&yearTo=2020')).json())).toEqual([ids.granta, ids.camry2018])
    expect(idsOf((await search('?priceFrom=11000000&priceTo=12500000')).json())).toEqual([ids.rav4, ids.camry2018])
  })

  test('filters hot offers and Tulpar cars', async () => {
    expect(idsOf((await search('?hot=true')).json())).toEqual([ids.camry2021])
    expect(idsOf((await search('?tulpar=1')).json())).toEqual([ids.rav4])
  })

  test('cards carry brand, model, city, price in tenge and badges', async () => {
    const [card] = (await search('?tulpar=true')).json().results
    expect(card).toMatchObject({
      brand: { slug: 'toyota', name: 'Toyota' },
      model: { slug: 'rav4' },
      city: { slug: 'almaty', name: 'Алматы' },
      priceKzt: 11_000_000,
      isTulpar: true,
      isInspected: true,
      engineVolumeL: 2.5,
    })
  })

  test.each([
    ['?yearFrom=abc', 'query.yearFrom'],
    ['?priceTo=-5', 'query.priceTo'],
    ['?page=0', 'query.page'],
    ['?page=101', 'query.page'],
    ['?hot=maybe', 'query.hot'],
    ['?brand=Toyota%20Motor', 'query.brand'],
    ['?model=camry', 'query.model'],
    ['?yearFrom=2020&yearTo=2010', 'query.yearTo'],
    ['?priceFrom=9000000&priceTo=1000', 'query.priceTo'],
    ['?colour=red', 'query.colour'],
  ])('%s is refused with a 400 naming %s', async (query, field) => {
    const res = await search(query)
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/problem+json')
    const body = res.json()
    expect(body).toMatchObject({ status: 400, code: 'validation.failed' })
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field)
  })

  test('pages hold 20 listings and report the reachable page count', async () => {
    const owner = await createUser(t.db)
    for (let i = 0; i < 21; i++) await createListing(t.db, { ownerId: owner.id, model: 'corolla', year: 2012 })
    const first = (await search('?brand=toyota&model=corolla')).json()
    const second = (await search('?brand=toyota&model=corolla&page=2')).json()
    expect(first.results).toHaveLength(20)
    expect(second.results).toHaveLength(1)
    expect(first.pageCount).toBe(2)
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(21)
  })
})

describe('GET /api/cars/{id}/', () => {
  test('returns every characteristic of a published car', async () => {
    const res = await t.app.inject(`/api/cars/${ids.camry2018}/`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: ids.camry2018,
      status: 'published',
      brand: { name: 'Toyota' },
      model: { name: 'Camry' },
      year: 2018,
      priceKzt: 12_500_000,
      steering: 'left',
      transmission: 'AT',
      drive: 'FWD',
      engineVolumeCc: 2500,
      isCustomsCleared: true,
      priceHistory: [expect.objectContaining({ priceKzt: 12_500_000 })],
    })
  })

  test('localises names with ?lang=', async () => {
    const kk = (await t.app.inject(`/api/cars/${ids.granta}/?lang=kk`)).json()
    expect(kk.city.name).toBe('Астана')
    expect(kk.bodyTypeName).not.toBe('')
    // The total cost names its rules' sources in the same language.
    expect(kk.totalCost.taxPerYear?.source ?? '').toContain('Салық кодексі')
    const ru = (await t.app.inject(`/api/cars/${ids.granta}/`)).json()
    expect(ru.totalCost.taxPerYear?.source ?? '').toContain('Налоговый кодекс')
  })

  test('a sold car stays readable, marked as sold', async () => {
    const res = await t.app.inject(`/api/cars/${ids.sold}/`)
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('sold')
  })

  test.each(['draft', 'moderation'])('a %s listing is not public (404)', async (name) => {
    const res = await t.app.inject(`/api/cars/${ids[name]}/`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'listing.not_found' })
  })

  test('an unknown id is a 404 and a malformed one a 400', async () => {
    expect((await t.app.inject('/api/cars/987654321/')).statusCode).toBe(404)
    const bad = await t.app.inject('/api/cars/abc/')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('params.id')
  })
})

describe("the reads the web server's cache keeps for everyone (GUEST_API_PATHS)", () => {
  // A signed-in reader is answered from the guests' copy (apps/web page-key.server.ts): their answers must be equal.
  test("a car's details, the search and a band's similar cars answer a guest, the car's owner and a reader who saved it alike", async () => {
    const { signUp, cookieSession } = accountHelpers(() => t.app)
    const owner = await signUp()
    const reader = await signUp()
    const own = await createListing(t.db, { ownerId: owner.id, brand: 'lada', model: 'granta', year: 2022 })
    const saved = await t.app.inject({ method: 'PUT', url: `/api/favourites/${own.id}/`, headers: reader.auth })
    expect(saved.statusCode).toBeLessThan(300)
    const readerCookie = { cookie: await cookieSession(reader.email, reader.password) }
    const car = (await t.app.inject(`/api/cars/${own.id}/`)).json()
    const band = similarCarsPath(
      { modelId: car.model.id, brandId: car.brand.id, bodyType: car.bodyType, priceKzt: car.priceKzt },
      'kk',
    )
    for (const url of [`/api/cars/${own.id}/`, `/api/cars/${own.id}/?lang=kk`, '/api/cars/?brand=lada', band]) {
      const guest = await t.app.inject(url)
      expect(guest.statusCode).toBe(200)
      expect(guest.body).toContain(`"id":${own.id}`)
      for (const headers of [owner.auth, reader.auth, readerCookie]) {
        const res = await t.app.inject({ url, headers })
        expect(res.statusCode).toBe(200)
        expect(res.body).toBe(guest.body)
        expect(res.headers['set-cookie']).toBeUndefined()
      }
    }
  })
})

describe('"VIN seen before" on the car page', () => {
  test('counts earlier listings of the VIN that were ever public, never drafts, later ones or the car itself', async () => {
    const owner = await createUser(t.db)
    const vin = 'XW7BF4FK5GS104417'
    const day = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 10))
    const make = (o: Parameters<typeof createListing>[1]) => createListing(t.db, { ownerId: owner.id, vin, ...o })
    await make({ status: 'sold', publishedAt: day(2023, 7), mileage: 98_000, mileageKm: 98_000 })
    await make({ status: 'archived', publishedAt: day(2025, 1), mileage: 151_000, mileageKm: 151_000 })
    await make({ status: 'draft', publishedAt: null })
    const now = await make({ publishedAt: day(2026, 10), mileage: 112_000, mileageKm: 112_000 })
    const later = await make({ status: 'moderation', publishedAt: null })
    const res = await t.app.inject(`/api/cars/${now.id}/`)
    expect(res.json().vinSeenBefore).toEqual({ listings: 2, since: day(2023, 7).toISOString() })
    // A car with no earlier listing, or no VIN at all, has no line.
    expect((await t.app.inject(`/api/cars/${ids.camry2018}/`)).json().vinSeenBefore).toBeNull()
    expect(later.id).toBeGreaterThan(now.id)
  })
})

describe('options on the car page', () => {
  test('are grouped and named in the request language; unknown codes are left out', async () => {
    const car = await createListing(t.db, { options: ['abs', 'heated_front_seats', 'no_such_option'] })
    const ru = (await t.app.inject(`/api/cars/${car.id}/`)).json()
    const names = ru.options.flatMap((g: { options: { code: string }[] }) => g.options.map((o) => o.code))
    expect(names.sort()).toEqual(['abs', 'heated_front_seats'])
    expect(ru.options.length).toBe(2)
    const en = (await t.app.inject(`/api/cars/${car.id}/?lang=en`)).json()
    expect(en.options[0].name).not.toBe(ru.options[0].name)
  })
})

import { encodeListingCursor, LISTING_SORTS, type ListingSort } from '@tulpar/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createListing, createUser, type ListingOverrides } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'

/*
 * Search over a small catalogue whose every car is described here in full, so each filter and sort is
 * checked against an independent computation over these descriptions, not against the SQL it tests.
 */

let t: Awaited<ReturnType<typeof createTestApp>>

interface Car {
  name: string
  brand: string
  model: string
  city: string
  year: number
  priceKzt: number
  mileageKm: number
  drive: 'FWD' | 'RWD' | '4WD'
  bodyType: string
  transmission: 'MT' | 'AT' | 'CVT' | 'DCT'
  engineType: string
  steering: 'left' | 'right'
  isCustomsCleared: boolean
  isNew: boolean
  isTulpar: boolean
  hasWarranty: boolean
  isCreditAvailable: boolean
  isHot: boolean
  dealRating: 'great' | 'good' | 'fair' | 'high' | null
  /** Day of November 2026 it was published. */
  day: number
  id: number
}

const base: Omit<Car, 'name' | 'id' | 'day'> = {
  brand: 'toyota',
  model: 'camry',
  city: 'almaty',
  year: 2018,
  priceKzt: 12_500_000,
  mileageKm: 90_000,
  drive: 'FWD',
  bodyType: 'sedan',
  transmission: 'AT',
  engineType: 'petrol',
  steering: 'left',
  isCustomsCleared: true,
  isNew: false,
  isTulpar: false,
  hasWarranty: false,
  isCreditAvailable: false,
  isHot: false,
  dealRating: null,
}

// Deliberate ties (same day, price, year, mileage) so that the id tie-break is visible in every sort.
const SPECS: (Partial<Car> & { name: string; day: number })[] = [
  { name: 'camry18', day: 1 },
  { name: 'camry21', day: 2, year: 2021, priceKzt: 17_900_000, mileageKm: 30_000, isHot: true, hasWarranty: true },
  { name: 'camryNew', day: 3, year: 2026, priceKzt: 21_000_000, mileageKm: 0, isNew: true, hasWarranty: true },
  {
    name: 'rav4',
    day: 3,
    model: 'rav4',
    bodyType: 'crossover',
    drive: '4WD',
    year: 2016,
    priceKzt: 11_000_000,
    mileageKm: 140_000,
    isTulpar: true,
    isCreditAvailable: true,
  },
  {
    name: 'granta',
    day: 4,
    brand: 'lada',
    model: 'granta',
    city: 'astana',
    year: 2020,
    priceKzt: 4_300_000,
    mileageKm: 45_000,
    transmission: 'MT',
    isCreditAvailable: true,
    dealRating: 'great',
  },
  {
    name: 'grantaCheap',
    day: 5,
    brand: 'lada',
    model: 'granta',
    city: 'shymkent',
    year: 2012,
    priceKzt: 2_100_000,
    mileageKm: 210_000,
    transmission: 'MT',
    dealRating: 'good',
  },
  {
    name: 'estima',
    day: 5,
    model: 'estima',
    bodyType: 'liftback',
    year: 2012,
    priceKzt: 6_000_000,
    mileageKm: 210_000,
    engineType: 'hybrid',
    steering: 'right',
    isCustomsCleared: false,
    transmission: 'CVT',
  },
  {
    name: 'land',
    day: 6,
    model: 'land-cruiser-300',
    city: 'astana',
    bodyType: 'suv',
    drive: '4WD',
    year: 2021,
    priceKzt: 45_000_000,
    mileageKm: 30_000,
    engineType: 'diesel',
  },
  {
    name: 'modelY',
    day: 7,
    brand: 'tesla',
    model: 'model-y',
    city: 'astana',
    bodyType: 'crossover',
    drive: 'RWD',
    year: 2023,
    priceKzt: 17_900_000,
    mileageKm: 12_000,
    engineType: 'electric',
    transmission: 'AT',
    hasWarranty: true,
    isCreditAvailable: true,
  },
  { name: 'camrySameDay', day: 7, year: 2019, priceKzt: 12_500_000, mileageKm: 90_000, transmission: 'DCT' },
]
const cars: Car[] = []
const byName = (name: string) => {
  const car = cars.find((c) => c.name === name)
  if (!car) throw new Error(`no car ${name}`)
  return car
}
const hidden: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  const owner = await createUser(t.db)
  for (const spec of SPECS) {
    const car = { ...base, ...spec }
    const row = await createListing(t.db, {
      ownerId: owner.id,
      brand: car.brand,
      model: car.model,
      city: car.city,
      year: car.year,
      priceKzt: car.priceKzt,
      mileage: car.mileageKm,
      mileageKm: car.mileageKm,
      drive: car.drive,
      bodyType: car.bodyType,
      transmission: car.transmission,
      engineType: car.engineType,
      steering: car.steering,
      isCustomsCleared: car.isCustomsCleared,
      isNew: car.isNew,
      isTulpar: car.isTulpar,
      hasWarranty: car.hasWarranty,
      isCreditAvailable: car.isCreditAvailable,
      isHot: car.isHot,
      dealRating: car.dealRating,
      publishedAt: new Date(Date.UTC(2026, 10, car.day, 12)),
    })
    cars.push({ ...car, id: row.id })
  }
  // Listings buyers must never see, each matching the default filters (a Toyota Camry in Almaty).
  const invisible: [string, ListingOverrides][] = [
    ['draft', { status: 'draft', publishedAt: null }],
    ['moderation', { status: 'moderation', publishedAt: null }],
    ['rejected', { status: 'rejected', publishedAt: null }],
    ['sold', { status: 'sold', publishedAt: new Date(Date.UTC(2026, 10, 9)) }],
    ['archived', { status: 'archived', publishedAt: new Date(Date.UTC(2026, 10, 9)) }],
  ]
  for (const [name, o] of invisible) hidden[name] = (await createListing(t.db, { ownerId: owner.id, ...o })).id
}, 180_000)
afterAll(() => t.close())

interface Page {
  results: { id: number }[]
  count: number
  countIsExact: boolean
  page: number
  pageSize: number
  pageCount: number
  nextCursor: string | null
}
async function search(query: string): Promise<Page> {
  const res = await t.app.inject(`/api/cars/?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const newestFirst = (a: Car, b: Car) => b.day - a.day || b.id - a.id
const expectedIds = (keep: (c: Car) => boolean) =>
  cars
    .filter(keep)
    .sort(newestFirst)
    .map((c) => c.id)

describe('GET /api/cars/ filters', () => {
  test.each<[string, (c: Car) => boolean]>([
    ['brand=lada', (c) => c.brand === 'lada'],
    ['brand=toyota&model=camry', (c) => c.model === 'camry'],
    ['city=astana', (c) => c.city === 'astana'],
    ['brand=toyota&city=astana', (c) => c.brand === 'toyota' && c.city === 'astana'],
    ['yearFrom=2019', (c) => c.year >= 2019],
    ['yearTo=2018', (c) => c.year <= 2018],
    ['yearFrom=2018&yearTo=2021', (c) => c.year >= 2018 && c.year <= 2021],
    ['priceFrom=11000000', (c) => c.priceKzt >= 11_000_000],
    ['priceTo=12500000', (c) => c.priceKzt <= 12_500_000],
    ['priceFrom=6000000&priceTo=17900000', (c) => c.priceKzt >= 6_000_000 && c.priceKzt <= 17_900_000],
    ['mileageMax=45000', (c) => c.mileageKm <= 45_000],
    ['drive=4WD', (c) => c.drive === '4WD'],
    ['drive=RWD', (c) => c.drive === 'RWD'],
    ['bodyType=crossover', (c) => c.bodyType === 'crossover'],
    ['transmission=MT', (c) => c.transmission === 'MT'],
    ['transmission=DCT', (c) => c.transmission === 'DCT'],
    ['engineType=electric', (c) => c.engineType === 'electric'],
    ['engineType=hybrid', (c) => c.engineType === 'hybrid'],
    ['steering=right', (c) => c.steering === 'right'],
    ['customsCleared=false', (c) => !c.isCustomsCleared],
    ['customsCleared=true', (c) => c.isCustomsCleared],
    ['newness=new', (c) => c.isNew],
    ['newness=used', (c) => !c.isNew],
    ['newness=all', () => true],
    ['tulpar=true', (c) => c.isTulpar],
    ['warranty=1', (c) => c.hasWarranty],
    ['credit=true', (c) => c.isCreditAvailable],
    // Hot: marked by hand, or rated a great deal (a merely good deal is not hot).
    ['hot=true', (c) => c.isHot || c.dealRating === 'great'],
    ['tulpar=false&hot=0', () => true],
    [
      'brand=toyota&yearFrom=2012&priceTo=12500000&drive=FWD&newness=used',
      (c) => c.brand === 'toyota' && c.year >= 2012 && c.priceKzt <= 12_500_000 && c.drive === 'FWD' && !c.isNew,
    ],
    [
      'credit=true&city=astana&bodyType=crossover',
      (c) => c.isCreditAvailable && c.city === 'astana' && c.bodyType === 'crossover',
    ],
  ])('?%s shows exactly the matching published cars with their count', async (query, keep) => {
    const expected = expectedIds(keep)
    const page = await search(query)
    expect(page.results.map((r) => r.id)).toEqual(expected)
    expect(page).toMatchObject({ count: expected.length, countIsExact: true, pageCount: expected.length ? 1 : 0 })
  })

  test('every filter above narrows something: the fixtures are not trivially all or nothing', () => {
    expect(expectedIds((c) => c.engineType === 'electric')).toHaveLength(1)
    expect(expectedIds((c) => c.isHot || c.dealRating === 'great')).toHaveLength(2)
  })

  test.each(['brand=tesla-roadster-x', 'brand=toyota&model=granta', 'city=atlantis', 'brand=lada&city=atlantis'])(
    'unknown slug ?%s gives an empty page, not everything and not an error',
    async (query) => {
      const page = await search(query)
      expect(page).toMatchObject({ results: [], count: 0, countIsExact: true, pageCount: 0, nextCursor: null })
    },
  )

  test('a page never shows drafts, listings in moderation, rejected, sold or archived ones', async () => {
    const page = await search('brand=toyota&model=camry&city=almaty')
    const shown = new Set(page.results.map((r) => r.id))
    for (const id of Object.values(hidden)) expect(shown.has(id)).toBe(false)
    expect(page.count).toBe(expectedIds((c) => c.model === 'camry' && c.city === 'almaty').length)
  })

  test('cards carry the deal rating and names in the requested language', async () => {
    const [card] = (await search('brand=lada&city=astana&lang=kk')).results as unknown as Record<string, unknown>[]
    expect(card).toMatchObject({
      id: byName('granta').id,
      dealRating: 'great',
      city: { slug: 'astana', name: 'Астана' },
    })
  })
})

type SortKey = (c: Car) => number
const SORT_ORDER: Record<ListingSort, (a: Car, b: Car) => number> = {
  newest: newestFirst,
  price_asc: (a, b) => a.priceKzt - b.priceKzt || a.id - b.id,
  price_desc: (a, b) => b.priceKzt - a.priceKzt || b.id - a.id,
  year_desc: (a, b) => b.year - a.year || b.id - a.id,
  mileage_asc: (a, b) => a.mileageKm - b.mileageKm || a.id - b.id,
}

describe('GET /api/cars/ sorts', () => {
  test.each(LISTING_SORTS)('sort=%s orders every match, ties broken by id', async (sort) => {
    const page = await search(`sort=${sort}`)
    expect(page.results.map((r) => r.id)).toEqual([...cars].sort(SORT_ORDER[sort]).map((c) => c.id))
  })

  test('ties exist in the fixtures, so the tie-break is really tested', () => {
    const tied = (key: SortKey) => new Set(cars.map(key)).size < cars.length
    expect(tied((c) => c.day)).toBe(true)
    expect(tied((c) => c.priceKzt)).toBe(true)
    expect(tied((c) => c.year)).toBe(true)
    expect(tied((c) => c.mileageKm)).toBe(true)
  })

  test('a sort combines with filters', async () => {
    const page = await search('brand=toyota&sort=price_desc&yearFrom=2016')
    const expected = cars
      .filter((c) => c.brand === 'toyota' && c.year >= 2016)
      .sort(SORT_ORDER.price_desc)
      .map((c) => c.id)
    expect(page.results.map((r) => r.id)).toEqual(expected)
  })
})

describe('GET /api/cars/ bad parameters', () => {
  const otherSortCursor = encodeListingCursor({ sort: 'price_asc', key: 1, id: 1 })
  const garbageJson = btoa('{"hello":1}').replace(/=+$/, '')
  test.each([
    ['drive=AWD', 'query.drive'],
    ['bodyType=boat', 'query.bodyType'],
    ['transmission=auto', 'query.transmission'],
    ['engineType=steam', 'query.engineType'],
    ['steering=middle', 'query.steering'],
    ['newness=old', 'query.newness'],
    ['sort=cheapest', 'query.sort'],
    ['lang=de', 'query.lang'],
    ['customsCleared=yes', 'query.customsCleared'],
    ['warranty=2', 'query.warranty'],
    ['credit=', 'query.credit'],
    ['tulpar=on', 'query.tulpar'],
    ['hot=maybe', 'query.hot'],
    ['yearFrom=1949', 'query.yearFrom'],
    ['yearFrom=abc', 'query.yearFrom'],
    ['yearTo=2101', 'query.yearTo'],
    ['yearFrom=2099', 'query.yearFrom'],
    ['yearFrom=2020&yearTo=2010', 'query.yearTo'],
    ['priceFrom=-1', 'query.priceFrom'],
    ['priceTo=10000000001', 'query.priceTo'],
    ['priceFrom=9000000&priceTo=1000', 'query.priceTo'],
    ['priceFrom=1.5', 'query.priceFrom'],
    ['mileageMax=-5', 'query.mileageMax'],
    ['mileageMax=2000001', 'query.mileageMax'],
    ['page=0', 'query.page'],
    ['page=101', 'query.page'],
    ['page=two', 'query.page'],
    ['brand=Toyota', 'query.brand'],
    ['city=Almaty%20City', 'query.city'],
    ['model=camry', 'query.model'],
    ['colour=red', 'query.colour'],
    ['cursor=not*base64', 'query.cursor'],
    ['cursor=bm90LWpzb24', 'query.cursor'],
    [`cursor=${garbageJson}`, 'query.cursor'],
    [`cursor=${otherSortCursor}`, 'query.cursor'],
    [`cursor=${encodeListingCursor({ sort: 'newest', key: 1, id: 1 })}&page=2`, 'query.page'],
  ])('?%s is refused with a 400 naming %s', async (query, field) => {
    const res = await t.app.inject(`/api/cars/?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/problem+json')
    const body = res.json()
    expect(body).toMatchObject({ status: 400, code: 'validation.failed' })
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field)
  })

  test('every bad field is reported at once', async () => {
    const res = await t.app.inject('/api/cars/?drive=AWD&page=0&colour=red')
    const fields = res.json().errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['query.drive', 'query.page', 'query.colour']))
  })
})

describe('facets', () => {
  const tally = (list: Car[], key: (c: Car) => string) => {
    const counts = new Map<string, number>()
    for (const c of list) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1)
    return [...counts].map(([slug, count]) => ({ slug, count }))
  }
  const slugsAndCounts = (facets: { slug: string; count: number }[]) =>
    facets.map(({ slug, count }) => ({ slug, count }))

  test('count published listings per brand, with the total and names, sorted by name', async () => {
    const res = await t.app.inject('/api/cars/facets/')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.total).toBe(cars.length)
    // Lada, Tesla, Toyota: name order is slug order for these three.
    expect(slugsAndCounts(body.brands)).toEqual(
      tally(cars, (c) => c.brand).sort((a, b) => a.slug.localeCompare(b.slug)),
    )
    expect(body.brands.map((b: { name: string }) => b.name)).toEqual(['Lada', 'Tesla', 'Toyota'])
    expect(body.models).toEqual([])
  })

  test('with a brand, count its models (by name); hidden listings are not counted', async () => {
    const body = (await t.app.inject('/api/cars/facets/?brand=toyota')).json()
    const toyotas = cars.filter((c) => c.brand === 'toyota')
    const expected = tally(toyotas, (c) => c.model)
    expect(slugsAndCounts(body.models)).toEqual(expect.arrayContaining(expected.map((e) => expect.objectContaining(e))))
    expect(body.models).toHaveLength(expected.length)
    const names = body.models.map((m: { name: string }) => m.name)
    expect(names).toEqual([...names].sort())
    // The five hidden Camrys in Almaty are not among the counted ones.
    expect(body.models.find((m: { slug: string }) => m.slug === 'camry').count).toBe(
      toyotas.filter((c) => c.model === 'camry').length,
    )
  })

  test('with a brand and a city, count within that city', async () => {
    const body = (await t.app.inject('/api/cars/facets/?brand=toyota&city=astana')).json()
    const inAstana = cars.filter((c) => c.city === 'astana')
    expect(body.total).toBe(inAstana.length)
    expect(slugsAndCounts(body.brands)).toEqual(
      tally(inAstana, (c) => c.brand).sort((a, b) => a.slug.localeCompare(b.slug)),
    )
    expect(body.models).toEqual([{ slug: 'land-cruiser-300', name: expect.any(String), count: 1 }])
  })

  test('an unknown city has nothing; an unknown brand has no models', async () => {
    expect((await t.app.inject('/api/cars/facets/?city=atlantis')).json()).toEqual({ total: 0, brands: [], models: [] })
    const body = (await t.app.inject('/api/cars/facets/?brand=no-such-brand')).json()
    expect(body.models).toEqual([])
    expect(body.total).toBe(cars.length)
  })

  test.each([
    ['model=camry', 'query.model'],
    ['brand=TOYOTA', 'query.brand'],
    ['city=', 'query.city'],
    ['lang=fr', 'query.lang'],
  ])('?%s is refused with a 400 naming %s', async (query, field) => {
    const res = await t.app.inject(`/api/cars/facets/?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field)
  })
})

// Keep the catalogue of this file unchanged for the tests above: the suites below add their own listings
// under a brand none of the fixtures use, and check only that brand.
describe('facet totals follow every listing change in the same transaction', () => {
  const facetCount = async (brand: string, city?: string) => {
    const body = (await t.app.inject(`/api/cars/facets/?brand=kia${city ? `&city=${city}` : ''}`)).json()
    return body.models.find((m: { slug: string }) => m.slug === brand)?.count ?? 0
  }
  const countsMatchListings = async () => {
    // Recompute every rollup row from listings and compare with what the triggers kept.
    const [diff] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sql`(
      with p as (select * from listings where status = 'published'),
      expected as (
        select nw.newness, ct.city_id, bm.brand_id, bm.model_id, count(*)::int as n
        from p
        cross join lateral (values ('all'), (case when p.is_new then 'new' else 'used' end)) nw(newness)
        cross join lateral (values (0), (p.city_id)) ct(city_id)
        cross join lateral (values (0, 0), (p.brand_id, 0), (p.brand_id, p.model_id)) bm(brand_id, model_id)
        group by 1, 2, 3, 4
      )
      (select newness, city_id, brand_id, model_id, n from expected
        except select newness, city_id, brand_id, model_id, n from listing_counts)
      union all
      (select newness, city_id, brand_id, model_id, n from listing_counts where n <> 0
        except select newness, city_id, brand_id, model_id, n from expected)
    ) as diff`)
    return diff?.n ?? -1
  }

  test('publishing, selling, moving, editing and deleting keep the totals exact', async () => {
    expect(await countsMatchListings()).toBe(0)
    const draft = await createListing(t.db, { brand: 'kia', model: 'rio', status: 'draft', publishedAt: null })
    expect(await facetCount('rio')).toBe(0)
    await t.db.execute(sql`update listings set status = 'published', published_at = now() where id = ${draft.id}`)
    expect(await facetCount('rio')).toBe(1)
    expect(await facetCount('rio', 'almaty')).toBe(1)
    // Views are not a counted column: the total stays.
    await t.db.execute(sql`update listings set views_count = views_count + 1 where id = ${draft.id}`)
    expect(await facetCount('rio')).toBe(1)
    await t.db.execute(
      sql`update listings set city_id = (select id from cities where slug = 'astana') where id = ${draft.id}`,
    )
    expect(await facetCount('rio', 'almaty')).toBe(0)
    expect(await facetCount('rio', 'astana')).toBe(1)
    await t.db.execute(
      sql`update listings set model_id = (select id from models where slug = 'sportage') where id = ${draft.id}`,
    )
    expect(await facetCount('rio')).toBe(0)
    expect(await facetCount('sportage')).toBe(1)
    const newOne = await search('brand=kia&newness=new')
    expect(newOne.count).toBe(0)
    await t.db.execute(sql`update listings set is_new = true where id = ${draft.id}`)
    expect((await search('brand=kia&newness=new')).count).toBe(1)
    await t.db.execute(sql`update listings set status = 'sold' where id = ${draft.id}`)
    expect(await facetCount('sportage')).toBe(0)
    expect((await search('brand=kia')).count).toBe(0)
    const a = await createListing(t.db, { brand: 'kia', model: 'rio' })
    await createListing(t.db, { brand: 'kia', model: 'rio' })
    expect(await facetCount('rio')).toBe(2)
    await t.db.execute(sql`delete from listings where id = ${a.id}`)
    expect(await facetCount('rio')).toBe(1)
    expect(await countsMatchListings()).toBe(0)
  })

  test('a multi-row statement (a bulk import) is counted once per row', async () => {
    const before = await facetCount('cerato')
    const owner = await createUser(t.db)
    await t.db.execute(sql`
      insert into listings (owner_id, status, brand_id, model_id, city_id, year, body_type, steering, engine_type,
        transmission, drive, colour, mileage, mileage_km, price_kzt, contact_phone, published_at)
      select ${owner.id}, s, (select id from brands where slug = 'kia'),
        (select id from models where slug = 'cerato'), (select id from cities where slug = 'almaty'), 2015, 'sedan',
        'left', 'petrol', 'AT', 'FWD', (select code from colours limit 1), 1000, 1000, 5000000, '+77010000000', now()
      from unnest(array['published', 'published', 'draft', 'published']::listing_status[]) s`)
    expect(await facetCount('cerato')).toBe(before + 3)
    await t.db.execute(
      sql`update listings set status = 'archived' where model_id = (select id from models where slug = 'cerato')`,
    )
    expect(await facetCount('cerato')).toBe(0)
    expect(await countsMatchListings()).toBe(0)
  })
})

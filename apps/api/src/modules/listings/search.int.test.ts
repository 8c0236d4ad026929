import { encodeListingCursor, LISTING_SORTS, type ListingSort } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import {
  byName,
  type Car,
  cars,
  ctx,
  expectedIds,
  hidden,
  newestFirst,
  search,
} from '../../testing/search-catalogue.ts'

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
    const res = await ctx.t.app.inject(`/api/cars/?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/problem+json')
    const body = res.json()
    expect(body).toMatchObject({ status: 400, code: 'validation.failed' })
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field)
  })

  test('every bad field is reported at once', async () => {
    const res = await ctx.t.app.inject('/api/cars/?drive=AWD&page=0&colour=red')
    const fields = res.json().errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['query.drive', 'query.page', 'query.colour']))
  })
})

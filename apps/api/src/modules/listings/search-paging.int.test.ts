import { LISTING_SORTS, type ListingSort } from '@tulpar/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createListing, createListings, createUser } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { COUNT_SAMPLE_SIZE } from './search.service.ts'

/*
 * Numbered pages, keyset cursors and counts. 45 Hyundai Accents with many equal sort keys (so pages break
 * inside runs of ties), four of them published in the same millisecond but different microseconds, right
 * at the boundary between the first and second page of the newest-first order.
 */

let t: Awaited<ReturnType<typeof createTestApp>>

interface Row {
  id: number
  priceKzt: number
  year: number
  mileageKm: number
  /** Microseconds since the epoch, as PostgreSQL keeps it. */
  publishedUs: number
}
let rows: Row[] = []

const BASE_US = Date.UTC(2026, 10, 1) * 1000

beforeAll(async () => {
  t = await createTestApp()
  const owner = await createUser(t.db)
  const varied = (i: number) => ({
    priceKzt: 5_000_000 + (i % 4) * 500_000,
    year: 2010 + (i % 3),
    mileageKm: 50_000 + (i % 5) * 10_000,
  })
  const made = await createListings(t.db, 45, { ownerId: owner.id, brand: 'hyundai', model: 'accent' }, (i) => ({
    ...varied(i),
    mileage: varied(i).mileageKm,
  }))
  // Publication times: 18 distinct minutes, then 4 in one millisecond (microseconds in the reverse order of
  // ids, so a key rounded to milliseconds would lose or repeat some), then the rest, older.
  rows = []
  for (const [i, { id }] of made.entries()) {
    const us =
      i < 18 ? BASE_US + (100 - i) * 60_000_000 : i < 22 ? BASE_US + 50 * 60_000_000 + (30 - i) : BASE_US - i * 1000
    await t.db.execute(
      sql`update listings set published_at = timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond' where id = ${id}`,
    )
    rows.push({ id, ...varied(i), publishedUs: us })
  }
  // Rows come back in insertion order, so ids grow with i.
  expect(made.map((m) => m.id)).toEqual([...made.map((m) => m.id)].sort((a, b) => a - b))
}, 180_000)
afterAll(() => t.close())

const ORDER: Record<ListingSort, (a: Row, b: Row) => number> = {
  newest: (a, b) => b.publishedUs - a.publishedUs || b.id - a.id,
  price_asc: (a, b) => a.priceKzt - b.priceKzt || a.id - b.id,
  price_desc: (a, b) => b.priceKzt - a.priceKzt || b.id - a.id,
  year_desc: (a, b) => b.year - a.year || b.id - a.id,
  mileage_asc: (a, b) => a.mileageKm - b.mileageKm || a.id - b.id,
}

interface Page {
  results: { id: number }[]
  count: number
  countIsExact: boolean
  page: number
  pageCount: number
  nextCursor: string | null
}
async function search(query: string): Promise<Page> {
  const res = await t.app.inject(`/api/cars/?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const idsOf = (p: Page) => p.results.map((r) => r.id)

async function walk(query: string, from: string | null = null): Promise<{ ids: number[]; requests: number }> {
  const ids: number[] = []
  let cursor: string | null = from
  let requests = 0
  do {
    const page: Page = await search(`${query}${cursor ? `&cursor=${cursor}` : ''}`)
    requests++
    ids.push(...idsOf(page))
    cursor = page.nextCursor
    if (requests > 10) throw new Error('the cursor never ends')
  } while (cursor)
  return { ids, requests }
}

describe('keyset cursor', () => {
  test.each(LISTING_SORTS)('sort=%s: following nextCursor visits every car once, in order', async (sort) => {
    const { ids, requests } = await walk(`brand=hyundai&sort=${sort}`)
    expect(ids).toEqual([...rows].sort(ORDER[sort]).map((r) => r.id))
    expect(new Set(ids).size).toBe(45)
    expect(requests).toBe(3)
  })

  test('the microsecond ties at the page boundary are really there', () => {
    const sorted = [...rows].sort(ORDER.newest)
    const boundary = sorted.slice(18, 22)
    expect(new Set(boundary.map((r) => Math.floor(r.publishedUs / 1000))).size).toBe(1)
    // Ids run against the time order inside that millisecond.
    expect(boundary.map((r) => r.id)).toEqual([...boundary.map((r) => r.id)].sort((a, b) => a - b))
  })

  test('the cursor after page 1 leads to the same cars as page 2', async () => {
    for (const sort of LISTING_SORTS) {
      const first = await search(`brand=hyundai&sort=${sort}`)
      const second = await search(`brand=hyundai&sort=${sort}&page=2`)
      const next = await search(`brand=hyundai&sort=${sort}&cursor=${first.nextCursor}`)
      expect(idsOf(next)).toEqual(idsOf(second))
    }
  })

  test('a car published between two requests neither repeats nor hides a car', async () => {
    const first = await search('brand=hyundai&model=accent&sort=newest')
    const fresh = await createListing(t.db, { brand: 'hyundai', model: 'accent', city: 'astana' })
    try {
      const rest = await walk('brand=hyundai&model=accent&sort=newest', first.nextCursor)
      const seen = [...idsOf(first), ...rest.ids]
      expect(seen).toEqual([...rows].sort(ORDER.newest).map((r) => r.id))
      expect(seen).not.toContain(fresh.id)
    } finally {
      await t.db.execute(sql`delete from listings where id = ${fresh.id}`)
    }
  })

  test('the last page has no next cursor', async () => {
    const last = await search('brand=hyundai&page=3')
    expect(last.results).toHaveLength(5)
    expect(last.nextCursor).toBeNull()
    expect((await search('brand=hyundai&yearFrom=2012')).nextCursor).toBeNull()
  })
})

describe('numbered pages', () => {
  test('pages of 20 cover the matches in order, with the reachable page count', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => search(`brand=hyundai&sort=price_asc&page=${p}`)))
    expect(pages.map((p) => p.results.length)).toEqual([20, 20, 5])
    expect(pages.flatMap(idsOf)).toEqual([...rows].sort(ORDER.price_asc).map((r) => r.id))
    for (const p of pages) expect(p).toMatchObject({ count: 45, countIsExact: true, pageCount: 3 })
  })

  test('a page past the end is empty but still counts the matches', async () => {
    expect(await search('brand=hyundai&page=4')).toMatchObject({ results: [], count: 45, pageCount: 3, page: 4 })
    expect(await search('brand=hyundai&yearFrom=2011&page=100')).toMatchObject({ results: [], count: 30 })
  })

  test('a filtered first page that is not full is its own exact count', async () => {
    const p = await search('brand=hyundai&yearFrom=2012&mileageMax=60000')
    const expected = rows.filter((r) => r.year >= 2012 && r.mileageKm <= 60_000)
    expect(p).toMatchObject({ count: expected.length, countIsExact: true, pageCount: 1 })
    expect(p.results).toHaveLength(expected.length)
  })

  test('a filtered count beyond a page is counted exactly', async () => {
    const p = await search('brand=hyundai&yearTo=2011&page=2')
    expect(p).toMatchObject({ count: 30, countIsExact: true, pageCount: 2 })
  })
})

describe('counts beyond brand, model, city and newness', () => {
  // More Kia Rios than the count samples, so other filters on Kia are estimated: the older half are 2015,
  // the newer half 2016; each is published a second after the one before, so the cheapest are the oldest.
  const MANY = COUNT_SAMPLE_SIZE + 100
  beforeAll(async () => {
    await createListings(t.db, MANY, { brand: 'kia', model: 'rio', city: 'karaganda' }, (i) => ({
      year: i < MANY / 2 ? 2015 : 2016,
      priceKzt: 3_000_000 + i,
      publishedAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
    }))
  }, 180_000)

  test('brand, model, city and newness filters are counted exactly however many match', async () => {
    for (const q of ['brand=kia', 'brand=kia&model=rio', 'city=karaganda', 'brand=kia&city=karaganda&newness=used']) {
      expect(await search(q)).toMatchObject({ count: MANY, countIsExact: true, pageCount: 100 })
    }
    expect(await search('')).toMatchObject({ count: MANY + 45, countIsExact: true })
    expect(await search('newness=new')).toMatchObject({ count: 0, countIsExact: true })
  })

  test('other filters on a large brand are estimated from its newest listings, to two digits', async () => {
    // Sample size 2,000 of 2,100 Rios; the newer 1,050 are 2016. The newest 2,000 hold all 1,050 of them:
    // 2,100 x 1,050 / 2,000 = 1,102.5, shown as 1,100.
    expect(COUNT_SAMPLE_SIZE).toBe(2000)
    expect(await search('brand=kia&yearFrom=2016')).toMatchObject({ count: 1100, countIsExact: false, pageCount: 55 })
    // ... and 950 of the 1,050 from 2015 (the 100 oldest are outside the sample): 997.5, really 1,050.
    expect(await search('brand=kia&yearTo=2015')).toMatchObject({ count: 1000, countIsExact: false })
  })

  test('an estimate is never below the cars the pages already show', async () => {
    // The 31 cheapest Rios are the oldest, none in the sample: the estimate is 0, the first page shows 20
    // and knows of one more. The second page, not full, knows them all.
    expect(await search('brand=kia&priceTo=3000030')).toMatchObject({ count: 21, countIsExact: false })
    expect(await search('brand=kia&priceTo=3000030&page=2')).toMatchObject({ count: 31, countIsExact: true })
  })

  test('a filter whose first page is not full is counted exactly, even on a large brand', async () => {
    expect(await search(`brand=kia&priceFrom=${3_000_000 + MANY - 10}`)).toMatchObject({
      count: 10,
      countIsExact: true,
      pageCount: 1,
    })
  })

  test('page 100 is the last numbered page; its cursor reaches the cars beyond it', async () => {
    const last = await search('brand=kia&sort=price_asc&page=100')
    expect(last.results).toHaveLength(20)
    expect(last.results[0]).toMatchObject({ priceKzt: 3_000_000 + 1980 })
    const beyond = await search(`brand=kia&sort=price_asc&cursor=${last.nextCursor}`)
    expect(beyond.results.map((r) => (r as unknown as { priceKzt: number }).priceKzt)).toEqual(
      Array.from({ length: 20 }, (_, i) => 3_000_000 + 2000 + i),
    )
    expect(beyond.nextCursor).not.toBeNull()
  })
})

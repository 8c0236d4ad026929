import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listings, promotions } from '../../db/schema.ts'
import { seedDemoPromotions } from '../../db/seed/demo/promotions.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { camryMarket } from '../../testing/camry-market.ts'
import { createListing, createListings, setRole } from '../../testing/factories.ts'
import { promotionHelpers } from '../../testing/promotions.ts'
import { createTestApp } from '../../testing/test-app.ts'

// Paid promotion in the catalogue (decision 033): marked slots above the page without touching its order, the label
// and the highlight, paid hot offers beside the staff's own, a raise, and a deal rating money cannot buy.
let t: Awaited<ReturnType<typeof createTestApp>>
const { signUp } = accountHelpers(() => t.app)
const { buy } = promotionHelpers(() => t)
const market = camryMarket(() => t.db)
let seller: Awaited<ReturnType<typeof signUp>>
const HOUR = 3_600_000
type Card = { id: number; isPromoted: boolean; isHighlighted: boolean; isHot: boolean; publishedAt: string }
type Page = { results: Card[]; promoted: Card[] }

beforeAll(async () => {
  t = await createTestApp()
  seller = await signUp()
  await market.build()
})
afterAll(() => t.close())

const search = async (query: string): Promise<Page> => {
  const res = await t.app.inject({ url: `/api/cars/?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const ids = (cards: Card[]) => cards.map((c) => c.id)
const runTop = (listingIds: number[], until: Date | null) =>
  t.db.update(listings).set({ topUntil: until }).where(inArray(listings.id, listingIds))

describe('top placements in the catalogue', () => {
  test('at most two matching top placements take the marked slots; the page keeps its own order', async () => {
    // Lada Grantas in Astana: 30 of them, two pages, five with a running top placement and one that ran out.
    const made = await createListings(t.db, 30, { brand: 'lada', model: 'granta', city: 'astana' }, (i) => ({
      ownerId: seller.id,
      priceKzt: 3_000_000 + i * 10_000,
      publishedAt: new Date(Date.UTC(2026, 10, 1, i)),
    }))
    const query = 'brand=lada&model=granta&city=astana&sort=price_asc'
    const before = await search(query)
    const beforeSecond = await search(`${query}&page=2`)
    expect(before.promoted).toEqual([])

    const running = ids(made as Card[]).filter((_, i) => i % 6 === 0)
    await runTop(running, new Date(Date.now() + 24 * HOUR))
    await runTop([(made[1] as { id: number }).id], new Date(Date.now() - 1000))
    for (const [page, was] of [
      [await search(query), before],
      [await search(`${query}&page=2`), beforeSecond],
    ] as const) {
      expect(page.promoted).toHaveLength(2)
      for (const c of page.promoted) expect(running).toContain(c.id)
      expect(page.promoted.every((c) => c.isPromoted)).toBe(true)
      // The order of the page is the one it had before anything was promoted.
      expect(ids(page.results)).toEqual(ids(was.results))
    }
    // The slots follow the filters: none of the promoted cars is a Camry in Almaty.
    const camrys = await search('brand=toyota&model=camry&city=almaty')
    expect(camrys.promoted).toEqual([])
    // A filter that none of them matches leaves the slots empty.
    expect((await search(`${query}&priceFrom=3250000`)).promoted).toEqual([])
    await runTop(running, null)
  })

  test('a bought top placement is labelled in the slots; a highlight is drawn and labelled on the card', async () => {
    const car = await createListing(t.db, { ownerId: seller.id, brand: 'lada', model: 'granta', city: 'shymkent' })
    const plain = await createListing(t.db, { ownerId: seller.id, brand: 'lada', model: 'granta', city: 'shymkent' })
    await buy(seller.auth, car.id, 'top')
    await buy(seller.auth, plain.id, 'highlight')
    const page = await search('brand=lada&model=granta&city=shymkent')
    expect(ids(page.promoted)).toEqual([car.id])
    const highlighted = page.results.find((c) => c.id === plain.id)
    expect(highlighted).toMatchObject({ isHighlighted: true, isPromoted: true })
    expect(page.results.find((c) => c.id === car.id)).toMatchObject({ isHighlighted: false, isPromoted: true })
  })
})

describe('hot offers and raises', () => {
  test('a paid hot offer is among the hot offers while it runs; a car staff mark hot stays there unpaid', async () => {
    const staff = await signUp()
    await setRole(t.db, staff.id, 'admin')
    const paid = await createListing(t.db, { ownerId: seller.id, brand: 'lada', model: 'granta', city: 'aktobe' })
    const marked = await createListing(t.db, { ownerId: seller.id, brand: 'lada', model: 'granta', city: 'aktobe' })
    const flags = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/listings/${marked.id}/flags/`,
      headers: staff.auth,
      payload: { isHot: true },
    })
    expect(flags.statusCode, flags.body).toBe(200)
    await buy(seller.auth, paid.id, 'hot')
    const hot = await search('city=aktobe&hot=true')
    expect(ids(hot.results).sort()).toEqual([paid.id, marked.id].sort())
    expect(hot.results.find((c) => c.id === paid.id)).toMatchObject({ isHot: true, isPromoted: true })
    expect(hot.results.find((c) => c.id === marked.id)).toMatchObject({ isHot: true, isPromoted: false })
    // Its time over (before the run clears it), the paid one is no longer hot.
    await t.db
      .update(listings)
      .set({ hotUntil: new Date(Date.now() - 1000) })
      .where(eq(listings.id, paid.id))
    expect(ids((await search('city=aktobe&hot=true')).results)).toEqual([marked.id])
  })

  test('a raise puts the car first among the newest; buyers still see its first publication date', async () => {
    const old = new Date(Date.UTC(2026, 0, 5, 9))
    const car = await createListing(t.db, {
      ownerId: seller.id,
      brand: 'lada',
      model: 'granta',
      city: 'karaganda',
      publishedAt: old,
    })
    const fresh = await createListing(t.db, { ownerId: seller.id, brand: 'lada', model: 'granta', city: 'karaganda' })
    expect(ids((await search('city=karaganda&sort=newest')).results)).toEqual([fresh.id, car.id])
    await buy(seller.auth, car.id, 'raise')
    const page = await search('city=karaganda&sort=newest')
    expect(ids(page.results)).toEqual([car.id, fresh.id])
    expect(page.results[0]?.publishedAt).toBe(old.toISOString())
    expect((await t.app.inject({ url: `/api/cars/${car.id}/` })).json().publishedAt).toBe(old.toISOString())
  })
})

describe('what money cannot buy', () => {
  test("a promoted car's deal rating, market estimate and VIN line equal those of the same car unpromoted", async () => {
    const vin = 'XW7BF4FK5GS104417'
    const cheap = market.ids.cheap as number
    await t.db.update(listings).set({ ownerId: seller.id, vin }).where(eq(listings.id, cheap))
    // The same VIN listed before, and sold.
    await createListing(t.db, { status: 'sold', vin, publishedAt: new Date(Date.UTC(2025, 5, 1)) })
    const seen = async () => {
      await t.services.valuation.refreshListingEstimate(cheap)
      const car = (await t.app.inject({ url: `/api/cars/${cheap}/` })).json()
      return { dealRating: car.dealRating, valuation: car.valuation, vinSeenBefore: car.vinSeenBefore }
    }
    // And listed again after this car was, before its raise: not "before" this car, raised or not.
    await createListing(t.db, { status: 'sold', vin, publishedAt: new Date() })
    const unpromoted = await seen()
    expect(unpromoted.dealRating).toBe('great')
    expect(unpromoted.vinSeenBefore).toMatchObject({ listings: 1 })
    for (const product of ['raise', 'top', 'hot', 'highlight'] as const) await buy(seller.auth, cheap, product)
    const card = (await t.app.inject({ url: `/api/cars/${cheap}/` })).json()
    expect(card).toMatchObject({ isPromoted: true, isHighlighted: true, isHot: true })
    expect(await seen()).toEqual(unpromoted)
  })
})

describe('demo data', () => {
  test('the demo gets a few running promotions on its newest cars, once: slots, labels and highlights show', async () => {
    // A demo database has no promotions before its seed: this file's own go first.
    await t.db.delete(promotions)
    await t.db.update(listings).set({ topUntil: null, hotUntil: null, highlightUntil: null })
    const made = await seedDemoPromotions(t.db, new Date())
    expect(made).toBeGreaterThanOrEqual(6)
    expect(await seedDemoPromotions(t.db, new Date())).toBe(0)
    const page = await search('sort=newest')
    expect(page.promoted).toHaveLength(2)
    expect(page.results.some((c) => c.isHighlighted && c.isPromoted)).toBe(true)
    const running = await t.db.select().from(promotions).where(eq(promotions.status, 'active'))
    expect(running.every((p) => p.paymentId !== null && p.endsAt !== null)).toBe(true)
  })
})

import { asc, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { favourites, listingPriceHistory, listings } from '../../db/schema.ts'
import { useDealerDesk } from '../../testing/dealer-desk.ts'
import { createListing } from '../../testing/factories.ts'

/*
 * The dealer desk's bulk steps (issue 38): one call, one transaction, only the dealer's own cars on sale, through
 * selling's one price change path (history, favouriters' drop alerts, moderation after a big drop).
 */

const { t, acc, desk, call } = useDealerDesk({
  others: { buyer: { name: 'Покупатель' } },
  car: (acc) => ({ ownerId: acc.owner.id, priceKzt: 10_000_000 }),
})

const bulk = (dealerId: number, body: object, auth?: Record<string, string>) =>
  call('POST', `/dealers/${dealerId}/stock/bulk/`, auth, body)

let dealerId = 0
let otherDealerId = 0
let a = 0
let b = 0
let draft = 0
let foreign = 0

const pricesOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ id: listings.id, priceKzt: listings.priceKzt, status: listings.status })
        .from(listings)
        .where(inArray(listings.id, ids))
    ).map((r) => [r.id, `${r.priceKzt}:${r.status}`]),
  )

beforeAll(async () => {
  ;({ dealerId, otherDealerId, car: a } = desk)
  b = (await createListing(t.db, { ownerId: acc.manager.id, dealerId, priceKzt: 8_000_000 })).id
  draft = (await createListing(t.db, { ownerId: acc.owner.id, dealerId, status: 'draft', priceKzt: 5_000_000 })).id
  foreign = (await createListing(t.db, { ownerId: acc.otherOwner.id, dealerId: otherDealerId, priceKzt: 9_000_000 })).id
  await t.db.insert(favourites).values({ userId: acc.buyer.id, listingId: a, priceKztAtSave: 10_000_000 })
  await t.jobs.drain(['listing-event', 'alert'])
})

describe('POST /api/dealers/{id}/stock/bulk/', () => {
  test('a manager lowers two cars by 10%: the price history grows, the favouriters hear of the drop', async () => {
    const res = await bulk(dealerId, { action: 'price_percent', ids: [a, b], percent: -10 }, acc.manager.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      action: 'price_percent',
      changed: [
        { id: a, status: 'published', priceKzt: 9_000_000 },
        { id: b, status: 'published', priceKzt: 7_200_000 },
      ],
    })
    const history = await t.db
      .select({ priceKzt: listingPriceHistory.priceKzt })
      .from(listingPriceHistory)
      .where(eq(listingPriceHistory.listingId, a))
      .orderBy(asc(listingPriceHistory.changedAt), asc(listingPriceHistory.id))
    expect(history.map((h) => h.priceKzt)).toEqual([10_000_000, 9_000_000])
    expect(await t.jobs.drain(['listing-event', 'alert'])).toBeGreaterThan(0)
  })

  test('the owner sets one price; a drop over 20% sends the car back to moderation, as for one car', async () => {
    const res = await bulk(dealerId, { action: 'price_set', ids: [b], priceKzt: 5_000_000 }, acc.owner.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().changed).toEqual([{ id: b, status: 'moderation', priceKzt: 5_000_000 }])
  })

  test('a foreign car, a draft or an unknown id among the ids: 404, and nothing changes', async () => {
    const before = await pricesOf([a, draft, foreign])
    for (const other of [foreign, draft, 999_999]) {
      const res = await bulk(dealerId, { action: 'price_percent', ids: [a, other], percent: 5 }, acc.owner.auth)
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().code).toBe('listing.not_found')
      const sold = await bulk(dealerId, { action: 'sold', ids: [a, other] }, acc.owner.auth)
      expect(sold.statusCode).toBe(404)
    }
    expect(await pricesOf([a, draft, foreign])).toEqual(before)
    expect(await t.jobs.drain(['listing-event', 'alert'])).toBe(0)
  })

  test('a price out of the step form bounds, a zero or too large percentage and bad ids are 400s; nothing changes', async () => {
    const before = await pricesOf([a])
    const cases: object[] = [
      { action: 'price_set', ids: [a], priceKzt: 0 },
      { action: 'price_set', ids: [a], priceKzt: 10 ** 15 },
      { action: 'price_percent', ids: [a], percent: 0 },
      { action: 'price_percent', ids: [a], percent: 51 },
      { action: 'price_percent', ids: [a], percent: 1.5 },
      { action: 'price_percent', ids: [], percent: 5 },
      { action: 'price_percent', ids: [a, a], percent: 5 },
      { action: 'sold', ids: Array.from({ length: 201 }, (_, i) => i + 1) },
      { action: 'delete', ids: [a] },
      { action: 'sold', ids: [a], extra: true },
    ]
    for (const body of cases)
      expect((await bulk(dealerId, body, acc.owner.auth)).statusCode, JSON.stringify(body)).toBe(400)
    expect(await pricesOf([a])).toEqual(before)
  })

  test("another dealer's owner, a private user and staff are refused; a guest is asked to sign in", async () => {
    for (const who of [acc.otherOwner, acc.privateUser, acc.moderator]) {
      const res = await bulk(dealerId, { action: 'sold', ids: [a] }, who.auth)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('dealer.not_member')
    }
    // Through its own dealer, another dealer's owner still cannot reach this dealer's car.
    expect((await bulk(otherDealerId, { action: 'sold', ids: [a] }, acc.otherOwner.auth)).statusCode).toBe(404)
    expect((await bulk(dealerId, { action: 'sold', ids: [a] })).statusCode).toBe(401)
    expect((await pricesOf([a]))[a]).toMatch(/:published$/)
  })

  test('the owner marks a car sold: it leaves the sale and its favouriters are told', async () => {
    const res = await bulk(dealerId, { action: 'sold', ids: [a] }, acc.owner.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().changed).toEqual([{ id: a, status: 'sold', priceKzt: 9_000_000 }])
    expect(await t.jobs.drain(['listing-event', 'alert'])).toBeGreaterThan(0)
    // Sold is no longer on sale: a second step on it is refused.
    expect((await bulk(dealerId, { action: 'sold', ids: [a] }, acc.owner.auth)).statusCode).toBe(404)
  })
})

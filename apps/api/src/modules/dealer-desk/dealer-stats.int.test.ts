import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { conversations, favourites, leads, listingPhoneReveals, listings, listingViews } from '../../db/schema.ts'
import { useDealerDesk } from '../../testing/dealer-desk.ts'
import { createListing } from '../../testing/factories.ts'
import { viewDay } from '../listings/index.ts'

/* The dealer desk's statistics (issue 38): per car and per day, for the dealer's people only. */

const { t, acc, desk, call } = useDealerDesk({
  others: { buyer: { name: 'Покупатель' }, buyer2: { name: 'Второй Покупатель' } },
  // The all-time count on the listing: the statistics count each day's reveals instead.
  car: (acc) => ({ ownerId: acc.manager.id, phoneRevealsCount: 7 }),
})

const DAY_MS = 86_400_000
const get = (url: string, auth?: Record<string, string>) => call('GET', url, auth)
let ipN = 0
/** A buyer taps "show the number" on the car page (each from an address of its own: the reveal limits are per IP). */
const reveal = (id: number) =>
  t.app.inject({ method: 'POST', url: `/api/cars/${id}/phone/`, remoteAddress: `10.9.0.${++ipN}` })

let dealerId = 0
let otherDealerId = 0
let car = 0
let quietCar = 0
let soldCar = 0
let foreignCar = 0
const today = viewDay(new Date())
const daysAgo = (n: number) => viewDay(new Date(Date.now() - n * DAY_MS))

beforeAll(async () => {
  ;({ dealerId, otherDealerId, car } = desk)
  quietCar = (await createListing(t.db, { ownerId: acc.owner.id, dealerId })).id
  soldCar = (await createListing(t.db, { ownerId: acc.owner.id, dealerId, status: 'sold' })).id
  foreignCar = (await createListing(t.db, { ownerId: acc.otherOwner.id, dealerId: otherDealerId })).id
  await t.db.insert(listingViews).values([
    { listingId: car, day: today, visitorHash: 'a' },
    { listingId: car, day: today, visitorHash: 'b' },
    { listingId: car, day: daysAgo(3), visitorHash: 'a' },
    // Outside the default 30 days, and another dealer's car: neither is counted.
    { listingId: car, day: daysAgo(40), visitorHash: 'a' },
    { listingId: foreignCar, day: today, visitorHash: 'a' },
    { listingId: soldCar, day: today, visitorHash: 'a' },
  ])
  await t.db.insert(listingPhoneReveals).values([
    { listingId: car, day: daysAgo(3), reveals: 4 },
    // Outside the default 30 days: not counted.
    { listingId: car, day: daysAgo(40), reveals: 9 },
  ])
  // Today's reveals come through the car page itself.
  for (const id of [car, car, foreignCar]) expect((await reveal(id)).statusCode).toBe(200)
  expect((await reveal(soldCar)).statusCode).toBe(409)
  await t.db.insert(favourites).values([
    { userId: acc.buyer.id, listingId: car },
    { userId: acc.buyer2.id, listingId: car, createdAt: new Date(Date.now() - 3 * DAY_MS) },
    { userId: acc.buyer.id, listingId: foreignCar },
  ])
  await t.db.insert(leads).values([
    { kind: 'callback', listingId: car, phone: '+77015550000', userId: acc.buyer.id },
    { kind: 'credit', listingId: car, phone: '+77015550000', userId: acc.buyer.id },
    { kind: 'callback', listingId: foreignCar, phone: '+77015550000', userId: acc.buyer.id },
  ])
  await t.db.insert(conversations).values([
    { kind: 'listing', listingId: car, buyerId: acc.buyer.id },
    { kind: 'listing', listingId: car, buyerId: acc.buyer2.id },
  ])
})

describe('GET /api/dealers/{id}/stats/', () => {
  test("each reveal of a seller's number adds to its car's counter of the day; a car not on sale counts none", async () => {
    const counters = await t.db
      .select({ listingId: listingPhoneReveals.listingId, reveals: listingPhoneReveals.reveals })
      .from(listingPhoneReveals)
      .where(eq(listingPhoneReveals.day, today))
    expect(counters.sort((a, b) => a.listingId - b.listingId)).toEqual(
      [
        { listingId: car, reveals: 2 },
        { listingId: foreignCar, reveals: 1 },
      ].sort((a, b) => a.listingId - b.listingId),
    )
    // The listing's all-time count goes on as before.
    const [row] = await t.db.select({ n: listings.phoneRevealsCount }).from(listings).where(eq(listings.id, car))
    expect(row?.n).toBe(9)
  })

  test("the owner sees per car and per day views, number reveals, favourites, call-backs and chats of the dealer's cars on sale", async () => {
    const res = await get(`/dealers/${dealerId}/stats/`, acc.owner.auth)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.to).toBe(today)
    expect(body.from).toBe(daysAgo(29))
    expect(body.totals).toEqual({ views: 3, reveals: 6, favourites: 2, callbacks: 1, chats: 2 })
    expect(body.cars.map((c: { id: number }) => c.id)).toEqual([car, quietCar])
    const [first, quiet] = body.cars
    expect(first.totals).toEqual({ views: 3, reveals: 6, favourites: 2, callbacks: 1, chats: 2 })
    expect(first.days).toEqual([
      { day: daysAgo(3), views: 1, reveals: 4, favourites: 1, callbacks: 0, chats: 0 },
      { day: today, views: 2, reveals: 2, favourites: 1, callbacks: 1, chats: 2 },
    ])
    expect(quiet.days).toEqual([])
    expect(typeof first.title).toBe('string')
  })

  test('a manager sees the same; a narrower range counts only its days', async () => {
    const res = await get(`/dealers/${dealerId}/stats/?from=${today}&to=${today}`, acc.manager.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().totals).toEqual({ views: 2, reveals: 2, favourites: 1, callbacks: 1, chats: 2 })
  })

  test("another dealer's owner, a private user and staff are refused; a guest is asked to sign in", async () => {
    for (const who of [acc.otherOwner, acc.privateUser, acc.moderator]) {
      const res = await get(`/dealers/${dealerId}/stats/`, who.auth)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('dealer.not_member')
    }
    expect((await get(`/dealers/${dealerId}/stats/`)).statusCode).toBe(401)
    expect((await get('/dealers/999999/stats/', acc.owner.auth)).statusCode).toBe(404)
  })

  test('a reversed range, a range over 92 days and a malformed day are 400s', async () => {
    const reversed = await get(`/dealers/${dealerId}/stats/?from=${today}&to=${daysAgo(1)}`, acc.owner.auth)
    expect(reversed.statusCode).toBe(400)
    const long = await get(`/dealers/${dealerId}/stats/?from=${daysAgo(100)}`, acc.owner.auth)
    expect(long.statusCode).toBe(400)
    const bad = await get(`/dealers/${dealerId}/stats/?from=yesterday`, acc.owner.auth)
    expect(bad.statusCode).toBe(400)
    const unknown = await get(`/dealers/${dealerId}/stats/?limit=5`, acc.owner.auth)
    expect(unknown.statusCode).toBe(400)
  })

  test("the statistics never count another dealer's car, and the foreign car's numbers stay its own", async () => {
    const res = await get(`/dealers/${otherDealerId}/stats/`, acc.otherOwner.auth)
    expect(res.statusCode).toBe(200)
    expect(res.json().totals).toEqual({ views: 1, reveals: 1, favourites: 1, callbacks: 1, chats: 0 })
    const [row] = await t.db.select({ id: listings.id }).from(listings).where(eq(listings.id, foreignCar))
    expect(row?.id).toBe(foreignCar)
  })
})

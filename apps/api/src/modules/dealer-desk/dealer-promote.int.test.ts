import { count, eq, inArray } from 'drizzle-orm'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { listings, payments, promotions } from '../../db/schema.ts'
import { checkoutHelpers, paymentIdOf } from '../../testing/checkout.ts'
import { useDealerDesk } from '../../testing/dealer-desk.ts'
import { createListing } from '../../testing/factories.ts'

/*
 * Bulk promotion from the dealer desk (issue 38, item 3; decision 033): one product for several of the dealer's cars
 * on sale, one payment of the total at the local checkout, each car's promotion from the payment's confirmation; all
 * or none; the refunds of a bulk order made once, when none of its cars runs.
 */

const { t, acc, desk, call } = useDealerDesk({
  others: {},
  car: (acc) => ({ ownerId: acc.owner.id }),
})
const { press, notify } = checkoutHelpers(() => t)

type Auth = Record<string, string>
interface BulkOrderSeen {
  orders: { id: number; listingId: number; status: string; amountKzt: number; checkoutUrl: string | null }[]
  totalKzt: number
  checkoutUrl: string
}
const promote = (body: object, auth?: Auth, dealerId = desk.dealerId) =>
  call('POST', `/dealers/${dealerId}/stock/promote/`, auth, body)
/** An order that must be taken (201). */
async function bulkOrder(body: object, auth: Auth = acc.owner.auth): Promise<BulkOrderSeen> {
  const res = await promote(body, auth)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}
/** A car of the dealer on sale, the owner's unless told. */
const dealerCar = async (overrides: Parameters<typeof createListing>[1] = {}) =>
  (await createListing(t.db, { ownerId: acc.owner.id, dealerId: desk.dealerId, ...overrides })).id
const rowsOf = (ids: number[]) => t.db.select().from(promotions).where(inArray(promotions.id, ids))
const statusesOf = async (o: BulkOrderSeen) =>
  (await rowsOf(o.orders.map((x) => x.id))).sort((x, y) => x.id - y.id).map((r) => [r.listingId, r.status, r.refundKzt])
const topUntil = async (id: number) =>
  (await t.db.select({ at: listings.topUntil }).from(listings).where(eq(listings.id, id)))[0]?.at ?? null
const counts = async () => ({
  promotions: (await t.db.select({ n: count() }).from(promotions))[0]?.n,
  payments: (await t.db.select({ n: count() }).from(payments))[0]?.n,
})
/** Runs the queued refunds through the provider: the amounts it was asked to give back, by payment. */
async function runRefunds() {
  const provider = t.services.payments.provider
  if (!provider) throw new Error('no provider')
  const refund = vi.spyOn(provider, 'refund')
  await t.jobs.drain(['payment-refund'])
  const asked = refund.mock.calls.map(([paymentId, amountKzt]) => ({ paymentId, amountKzt }))
  refund.mockRestore()
  return asked
}

beforeEach(async () => {
  await t.jobs.drain()
})

describe('POST /api/dealers/{id}/stock/promote/', () => {
  test('the owner promotes two cars in one payment of the total; each runs from the confirmation', async () => {
    const a = desk.car
    const b = await dealerCar()
    const o = await bulkOrder({ ids: [a, b], product: 'top', days: 7 })
    expect(o.totalKzt).toBe(2 * 4990)
    expect(o.orders.map((x) => [x.listingId, x.status, x.amountKzt, x.checkoutUrl])).toEqual([
      [a, 'awaiting_payment', 4990, null],
      [b, 'awaiting_payment', 4990, null],
    ])
    const paymentId = paymentIdOf(o.checkoutUrl)
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId))
    expect(payment).toMatchObject({ amountKzt: 9980, status: 'pending' })
    // Ordered, not paid: nothing runs.
    expect(await topUntil(a)).toBeNull()

    const paid = await press(o.checkoutUrl, 'pay')
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(`/dealer/${desk.dealerId}?payment=paid`)
    const rows = await rowsOf(o.orders.map((x) => x.id))
    expect(rows.map((r) => r.status)).toEqual(['active', 'active'])
    for (const r of rows) {
      expect(r.paymentId).toBe(paymentId)
      expect(r.dealerId).toBe(desk.dealerId)
      expect(r.buyerId).toBe(acc.owner.id)
      expect(r.endsAt?.getTime()).toBe((r.startsAt?.getTime() ?? 0) + 7 * 86_400_000)
      expect((await topUntil(r.listingId ?? 0))?.getTime()).toBe(r.endsAt?.getTime())
    }
    // The same period is not paid twice: the product runs for one of them, so the whole order is refused.
    const again = await promote({ ids: [await dealerCar(), a], product: 'top', days: 7 }, acc.owner.auth)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('promotion.already_active')
  })

  test("a manager may promote the dealer's cars, a car of the owner's included", async () => {
    const mine = await dealerCar({ ownerId: acc.manager.id })
    const owners = await dealerCar()
    const o = await bulkOrder({ ids: [mine, owners], product: 'hot', days: 7 }, acc.manager.auth)
    expect(o.totalKzt).toBe(2 * 3990)
    await press(o.checkoutUrl, 'pay')
    expect((await statusesOf(o)).map(([, status]) => status)).toEqual(['active', 'active'])
  })

  test("another dealer's person, a private seller and staff are refused, a guest is asked to sign in: nothing is stored", async () => {
    const car = await dealerCar()
    const before = await counts()
    for (const who of [acc.otherOwner, acc.privateUser, acc.moderator]) {
      const res = await promote({ ids: [car], product: 'top', days: 7 }, who.auth)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('dealer.not_member')
    }
    // Through its own dealer, another dealer's owner still cannot reach this dealer's car.
    const sideways = await promote({ ids: [car], product: 'top', days: 7 }, acc.otherOwner.auth, desk.otherDealerId)
    expect(sideways.statusCode).toBe(404)
    expect(sideways.json().code).toBe('promotion.listing_not_found')
    expect((await promote({ ids: [car], product: 'top', days: 7 })).statusCode).toBe(401)
    expect(await counts()).toEqual(before)
  })

  test('all or none: a car of another dealer, a car not on sale, a product off the price list; bad bodies are 400s', async () => {
    const car = await dealerCar()
    const foreign = (await createListing(t.db, { ownerId: acc.otherOwner.id, dealerId: desk.otherDealerId })).id
    const privateCar = (await createListing(t.db, { ownerId: acc.privateUser.id })).id
    const sold = await dealerCar({ status: 'sold' })
    const draft = await dealerCar({ status: 'draft' })
    const before = await counts()
    for (const other of [foreign, privateCar, 999_999_999]) {
      const res = await promote({ ids: [car, other], product: 'top', days: 7 }, acc.owner.auth)
      expect(res.statusCode, `${other}`).toBe(404)
      expect(res.json().code).toBe('promotion.listing_not_found')
    }
    for (const off of [sold, draft]) {
      const res = await promote({ ids: [car, off], product: 'highlight', days: 7 }, acc.owner.auth)
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('promotion.listing_not_published')
    }
    const unknown = await promote({ ids: [car], product: 'top', days: 5 }, acc.owner.auth)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().code).toBe('promotion.unknown_product')
    const bad: object[] = [
      { ids: [], product: 'top', days: 7 },
      { ids: [car, car], product: 'top', days: 7 },
      { ids: Array.from({ length: 51 }, (_, i) => i + 1), product: 'top', days: 7 },
      { ids: [car], product: 'gold', days: 7 },
      { ids: [car], product: 'top', days: 7, extra: 1 },
    ]
    for (const body of bad) expect((await promote(body, acc.owner.auth)).statusCode, JSON.stringify(body)).toBe(400)
    expect(await counts()).toEqual(before)
  })

  test('a failed or cancelled payment leaves nothing running on any of the cars', async () => {
    const ids = [await dealerCar(), await dealerCar()]
    for (const outcome of ['fail', 'cancel'] as const) {
      const o = await bulkOrder({ ids, product: 'top', days: 3 })
      await press(o.checkoutUrl, outcome)
      expect((await statusesOf(o)).map(([, status]) => status)).toEqual(['cancelled', 'cancelled'])
    }
    for (const id of ids) expect(await topUntil(id)).toBeNull()
  })

  test('a car sold early gets its unused days back, in one refund of the payment once none of its cars runs', async () => {
    const [a, b] = [await dealerCar(), await dealerCar()]
    const o = await bulkOrder({ ids: [a, b], product: 'top', days: 7 })
    await press(o.checkoutUrl, 'pay')
    const sold = await t.app.inject({ method: 'POST', url: `/api/listings/${a}/sold/`, headers: acc.owner.auth })
    expect(sold.statusCode, sold.body).toBe(200)
    await t.jobs.drain(['listing-event'])
    const unused = Math.floor((4990 * 6) / 7)
    expect(await statusesOf(o)).toEqual([
      [a, 'ended', unused],
      [b, 'active', 0],
    ])
    // The payment is refunded once: not while the other car's top placement runs.
    expect(await runRefunds()).toEqual([])
    expect((await t.services.promotions.runDue()).refunded).toBe(0)

    const past = new Date(Date.now() - 1000)
    await t.db
      .update(promotions)
      .set({ endsAt: past })
      .where(
        inArray(
          promotions.id,
          o.orders.map((x) => x.id),
        ),
      )
    expect(await t.services.promotions.runDue()).toMatchObject({ expired: 1, refunded: 1 })
    const paymentId = paymentIdOf(o.checkoutUrl)
    expect(await runRefunds()).toEqual([{ paymentId, amountKzt: unused }])
    const [payment] = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId))
    expect(payment?.status).toBe('refunded')
    expect((await t.services.promotions.runDue()).refunded).toBe(0)
  })

  test('money that comes late runs on the cars still free; a taken one waits for the others, and all back if none is', async () => {
    const [a, b] = [await dealerCar(), await dealerCar()]
    const late = await bulkOrder({ ids: [a, b], product: 'highlight', days: 7 })
    await press(late.checkoutUrl, 'cancel')
    // Meanwhile b gets its highlight on its own.
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/promotions/orders/',
      headers: acc.owner.auth,
      payload: { listingId: b, product: 'highlight', days: 7 },
    })
    await press(single.json().checkoutUrl, 'pay')
    const paidLate = (o: { checkoutUrl: string }) =>
      notify(JSON.stringify({ paymentId: paymentIdOf(o.checkoutUrl), status: 'paid' }))
    expect((await paidLate(late)).statusCode).toBe(200)
    expect(await statusesOf(late)).toEqual([
      [a, 'active', 0],
      [b, 'refunded', 1990],
    ])
    expect(await runRefunds()).toEqual([])

    // Late money for cars none of which is on sale any more goes back at once, in full.
    const [c, d] = [await dealerCar(), await dealerCar()]
    const none = await bulkOrder({ ids: [c, d], product: 'hot', days: 7 })
    await press(none.checkoutUrl, 'cancel')
    await t.db
      .update(listings)
      .set({ status: 'sold' })
      .where(inArray(listings.id, [c, d]))
    await paidLate(none)
    expect(await statusesOf(none)).toEqual([
      [c, 'refunded', 3990],
      [d, 'refunded', 3990],
    ])
    expect(await runRefunds()).toEqual([{ paymentId: paymentIdOf(none.checkoutUrl), amountKzt: 2 * 3990 }])
  })

  test("a payment refunded in full stops every car's promotion at once", async () => {
    const ids = [await dealerCar(), await dealerCar()]
    const o = await bulkOrder({ ids, product: 'top', days: 14 })
    await press(o.checkoutUrl, 'pay')
    expect(await t.services.payments.refund(paymentIdOf(o.checkoutUrl))).toBe(true)
    expect((await statusesOf(o)).map(([, status, refund]) => [status, refund])).toEqual([
      ['refunded', 8490],
      ['refunded', 8490],
    ])
    for (const id of ids) expect(await topUntil(id)).toBeNull()
  })
})

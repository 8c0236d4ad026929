import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { auditEvents, dealerMembers, listings, outboxMessages, payments, promotions } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { paymentIdOf } from '../../testing/checkout.ts'
import { createVerifiedDealer } from '../../testing/dealers.ts'
import { createListing, setRole } from '../../testing/factories.ts'
import { promotionHelpers } from '../../testing/promotions.ts'
import { createTestApp } from '../../testing/test-app.ts'

// Paid promotion (issue 38 part 4, decision 033): who may buy, paying at the local checkout, what a failed, late or
// refunded payment leaves, the expiry job and its notice, and a sold or deleted car's refund.
let t: Awaited<ReturnType<typeof createTestApp>>
const { signUp } = accountHelpers(() => t.app)
const { orderRes, order, buy, orderOf, press, notify } = promotionHelpers(() => t)
type Account = Awaited<ReturnType<typeof signUp>>
let seller: Account
let other: Account
let staff: Account
const DAY = 86_400_000

beforeAll(async () => {
  t = await createTestApp()
  seller = await signUp()
  other = await signUp()
  staff = await signUp()
  await setRole(t.db, staff.id, 'moderator')
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.jobs.drain()
})

const carOf = (ownerId: string, overrides: Parameters<typeof createListing>[1] = {}) =>
  createListing(t.db, { ownerId, ...overrides })
const listingRow = async (id: number) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0]
const promotionRow = async (id: number) => (await t.db.select().from(promotions).where(eq(promotions.id, id)))[0]
const paymentStatus = async (id: string) =>
  (await t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]?.status
const card = async (id: number) =>
  (await t.app.inject({ url: `/api/cars/${id}/` })).json() as { isPromoted: boolean; isHot: boolean }
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

describe('who may buy a promotion', () => {
  test('the price list is public; a guest is asked to sign in before ordering', async () => {
    const prices = await t.app.inject({ url: '/api/promotions/prices/' })
    expect(prices.statusCode).toBe(200)
    expect(prices.json().results).toContainEqual({ product: 'top', days: 7, priceKzt: 4990 })
    const car = await carOf(seller.id)
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/promotions/orders/',
      payload: { listingId: car.id, product: 'top', days: 7 },
    })
    expect(guest.statusCode).toBe(401)
  })

  test("nobody buys for someone else's car, staff included: 404 as for a car that does not exist", async () => {
    const car = await carOf(seller.id)
    for (const who of [other, staff]) {
      const res = await orderRes(who.auth, car.id, 'top')
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('promotion.listing_not_found')
      expect((await t.app.inject({ url: `/api/promotions/listings/${car.id}/`, headers: who.auth })).statusCode).toBe(
        404,
      )
    }
    expect((await orderRes(other.auth, 999_999_999, 'top')).json().code).toBe('promotion.listing_not_found')
    expect(await t.db.select().from(promotions).where(eq(promotions.listingId, car.id))).toEqual([])
  })

  test("a member of the listing's dealer buys for the dealer's car; removed, they no longer can", async () => {
    const manager = await signUp()
    const dealerId = await createVerifiedDealer(t.db, { bin: '000000000000', managerIds: [manager.id] })
    const car = await carOf(seller.id, { dealerId })
    const bought = await buy(manager.auth, car.id, 'highlight')
    expect(bought.status).toBe('active')
    // The dealer's people see its receipts; a stranger does not.
    expect((await orderOf(seller.auth, bought.id)).status).toBe('active')
    expect((await t.app.inject({ url: `/api/promotions/orders/${bought.id}/`, headers: other.auth })).statusCode).toBe(
      404,
    )
    await t.db.delete(dealerMembers).where(eq(dealerMembers.userId, manager.id))
    expect((await orderRes(manager.auth, car.id, 'top')).statusCode).toBe(404)
  })

  test('only a car on sale can be promoted: a draft or a sold car is refused (409)', async () => {
    for (const status of ['sold', 'moderation'] as const) {
      const car = await carOf(seller.id, { status })
      const res = await orderRes(seller.auth, car.id, 'top')
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('promotion.listing_not_published')
    }
  })

  test('a product and duration not on the price list is refused (400)', async () => {
    const car = await carOf(seller.id)
    const res = await orderRes(seller.auth, car.id, 'top', 5)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('promotion.unknown_product')
  })
})

describe('paying for a promotion', () => {
  test('the owner buys a top placement at the local checkout; it runs from the confirmation for its days', async () => {
    const car = await carOf(seller.id)
    const o = await order(seller.auth, car.id, 'top')
    expect(o).toMatchObject({ status: 'awaiting_payment', endsAt: null })
    // Ordered, not paid: nothing runs.
    expect((await listingRow(car.id))?.topUntil).toBeNull()
    expect((await card(car.id)).isPromoted).toBe(false)

    const paid = await press(o.checkoutUrl, 'pay')
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(`/account/listings/${car.id}/promote?order=${o.id}&payment=paid`)
    const seen = await orderOf(seller.auth, o.id)
    expect(seen.status).toBe('active')
    const row = await promotionRow(o.id)
    expect(row?.endsAt?.getTime()).toBe((row?.startsAt?.getTime() ?? 0) + 7 * DAY)
    expect((await listingRow(car.id))?.topUntil?.getTime()).toBe(row?.endsAt?.getTime())
    expect((await card(car.id)).isPromoted).toBe(true)
    const mine = (await t.app.inject({ url: '/api/promotions/orders/', headers: seller.auth })).json().results
    expect(mine.map((r: { id: number }) => r.id)).toContain(o.id)
  })

  test('the same period is not paid twice: a second order is refused, and a second payment is given back', async () => {
    const car = await carOf(seller.id)
    // Two orders started before either is paid (two tabs): both may reach the checkout.
    const first = await order(seller.auth, car.id, 'hot')
    const second = await order(seller.auth, car.id, 'hot')
    await press(first.checkoutUrl, 'pay')
    const refused = await orderRes(seller.auth, car.id, 'hot')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('promotion.already_active')
    const endsAt = (await listingRow(car.id))?.hotUntil?.getTime()

    await press(second.checkoutUrl, 'pay')
    expect(await orderOf(seller.auth, second.id)).toMatchObject({ status: 'refunded', refundKzt: 3990 })
    expect((await listingRow(car.id))?.hotUntil?.getTime()).toBe(endsAt)
    expect(await runRefunds()).toEqual([{ paymentId: paymentIdOf(second.checkoutUrl), amountKzt: 3990 }])
    expect(await paymentStatus(paymentIdOf(second.checkoutUrl))).toBe('refunded')
    // Another product for the same car is its own period.
    expect((await orderRes(seller.auth, car.id, 'highlight')).statusCode).toBe(201)
  })

  test('a failed or cancelled payment leaves nothing running', async () => {
    const car = await carOf(seller.id)
    for (const outcome of ['fail', 'cancel'] as const) {
      const o = await order(seller.auth, car.id, 'hot')
      await press(o.checkoutUrl, outcome)
      expect((await orderOf(seller.auth, o.id)).status).toBe('cancelled')
    }
    expect((await listingRow(car.id))?.hotUntil).toBeNull()
    expect(await card(car.id)).toMatchObject({ isHot: false, isPromoted: false })
  })

  test('money that comes after a cancelled payment buys the promotion, or goes back when the period is taken', async () => {
    const car = await carOf(seller.id)
    const late = await order(seller.auth, car.id, 'top')
    await press(late.checkoutUrl, 'cancel')
    const paidLate = (o: { checkoutUrl: string }) =>
      notify(JSON.stringify({ paymentId: paymentIdOf(o.checkoutUrl), status: 'paid' }))
    expect((await paidLate(late)).statusCode).toBe(200)
    expect((await orderOf(seller.auth, late.id)).status).toBe('active')

    const again = await order(seller.auth, car.id, 'highlight')
    await press(again.checkoutUrl, 'cancel')
    await buy(seller.auth, car.id, 'highlight')
    await paidLate(again)
    expect(await orderOf(seller.auth, again.id)).toMatchObject({ status: 'refunded', refundKzt: 1990 })
    expect(await runRefunds()).toEqual([{ paymentId: paymentIdOf(again.checkoutUrl), amountKzt: 1990 }])
  })

  test('a payment refunded in full stops its promotion at once', async () => {
    const car = await carOf(seller.id)
    const o = await order(seller.auth, car.id, 'highlight')
    await press(o.checkoutUrl, 'pay')
    expect(await t.services.payments.refund(paymentIdOf(o.checkoutUrl))).toBe(true)
    expect(await orderOf(seller.auth, o.id)).toMatchObject({ status: 'refunded', refundKzt: 1990 })
    expect((await listingRow(car.id))?.highlightUntil).toBeNull()
    expect((await card(car.id)).isPromoted).toBe(false)
  })
})

describe('the end of a promotion', () => {
  test('the promotions run tells the seller a day before the end (once), then ends it when its time is over', async () => {
    const car = await carOf(seller.id, { brand: 'kia', model: 'rio', year: 2019 })
    const o = await buy(seller.auth, car.id, 'top')
    const soon = new Date(Date.now() + 12 * 3_600_000)
    await t.db.update(promotions).set({ endsAt: soon }).where(eq(promotions.id, o.id))
    expect((await t.services.promotions.runDue()).noticed).toBe(1)
    expect((await t.services.promotions.runDue()).noticed).toBe(0)
    await t.jobs.drain(['promotion-notice', 'email'])
    const inbox = (await t.app.inject({ url: '/api/messages/', headers: seller.auth })).json().results as {
      body: string
      kind: string
    }[]
    expect(inbox.filter((m) => m.kind === 'system').map((m) => m.body)).toContainEqual(
      expect.stringMatching(/^Услуга «Топ-размещение» для объявления Kia Rio, 2019 закончится /),
    )
    const mail = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, seller.email), eq(outboxMessages.channel, 'email')))
    expect(mail.map((m) => m.subject)).toContain('Kia Rio, 2019: «Топ-размещение» заканчивается завтра')

    const past = new Date(Date.now() - 1000)
    await t.db.update(promotions).set({ endsAt: past }).where(eq(promotions.id, o.id))
    await t.db.update(listings).set({ topUntil: past }).where(eq(listings.id, car.id))
    expect((await t.services.promotions.runDue()).expired).toBe(1)
    expect(await orderOf(seller.auth, o.id)).toMatchObject({ status: 'ended', refundKzt: 0 })
    expect((await listingRow(car.id))?.topUntil).toBeNull()
    expect(await runRefunds()).toEqual([])
  })

  test("a sold car's promotions end at once: the unused full days come back, a raise's money does not", async () => {
    const car = await carOf(seller.id)
    const top = await buy(seller.auth, car.id, 'top')
    const raise = await buy(seller.auth, car.id, 'raise')
    const sold = await t.app.inject({ method: 'POST', url: `/api/listings/${car.id}/sold/`, headers: seller.auth })
    expect(sold.statusCode, sold.body).toBe(200)
    await t.jobs.drain(['listing-event'])
    // Bought moments ago: six of the seven days are whole and unused.
    expect(await orderOf(seller.auth, top.id)).toMatchObject({ status: 'ended', refundKzt: Math.floor((4990 * 6) / 7) })
    expect(await orderOf(seller.auth, raise.id)).toMatchObject({ status: 'ended', refundKzt: 0 })
    expect((await promotionRow(top.id))?.endReason).toBe('sold')
    const topPayment = (await promotionRow(top.id))?.paymentId
    expect(await runRefunds()).toEqual([{ paymentId: topPayment, amountKzt: 4277 }])
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.refunded'), eq(auditEvents.targetId, String(topPayment))))
    expect(audit[0]?.after).toMatchObject({ amountKzt: 4277 })
  })

  test("a deleted car's promotion ends by the next promotions run, with the same refund rule", async () => {
    const car = await carOf(seller.id)
    const o = await buy(seller.auth, car.id, 'highlight')
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/listings/${car.id}/`, headers: seller.auth })
    expect(gone.statusCode, gone.body).toBe(200)
    expect((await t.services.promotions.runDue()).ended).toBe(1)
    const row = await promotionRow(o.id)
    expect(row).toMatchObject({ status: 'ended', endReason: 'removed', listingId: null })
    expect(row?.refundKzt).toBe(Math.floor((1990 * 6) / 7))
    // The receipt stays in the account after the car is gone.
    expect((await orderOf(seller.auth, o.id)).status).toBe('ended')
  })
})

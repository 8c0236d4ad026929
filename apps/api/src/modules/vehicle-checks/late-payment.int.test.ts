import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { payments, vehicleReports } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { checkoutHelpers, paymentIdOf } from '../../testing/checkout.ts'
import { createTestApp } from '../../testing/test-app.ts'

// Issue 35: money that arrives after the provider had failed or cancelled the payment (its own timeout, a bank
// that answered late) must either buy the report or go back, once; it used to be ignored and kept.
let t: Awaited<ReturnType<typeof createTestApp>>
const { signUp } = accountHelpers(() => t.app)
let buyer: Awaited<ReturnType<typeof signUp>>
const VIN = 'XW7BF4FK5GS104417'

beforeAll(async () => {
  t = await createTestApp()
  buyer = await signUp()
})
afterAll(() => t.close())
// Each test counts the refunds it causes: none left over from another.
beforeEach(async () => {
  await t.jobs.drain()
  vi.restoreAllMocks()
})

const { orderCheck, press, notify } = checkoutHelpers(() => t)
const order = () => orderCheck(buyer.auth, VIN)
const payAgain = async (id: number) =>
  (
    await t.app.inject({ method: 'POST', url: `/api/vehicle-checks/orders/${id}/pay/`, headers: buyer.auth })
  ).json() as { checkoutUrl: string }
/** The provider's signed webhook: the payment is paid. */
const notifyPaid = (paymentId: string) => notify(JSON.stringify({ paymentId, status: 'paid' }))
const orderOf = async (id: number) =>
  (await t.app.inject({ url: `/api/vehicle-checks/orders/${id}/`, headers: buyer.auth })).json()
const reportsOf = (orderId: number) => t.db.select().from(vehicleReports).where(eq(vehicleReports.orderId, orderId))
const statusOf = async (paymentId: string) =>
  (await t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId)))[0]?.status
/** Runs the queued refunds through the provider adapter; answers how many jobs ran and how many refunds it made. */
async function runRefunds() {
  const provider = t.services.payments.provider
  if (!provider) throw new Error('no provider')
  const refund = vi.spyOn(provider, 'refund')
  const jobs = await t.jobs.drain(['payment-refund'])
  const refunds = refund.mock.calls.map(([paymentId]) => paymentId)
  refund.mockRestore()
  return { jobs, refunds }
}

describe('a paid notification that comes after the payment had ended', () => {
  for (const ended of ['cancel', 'fail'] as const) {
    test(`after ${ended === 'cancel' ? 'cancelled' : 'failed'}: the order is fulfilled (its report made), once, even when told twice and at once`, async () => {
      const o = await order()
      const paymentId = paymentIdOf(o.checkoutUrl)
      await press(o.checkoutUrl, ended)
      expect((await orderOf(o.id)).status).toBe(ended === 'cancel' ? 'cancelled' : 'failed')

      // The provider's late webhook, delivered twice at the same moment, then once more.
      const [a, b] = await Promise.all([notifyPaid(paymentId), notifyPaid(paymentId)])
      expect([a.statusCode, b.statusCode]).toEqual([200, 200])
      expect((await notifyPaid(paymentId)).statusCode).toBe(200)
      expect(await t.services.payments.settle(paymentId, 'paid')).toBe(false)

      expect(await statusOf(paymentId)).toBe('paid')
      expect(await orderOf(o.id)).toMatchObject({ status: 'paid', report: { status: 'generating' } })
      expect(await reportsOf(o.id)).toHaveLength(1)
      expect(await t.jobs.drain(['vehicle-report'])).toBe(1)
      expect((await reportsOf(o.id))[0]?.status).toBe('ready')
      // Nothing is refunded: the money bought the report.
      expect(await runRefunds()).toEqual({ jobs: 0, refunds: [] })
      expect(await statusOf(paymentId)).toBe('paid')
    })
  }

  test('for an order another payment has paid since: the late payment is refunded, once; the order keeps its report', async () => {
    const o = await order()
    const first = paymentIdOf(o.checkoutUrl)
    await press(o.checkoutUrl, 'cancel')
    const again = await payAgain(o.id)
    const second = paymentIdOf(again.checkoutUrl)
    await press(again.checkoutUrl, 'pay')
    expect(await reportsOf(o.id)).toHaveLength(1)

    // The first payment's money arrives after all, told twice at once and once more.
    await Promise.all([notifyPaid(first), notifyPaid(first)])
    await notifyPaid(first)
    expect(await statusOf(first)).toBe('paid')
    expect(await runRefunds()).toEqual({ jobs: 1, refunds: [first] })
    expect(await statusOf(first)).toBe('refunded')
    expect(await statusOf(second)).toBe('paid')
    // Told again after the refund: nothing more happens.
    await notifyPaid(first)
    expect(await runRefunds()).toEqual({ jobs: 0, refunds: [] })
    expect(await orderOf(o.id)).toMatchObject({ status: 'paid', report: { status: 'generating' } })
    expect(await reportsOf(o.id)).toHaveLength(1)
  })

  test('a second payment that pays an order paid already is refunded, once', async () => {
    const o = await order()
    const again = await payAgain(o.id)
    await press(o.checkoutUrl, 'pay')
    const second = paymentIdOf(again.checkoutUrl)
    await Promise.all([notifyPaid(second), notifyPaid(second)])
    expect(await runRefunds()).toEqual({ jobs: 1, refunds: [second] })
    expect(await statusOf(second)).toBe('refunded')
    expect(await orderOf(o.id)).toMatchObject({ status: 'paid' })
    expect(await reportsOf(o.id)).toHaveLength(1)
  })

  test('for an order that can no longer be fulfilled (refunded after its report failed): refunded', async () => {
    const o = await order()
    const first = paymentIdOf(o.checkoutUrl)
    await press(o.checkoutUrl, 'fail')
    const again = await payAgain(o.id)
    await press(again.checkoutUrl, 'pay')
    // The order's money went back (as after a report that could not be made).
    await t.services.payments.refund(paymentIdOf(again.checkoutUrl))
    expect((await orderOf(o.id)).status).toBe('refunded')

    await notifyPaid(first)
    expect(await runRefunds()).toEqual({ jobs: 1, refunds: [first] })
    expect(await statusOf(first)).toBe('refunded')
    expect(await orderOf(o.id)).toMatchObject({ status: 'refunded' })
  })

  test('a refund the provider refuses fails its job for the queue to retry; the payment waits as refunding', async () => {
    const o = await order()
    const again = await payAgain(o.id)
    await press(o.checkoutUrl, 'pay')
    const second = paymentIdOf(again.checkoutUrl)
    await notifyPaid(second)
    const provider = t.services.payments.provider
    if (!provider) throw new Error('no provider')
    const refund = vi.spyOn(provider, 'refund').mockRejectedValueOnce(new Error('provider down'))
    // The first try fails, and the queue keeps the job for a retry (due a few seconds later: 'payment-refund'
    // retries with backoff, jobs.queue.ts).
    expect(await t.jobs.drain(['payment-refund'])).toBe(1)
    expect(refund).toHaveBeenCalledTimes(1)
    expect(await statusOf(second)).toBe('refunding')
    // What the retry does: ask again (same idempotency key at a real provider) and record the refund.
    expect(await t.services.payments.refund(second)).toBe(true)
    expect(refund).toHaveBeenCalledTimes(2)
    expect(await statusOf(second)).toBe('refunded')
  })
})

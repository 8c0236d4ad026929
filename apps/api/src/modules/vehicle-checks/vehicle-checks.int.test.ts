import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { checkOrders, leads, listings, payments, vehicleReports } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { checkoutHelpers, checkoutPath, paymentIdOf } from '../../testing/checkout.ts'
import { createListing } from '../../testing/factories.ts'
import { type Account, useAccounts, useTestApp } from '../../testing/suite.ts'
import { createLocalProvider, createPaymentsService } from '../payments/index.ts'
import { createVehicleChecksService } from './index.ts'

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { buyer, other, admin } = useAccounts(t, {
  buyer: {},
  other: {},
  admin: { role: 'admin' },
})
const VIN = 'XW7BF4FK5GS104417'
const day = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 10))

beforeAll(async () => {
  const seller = await signUp()
  // The demo's rolled-back Camry: 98,000 km at a sale in 2023, 151,000 at one in 2025, offered now with 112,000.
  for (const [status, at, km] of [
    ['sold', day(2023, 7), 98_000],
    ['sold', day(2025, 1), 151_000],
    ['published', day(2026, 10), 112_000],
  ] as const)
    await createListing(t.db, {
      ownerId: seller.id,
      vin: VIN,
      status,
      publishedAt: at,
      year: 2016,
      mileage: km,
      mileageKm: km,
    })
})

const { press, notify } = checkoutHelpers(() => t)
const order = (a: Account | null, payload: object = { vin: VIN }) =>
  t.app.inject({ method: 'POST', url: '/api/vehicle-checks/orders/', payload, headers: a ? a.auth : {} })
const reportsOf = (orderId: number) => t.db.select().from(vehicleReports).where(eq(vehicleReports.orderId, orderId))
const paymentOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]
const orderOf = async (a: Account, id: number) =>
  (await t.app.inject({ url: `/api/vehicle-checks/orders/${id}/`, headers: a.auth })).json()

type EstimateCar = Parameters<typeof createVehicleChecksService>[0]['valuation']['estimateCar']
/** The product with a valuation of the test's own, paid through a local provider of its own (signed with `secret`). */
function checksValuedBy(secret: string, estimateCar: EstimateCar) {
  const payments = createPaymentsService({
    db: t.db,
    publicUrl: 'http://localhost:3000',
    provider: createLocalProvider('http://localhost:3000', secret),
  })
  const checks = createVehicleChecksService({
    db: t.db,
    jobs: t.jobs,
    limiter: t.limiter,
    payments,
    valuation: { estimateCar },
    publicUrl: 'http://localhost:3000',
    priceKzt: 4_990,
  })
  return { payments, checks }
}

describe('ordering and paying', () => {
  test('a guest is asked to sign in (401); a bad VIN is 400 and stores nothing', async () => {
    expect((await order(null)).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/vehicle-checks/reports/' })).statusCode).toBe(401)
    const before = await t.db.$count(checkOrders)
    const bad = await order(buyer, { vin: 'NOT-A-VIN!' })
    expect(bad.statusCode).toBe(400)
    expect(await t.db.$count(checkOrders)).toBe(before)
  })

  test('paid: the report is made by the job, "generating" until then, with the rolled-back reading flagged', async () => {
    const res = await order(buyer)
    expect(res.statusCode, res.body).toBe(201)
    const o = res.json()
    expect(o).toMatchObject({ status: 'awaiting_payment', amountKzt: 4_990, report: null })
    // The local checkout page shows the amount and the three outcomes.
    const page = await t.app.inject({ url: checkoutPath(o.checkoutUrl) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('4 990 ₸')
    const paid = await press(o.checkoutUrl, 'pay')
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toBe(`/check/orders/${o.id}?payment=paid`)
    const after = (await t.app.inject({ url: `/api/vehicle-checks/orders/${o.id}/`, headers: buyer.auth })).json()
    expect(after).toMatchObject({ status: 'paid', checkoutUrl: null, report: { status: 'generating' } })
    const reportId = after.report.id
    const generating = (
      await t.app.inject({ url: `/api/vehicle-checks/reports/${reportId}/`, headers: buyer.auth })
    ).json()
    expect(generating).toMatchObject({ status: 'generating', content: null })

    await t.jobs.drain()
    const report = (await t.app.inject({ url: `/api/vehicle-checks/reports/${reportId}/`, headers: buyer.auth })).json()
    expect(report.status).toBe('ready')
    expect(report.name).toBe('TulparAutoCheck: Toyota Camry, 2016')
    expect(report.content.sightings.map((s: { mileageKm: number }) => s.mileageKm)).toEqual([98_000, 151_000, 112_000])
    expect(report.content.mileage.verdict).toBe('suspicious')
    expect(report.content.mileage.flags[0]).toMatchObject({
      kind: 'rollback',
      earlier: { km: 151_000 },
      later: { km: 112_000 },
    })
    // The state registers are not pretended: not checked, with the official service.
    expect(report.content.registers).toHaveLength(4)
    for (const r of report.content.registers) {
      expect(r.status).toBe('not_checked')
      expect(r.officialUrl).toMatch(/^https:\/\//)
    }
    expect(report.content.taxPerYear?.amountKzt).toBeGreaterThan(0)
    // Listed under TulparAutoCheck reports.
    const list = (await t.app.inject({ url: '/api/vehicle-checks/reports/', headers: buyer.auth })).json()
    expect(list.results.map((r: { id: number }) => r.id)).toContain(reportId)
    // The order is a lead in the desk too.
    const [lead] = await t.db.select().from(leads).where(eq(leads.vin, VIN))
    expect(lead).toMatchObject({ kind: 'vehicle_check', userId: buyer.id })
  })

  test('the history keeps a reading in miles as typed, beside its km, and the cover photo of each listing', async () => {
    const vin = 'JTDBR32E720012345'
    const seller = await signUp()
    await createListing(t.db, {
      ownerId: seller.id,
      vin,
      status: 'sold',
      publishedAt: day(2024, 3),
      year: 2012,
      mileage: 62_000,
      mileageUnit: 'mi',
      mileageKm: 99_779,
      coverPhotoKey: 'listings/1/cover',
    })
    const o = (await order(buyer, { vin })).json()
    await press(o.checkoutUrl, 'pay')
    await t.jobs.drain(['vehicle-report'])
    const [r] = await reportsOf(o.id)
    const report = (await t.app.inject({ url: `/api/vehicle-checks/reports/${r?.id}/`, headers: buyer.auth })).json()
    expect(report.content.sightings).toEqual([
      expect.objectContaining({
        mileageKm: 99_779,
        mileage: { value: 62_000, unit: 'mi' },
        photoKey: 'listings/1/cover',
        status: 'sold',
      }),
    ])
  })

  test("the car's own listings are not its comparables: its asking price must not value it", async () => {
    const own = await t.db
      .select({ id: listings.id, brandId: listings.brandId, modelId: listings.modelId })
      .from(listings)
      .where(eq(listings.vin, VIN))
    const ids = own.map((p) => p.id)
    const car = { brandId: own[0]?.brandId ?? 0, modelId: own[0]?.modelId ?? 0, year: 2016, mileageKm: 112_000 }
    // The one on sale now would be the closest comparable of all.
    expect((await t.services.valuation.estimateCar(car)).comparableIds.some((id) => ids.includes(id))).toBe(true)
    const without = await t.services.valuation.estimateCar({ ...car, excludeListingIds: ids })
    expect(without.comparableIds.some((id) => ids.includes(id))).toBe(false)
  })

  test('after a rollback the car is valued at its highest reading, not the rolled-back one', async () => {
    const asked: { mileageKm: number; excludeListingIds?: readonly number[] }[] = []
    const { payments: spyPayments, checks } = checksValuedBy('spy-secret-spy-secret-spy-secret', async (car) => {
      asked.push(car)
      return {
        comparables: 9,
        estimate: { estimateKzt: 6_000_000, lowKzt: 5_500_000, highKzt: 6_500_000 },
        comparableIds: [],
      }
    })
    const o = await checks.createOrder(buyer, { vin: VIN })
    await spyPayments.settle(paymentIdOf(o.checkoutUrl as string), 'paid')
    const [report] = await reportsOf(o.id)
    await checks.generateReport(report?.id ?? 0)
    expect(asked.map((c) => c.mileageKm)).toEqual([151_000])
    const ready = await checks.getReport(buyer, report?.id ?? 0)
    expect(ready.content?.valuation).toMatchObject({ estimateKzt: 6_000_000, mileageKm: 151_000 })
  })

  test('a payment confirmed twice makes one report, whether by the checkout or by the signed notification', async () => {
    const o = (await order(buyer)).json()
    expect((await press(o.checkoutUrl, 'pay')).statusCode).toBe(303)
    expect((await press(o.checkoutUrl, 'pay')).statusCode).toBe(303)
    const paymentId = paymentIdOf(o.checkoutUrl)
    const again = JSON.stringify({ paymentId, status: 'paid' })
    expect((await notify(again)).statusCode).toBe(200)
    expect((await notify(again)).statusCode).toBe(200)
    expect(await t.services.payments.settle(paymentId, 'paid')).toBe(false)
    expect(await reportsOf(o.id)).toHaveLength(1)
    await t.jobs.drain()
    expect(await reportsOf(o.id)).toHaveLength(1)
    expect((await paymentOf(paymentId))?.status).toBe('paid')
  })

  test('a notification counts only when the provider signed its exact body', async () => {
    const o = (await order(buyer)).json()
    const body = JSON.stringify({ paymentId: paymentIdOf(o.checkoutUrl), status: 'paid' })
    const forged = await notify(body, 'ab'.repeat(32))
    expect(forged.statusCode).toBe(401)
    expect(forged.json().code).toBe('payment.bad_signature')
    expect((await notify(body, '')).statusCode).toBe(401)
    // Signed, but not a notification we understand: 400, not a crash; an unknown payment is 404.
    expect((await notify('{"paymentId":')).json().code).toBe('payment.bad_notification')
    expect((await notify(JSON.stringify({ paymentId: 'x', status: 'stolen' }))).statusCode).toBe(400)
    expect((await notify(JSON.stringify({ paymentId: 'no-such-payment', status: 'paid' }))).statusCode).toBe(404)
    expect(await orderOf(buyer, o.id)).toMatchObject({ status: 'awaiting_payment', report: null })
    expect(await reportsOf(o.id)).toHaveLength(0)
  })

  test('paid in two checkout tabs: one report, and the second payment is refunded', async () => {
    const o = (await order(buyer)).json()
    const second = (
      await t.app.inject({ method: 'POST', url: `/api/vehicle-checks/orders/${o.id}/pay/`, headers: buyer.auth })
    ).json()
    const [a, b] = [paymentIdOf(o.checkoutUrl), paymentIdOf(second.checkoutUrl)]
    expect(a).not.toBe(b)
    await press(o.checkoutUrl, 'pay')
    await press(second.checkoutUrl, 'pay')
    expect(await reportsOf(o.id)).toHaveLength(1)
    await t.jobs.drain(['payment-refund'])
    expect((await paymentOf(a))?.status).toBe('paid')
    expect((await paymentOf(b))?.status).toBe('refunded')
    // The refund of the duplicate leaves the order paid, with its report.
    expect(await orderOf(buyer, o.id)).toMatchObject({ status: 'paid', report: { status: 'generating' } })
  })

  test('an older attempt that fails late does not mark the order unpaid while a newer one is open', async () => {
    const o = (await order(buyer)).json()
    const second = (
      await t.app.inject({ method: 'POST', url: `/api/vehicle-checks/orders/${o.id}/pay/`, headers: buyer.auth })
    ).json()
    await press(o.checkoutUrl, 'fail')
    expect((await orderOf(buyer, o.id)).status).toBe('awaiting_payment')
    await press(second.checkoutUrl, 'cancel')
    expect((await orderOf(buyer, o.id)).status).toBe('cancelled')
  })

  test('a report that cannot be made is marked failed after the last try and the payment refunded', async () => {
    // The same product with its valuation down; its report job is run by hand, the refund by the queue.
    const { payments: broken, checks } = checksValuedBy('broken-secret-broken-secret-1234', async () => {
      throw new Error('valuation is down')
    })
    const o = await checks.createOrder(buyer, { vin: VIN })
    const paymentId = paymentIdOf(o.checkoutUrl as string)
    expect(await broken.settle(paymentId, 'paid')).toBe(true)
    const [report] = await reportsOf(o.id)
    if (!report) throw new Error('no report')
    await expect(checks.generateReport(report.id)).rejects.toThrow('valuation is down')
    expect((await reportsOf(o.id))[0]?.status).toBe('generating')
    await expect(checks.generateReport(report.id, { lastTry: true })).rejects.toThrow('valuation is down')
    expect((await reportsOf(o.id))[0]?.status).toBe('failed')
    await t.jobs.drain(['payment-refund'])
    expect((await paymentOf(paymentId))?.status).toBe('refunded')
    expect(await orderOf(buyer, o.id)).toMatchObject({ status: 'refunded', report: { status: 'failed' } })
    const seen = (await t.app.inject({ url: `/api/vehicle-checks/reports/${report.id}/`, headers: buyer.auth })).json()
    expect(seen).toMatchObject({ status: 'failed', content: null })
  })

  test('failed, then paid on a second try; cancelled stays unpaid; neither makes a report', async () => {
    const o = (await order(buyer)).json()
    await press(o.checkoutUrl, 'fail')
    let now = (await t.app.inject({ url: `/api/vehicle-checks/orders/${o.id}/`, headers: buyer.auth })).json()
    expect(now).toMatchObject({ status: 'failed', paidAt: null, report: null })
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/vehicle-checks/orders/${o.id}/pay/`,
      headers: buyer.auth,
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().checkoutUrl).not.toBe(o.checkoutUrl)
    await press(again.json().checkoutUrl, 'pay')
    now = (await t.app.inject({ url: `/api/vehicle-checks/orders/${o.id}/`, headers: buyer.auth })).json()
    expect(now.status).toBe('paid')
    expect(await reportsOf(o.id)).toHaveLength(1)
    // Paying a paid order again is refused.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/vehicle-checks/orders/${o.id}/pay/`, headers: buyer.auth }))
        .statusCode,
    ).toBe(409)

    const c = (await order(buyer)).json()
    await press(c.checkoutUrl, 'cancel')
    const cancelled = (await t.app.inject({ url: `/api/vehicle-checks/orders/${c.id}/`, headers: buyer.auth })).json()
    expect(cancelled).toMatchObject({ status: 'cancelled', report: null })
    expect(await reportsOf(c.id)).toHaveLength(0)
  })

  test("someone else's order and report are 404 for another user and for staff", async () => {
    const o = (await order(buyer)).json()
    await press(o.checkoutUrl, 'pay')
    const [r] = await reportsOf(o.id)
    for (const a of [other, admin]) {
      expect((await t.app.inject({ url: `/api/vehicle-checks/orders/${o.id}/`, headers: a.auth })).statusCode).toBe(404)
      expect((await t.app.inject({ url: `/api/vehicle-checks/reports/${r?.id}/`, headers: a.auth })).statusCode).toBe(
        404,
      )
      const pay = await t.app.inject({
        method: 'POST',
        url: `/api/vehicle-checks/orders/${o.id}/pay/`,
        headers: a.auth,
      })
      expect(pay.statusCode).toBe(404)
      const theirs = (await t.app.inject({ url: '/api/vehicle-checks/reports/', headers: a.auth })).json()
      expect(theirs.results.map((x: { id: number }) => x.id)).not.toContain(r?.id)
    }
  })

  test('orders and payment attempts are limited per user (20 an hour), the 21st is 429 and stores nothing', async () => {
    const busy = await signUp()
    for (let i = 0; i < 20; i++) expect((await order(busy)).statusCode).toBe(201)
    const before = await t.db.$count(checkOrders)
    const res = await order(busy)
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBeDefined()
    expect(await t.db.$count(checkOrders)).toBe(before)
    // Another user is not held back by it.
    expect((await order(other)).statusCode).toBe(201)
  })

  test("an amount over the provider's limit is refused before anything is recorded", async () => {
    const small = createPaymentsService({
      db: t.db,
      publicUrl: 'http://x',
      provider: createLocalProvider('http://x', 'another-secret-another-secret-12', 1_000),
    })
    const before = await t.db.$count(payments)
    await expect(
      small.start({ orderRef: 'check:0', amountKzt: 4_990, description: 'x', returnPath: '/' }),
    ).rejects.toMatchObject({
      code: 'payment.amount_over_limit',
    })
    expect(await t.db.$count(payments)).toBe(before)
  })
})

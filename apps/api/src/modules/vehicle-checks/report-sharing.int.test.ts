import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { vehicleReports } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { checkoutHelpers } from '../../testing/checkout.ts'
import { createListing } from '../../testing/factories.ts'
import { type Account, useAccounts, useTestApp } from '../../testing/suite.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { SHARE_LIMIT } from './report-sharing.ts'

const OWNER_NAME = 'Ерлан Владелецов'
const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { orderCheck, press } = checkoutHelpers(() => t)
const { owner, other, moderator } = useAccounts(t, {
  owner: { name: OWNER_NAME },
  other: {},
  moderator: { role: 'moderator' },
})
const VIN = 'XW7BF4FK5GS104417'
/**
 * Fields of the report, its order and its owner that must never reach someone the owner shared it with, at any
 * depth (the order's `amountKzt` is checked at the top: the report's tax has an `amountKzt` of its own).
 */
const PRIVATE_KEYS = [
  'id',
  'orderId',
  'order',
  'userId',
  'user',
  'name',
  'email',
  'phone',
  'payment',
  'paymentId',
  'checkoutUrl',
  'paidAt',
  'share',
  'token',
  'createdAt',
]

beforeAll(async () => {
  const seller = await signUp()
  await createListing(t.db, { ownerId: seller.id, vin: VIN, status: 'published', year: 2018, mileageKm: 90_000 })
})

/** A paid check of the VIN; its report is made by the job unless `ready` is false (then it is 'generating'). */
async function paidReport(a: Account, { ready = true } = {}): Promise<number> {
  const { id, checkoutUrl } = await orderCheck(a.auth, VIN)
  expect((await press(checkoutUrl, 'pay')).statusCode).toBe(303)
  if (ready) await t.jobs.drain(['vehicle-report'])
  const [report] = await t.db.select().from(vehicleReports).where(eq(vehicleReports.orderId, id))
  if (!report) throw new Error('no report')
  return report.id
}

const share = (a: Account | null, id: number) =>
  t.app.inject({ method: 'PUT', url: `/api/vehicle-checks/reports/${id}/share/`, headers: a ? a.auth : {} })
const stopSharing = (a: Account | null, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/vehicle-checks/reports/${id}/share/`, headers: a ? a.auth : {} })
const readShared = (token: string) => t.app.inject({ url: `/api/vehicle-checks/shared/${token}/` })
const readOwn = async (a: Account, id: number) =>
  (await t.app.inject({ url: `/api/vehicle-checks/reports/${id}/`, headers: a.auth })).json()

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf)
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
  return []
}

describe('sharing a TulparAutoCheck report', () => {
  test('the owner shares (idempotent), stops (the old link is 404), and sharing again makes a new link', async () => {
    const id = await paidReport(owner)
    expect((await readOwn(owner, id)).share).toBeNull()

    const on = await share(owner, id)
    expect(on.statusCode, on.body).toBe(200)
    const { token, url, sharedAt } = on.json()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // base64url of 32 bytes: 256 bits, never less than 128.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(url).toBe(`${TEST_PUBLIC_URL}/check/shared/${token}`)
    expect((await readOwn(owner, id)).share).toEqual({ token, url, sharedAt })
    // Again: the same link, not a new one.
    expect((await share(owner, id)).json()).toEqual({ token, url, sharedAt })

    const seen = await readShared(token)
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.headers['cache-control']).toBe('no-store')
    const report = seen.json()
    expect(report.title).toBe('TulparAutoCheck: Toyota Camry, 2018')
    expect(report.vin).toBe(VIN)
    expect(report.content.mileage.verdict).toBeDefined()
    expect(report.content).toEqual((await readOwn(owner, id)).content)

    const off = await stopSharing(owner, id)
    expect(off.statusCode).toBe(200)
    expect((await readShared(token)).statusCode).toBe(404)
    expect((await readShared(token)).json().code).toBe('check.shared_not_found')
    expect((await readOwn(owner, id)).share).toBeNull()
    // Stopping twice is no error.
    expect((await stopSharing(owner, id)).statusCode).toBe(200)

    const again = (await share(owner, id)).json()
    expect(again.token).not.toBe(token)
    expect((await readShared(again.token)).statusCode).toBe(200)
    expect((await readShared(token)).statusCode).toBe(404)
  })

  test('the public answer holds the car, the VIN and the findings: nothing of the owner, the order or the payment', async () => {
    const id = await paidReport(owner)
    const { token } = (await share(owner, id)).json()
    const res = await readShared(token)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(['content', 'title', 'vin'])
    expect(keysOf(body).filter((k) => PRIVATE_KEYS.includes(k))).toEqual([])
    expect(res.body).not.toContain(owner.email)
    expect(res.body).not.toContain(owner.id)
    expect(res.body).not.toContain(OWNER_NAME)
    expect(res.body).not.toContain('checkout')
  })

  test('a report that is not ready cannot be shared (409), and nothing is stored', async () => {
    const id = await paidReport(owner, { ready: false })
    const res = await share(owner, id)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('check.report_not_ready')
    const [row] = await t.db.select().from(vehicleReports).where(eq(vehicleReports.id, id))
    expect(row?.shareToken).toBeNull()
    // A failed report neither.
    await t.db.update(vehicleReports).set({ status: 'failed' }).where(eq(vehicleReports.id, id))
    expect((await share(owner, id)).json().code).toBe('check.report_not_ready')
  })

  test("another user and a moderator get 404 for the owner's calls, and learn nothing", async () => {
    const id = await paidReport(owner)
    const { token } = (await share(owner, id)).json()
    for (const a of [other, moderator]) {
      const on = await share(a, id)
      expect(on.statusCode).toBe(404)
      expect(on.body).not.toContain(token)
      expect(on.json().code).toBe('check.report_not_found')
      expect((await stopSharing(a, id)).statusCode).toBe(404)
      // The owner's report is still shared, at the same link.
      expect((await readShared(token)).statusCode).toBe(200)
      expect((await readOwn(owner, id)).share.token).toBe(token)
    }
    // A report that does not exist answers the same as someone else's.
    expect((await share(other, 9_999_999)).json().code).toBe('check.report_not_found')
  })

  test('a guest is asked to sign in for the owner calls (401) but reads a shared link; a bad or revoked one is 404', async () => {
    const id = await paidReport(owner)
    expect((await share(null, id)).statusCode).toBe(401)
    expect((await stopSharing(null, id)).statusCode).toBe(401)
    const { token } = (await share(owner, id)).json()
    expect((await readShared(token)).statusCode).toBe(200)
    // One character off: the right shape, not a link anyone was given.
    const near = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const bad of ['not-a-token', 'A'.repeat(43), near, "'; drop--"]) {
      const res = await readShared(encodeURIComponent(bad))
      expect(res.statusCode, bad).toBe(404)
      expect(res.json().code).toBe('check.shared_not_found')
    }
    // Longer than the router takes for a path parameter: no route, the same 404.
    expect((await readShared('x'.repeat(101))).statusCode).toBe(404)
    await stopSharing(owner, id)
    expect((await readShared(token)).statusCode).toBe(404)
  })

  test(`turning sharing on is limited per user (${SHARE_LIMIT.limit} an hour); stopping never is`, async () => {
    const busy = await signUp()
    const id = await paidReport(busy)
    for (let i = 0; i < SHARE_LIMIT.limit; i++) expect((await share(busy, id)).statusCode).toBe(200)
    const limited = await share(busy, id)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await stopSharing(busy, id)).statusCode).toBe(200)
    expect((await readOwn(busy, id)).share).toBeNull()
  })
})

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { listings, user } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createListingInModeration, setRole } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { admin, moderator, plain } = useAccounts(t, {
  admin: { email: 'boss@tulpar.kz', name: 'Админ Дана', role: 'admin' },
  moderator: { email: 'moder@tulpar.kz', name: 'Модератор Нурлан', role: 'moderator' },
  plain: { email: 'buyer@example.kz', name: 'Покупатель Асель' },
})
let listingId: number
let pendingId: number

beforeAll(async () => {
  listingId = (await createListing(t.db, { vin: 'JTDBR32E430123456' })).id
  pendingId = (await createListingInModeration(t.db)).id
})

type Call = { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: object }
const report = {
  name: 'TulparAutoCheck',
  vin: 'JTDBR32E430123456',
  reportDate: '2026-11-20',
  status: 'ready',
  summary: [],
}
const staffCalls = (): Call[] => [
  { method: 'GET', url: '/api/admin/moderation/queue/' },
  { method: 'GET', url: '/api/admin/moderation/stats/' },
  { method: 'GET', url: '/api/admin/moderation/reasons/' },
  { method: 'GET', url: `/api/admin/listings/${listingId}/` },
  { method: 'POST', url: `/api/admin/listings/${pendingId}/approve/`, payload: {} },
  { method: 'POST', url: `/api/admin/listings/${pendingId}/reject/`, payload: { reasonCode: 'duplicate' } },
  { method: 'GET', url: '/api/admin/listing-complaints/' },
  { method: 'POST', url: `/api/admin/listing-complaints/${listingId}/resolve/`, payload: { resolution: 'dismissed' } },
]
const adminCalls = (): Call[] => [
  { method: 'GET', url: '/api/admin/users/' },
  { method: 'PATCH', url: `/api/admin/users/${plain.id}/role/`, payload: { role: 'moderator' } },
  { method: 'PATCH', url: `/api/admin/listings/${listingId}/flags/`, payload: { isHot: true } },
  { method: 'POST', url: `/api/admin/listings/${listingId}/inspections/`, payload: report },
  { method: 'PUT', url: '/api/admin/inspections/1/', payload: report },
  { method: 'DELETE', url: '/api/admin/inspections/1/' },
]
const call = (c: Call, headers: Record<string, string> = {}) =>
  t.app.inject({ method: c.method, url: c.url, payload: c.payload, headers })

describe('who may use /api/admin', () => {
  test('a guest gets 401 and a plain user 403 on every route, and nothing changes', async () => {
    for (const c of [...staffCalls(), ...adminCalls()]) {
      const guest = await call(c)
      expect(guest.statusCode, `${c.method} ${c.url} as a guest`).toBe(401)
      const user = await call(c, plain.auth)
      expect(user.statusCode, `${c.method} ${c.url} as a user`).toBe(403)
      expect(user.json().code).toBe('admin.forbidden')
    }
    const [pending] = await t.db.select().from(listings).where(eq(listings.id, pendingId))
    expect(pending?.status).toBe('moderation')
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, listingId))
    expect(listing?.isHot).toBe(false)
    const [row] = await t.db.select().from(user).where(eq(user.id, plain.id))
    expect(row?.role).toBe('user')
  })

  test('a moderator reviews and decides, but cannot manage roles or Tulpar cars', async () => {
    for (const c of staffCalls().slice(0, 4)) expect((await call(c, moderator.auth)).statusCode, c.url).toBe(200)
    for (const c of adminCalls()) {
      const res = await call(c, moderator.auth)
      expect(res.statusCode, `${c.method} ${c.url} as a moderator`).toBe(403)
      expect(res.json().code).toBe('admin.admin_only')
    }
    const [row] = await t.db.select().from(user).where(eq(user.id, plain.id))
    expect(row?.role).toBe('user')
  })

  test('a moderator cannot make themselves an admin through better-auth’s own admin endpoint either', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/set-role',
      payload: { userId: moderator.id, role: 'admin' },
      headers: moderator.auth,
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    const [row] = await t.db.select().from(user).where(eq(user.id, moderator.id))
    expect(row?.role).toBe('moderator')
  })
})

describe('roles', () => {
  test('an admin finds accounts by email or phone', async () => {
    const byEmail = await t.app.inject({ url: '/api/admin/users/?q=BUYER@example', headers: admin.auth })
    expect(byEmail.statusCode).toBe(200)
    expect(byEmail.json().results).toMatchObject([{ id: plain.id, email: 'buyer@example.kz', role: 'user' }])

    await t.db.update(user).set({ phoneNumber: '+77015550011' }).where(eq(user.id, plain.id))
    const byPhone = await t.app.inject({ url: '/api/admin/users/?q=701%20555-00', headers: admin.auth })
    expect(byPhone.json().results.map((u: { id: string }) => u.id)).toEqual([plain.id])
    const wildcard = await t.app.inject({ url: '/api/admin/users/?q=%25', headers: admin.auth })
    expect(wildcard.json().results).toEqual([])
    const moderators = await t.app.inject({ url: '/api/admin/users/?role=moderator', headers: admin.auth })
    expect(moderators.json().results.map((u: { id: string }) => u.id)).toEqual([moderator.id])
  })

  test('pages through every account, newest first, without repeats or gaps', async () => {
    const ids: string[] = []
    const created: string[] = []
    let cursor: string | null = null
    do {
      const url: string = `/api/admin/users/?limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const page = (await t.app.inject({ url, headers: admin.auth })).json()
      expect(page.results.length).toBeLessThanOrEqual(2)
      for (const u of page.results) {
        ids.push(u.id)
        created.push(u.createdAt)
      }
      cursor = page.nextCursor
    } while (cursor)
    const all = await t.db.select({ id: user.id }).from(user)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(all.map((u) => u.id).sort())
    expect(created).toEqual([...created].sort().reverse())
  })

  test('an admin gives the moderator role, which opens the queue, and takes it back', async () => {
    const url = `/api/admin/users/${plain.id}/role/`
    expect((await call({ method: 'GET', url: '/api/admin/moderation/queue/' }, plain.auth)).statusCode).toBe(403)
    const give = await t.app.inject({ method: 'PATCH', url, payload: { role: 'moderator' }, headers: admin.auth })
    expect(give.statusCode).toBe(200)
    expect(give.json()).toMatchObject({ id: plain.id, role: 'moderator' })
    expect((await call({ method: 'GET', url: '/api/admin/moderation/queue/' }, plain.auth)).statusCode).toBe(200)
    const me = await t.app.inject({ url: '/api/auth/users/me/', headers: plain.auth })
    expect(me.json().role).toBe('moderator')

    const take = await t.app.inject({ method: 'PATCH', url, payload: { role: 'user' }, headers: admin.auth })
    expect(take.json().role).toBe('user')
    expect((await call({ method: 'GET', url: '/api/admin/moderation/queue/' }, plain.auth)).statusCode).toBe(403)
  })

  test('an admin cannot demote themselves, change another admin, or make admins here', async () => {
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.id}/role/`,
      payload: { role: 'user' },
      headers: admin.auth,
    })
    expect(self.statusCode).toBe(403)
    expect(self.json().code).toBe('admin.own_role')

    const other = await signUp()
    await setRole(t.db, other.id, 'admin')
    const otherAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${other.id}/role/`,
      payload: { role: 'moderator' },
      headers: admin.auth,
    })
    expect(otherAdmin.statusCode).toBe(409)
    const makeAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${plain.id}/role/`,
      payload: { role: 'admin' },
      headers: admin.auth,
    })
    expect(makeAdmin.statusCode).toBe(400)
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/nobody/role/',
      payload: { role: 'moderator' },
      headers: admin.auth,
    })
    expect(unknown.statusCode).toBe(404)
    const roles = await t.db.select({ id: user.id, role: user.role }).from(user)
    expect(roles.find((r) => r.id === admin.id)?.role).toBe('admin')
    expect(roles.find((r) => r.id === other.id)?.role).toBe('admin')
    expect(roles.find((r) => r.id === plain.id)?.role).toBe('user')
  })
})

describe('Tulpar cars', () => {
  test('an admin marks a listing as a Tulpar car, inspected and hot; buyers find it with the filter', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/listings/${listingId}/flags/`,
      payload: { isTulpar: true, isInspected: true, isHot: true },
      headers: admin.auth,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ id: listingId, isTulpar: true, isInspected: true, isHot: true })
    const tulpar = (await t.app.inject('/api/cars/?tulpar=true')).json()
    expect(tulpar.results.map((r: { id: number }) => r.id)).toEqual([listingId])
    const hot = (await t.app.inject('/api/cars/?hot=true')).json()
    expect(hot.results.map((r: { id: number }) => r.id)).toEqual([listingId])

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/listings/${listingId}/flags/`,
      payload: { isHot: false },
      headers: admin.auth,
    })
    expect(off.json()).toEqual({ id: listingId, isTulpar: true, isInspected: true, isHot: false })
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/listings/${listingId}/flags/`,
      payload: {},
      headers: admin.auth,
    })
    expect(empty.statusCode).toBe(400)
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/listings/999999999/flags/',
      payload: { isHot: true },
      headers: admin.auth,
    })
    expect(missing.statusCode).toBe(404)
  })

  test('an admin attaches an inspection report, marks it ready, and the car page lists it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${listingId}/inspections/`,
      payload: {
        name: 'TulparAutoCheck',
        vin: 'JTDBR32E430123456',
        reportDate: null,
        status: 'generating',
        summary: [
          { code: 'engine', ok: true },
          { code: 'body_paint', ok: false, note: 'Окрашено заднее крыло' },
        ],
      },
      headers: admin.auth,
    })
    expect(created.statusCode).toBe(201)
    const report = created.json()
    expect(report).toMatchObject({ listingId, status: 'generating', reportDate: null })
    let car = (await t.app.inject(`/api/cars/${listingId}/`)).json()
    expect(car.inspectionReports).toEqual([
      { id: report.id, name: 'TulparAutoCheck', reportDate: null, status: 'generating' },
    ])

    const ready = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/inspections/${report.id}/`,
      payload: {
        ...report,
        id: undefined,
        listingId: undefined,
        createdAt: undefined,
        status: 'ready',
        reportDate: '2026-11-20',
      },
      headers: admin.auth,
    })
    expect(ready.statusCode).toBe(200)
    car = (await t.app.inject(`/api/cars/${listingId}/`)).json()
    expect(car.inspectionReports[0]).toMatchObject({ status: 'ready', reportDate: '2026-11-20' })
    const review = (await t.app.inject({ url: `/api/admin/listings/${listingId}/`, headers: admin.auth })).json()
    expect(review.inspectionReports[0].summary).toEqual([
      { code: 'engine', ok: true },
      { code: 'body_paint', ok: false, note: 'Окрашено заднее крыло' },
    ])

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/inspections/${report.id}/`,
      headers: admin.auth,
    })
    expect(removed.statusCode).toBe(200)
    expect((await t.app.inject(`/api/cars/${listingId}/`)).json().inspectionReports).toEqual([])
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/inspections/${report.id}/`,
      headers: admin.auth,
    })
    expect(again.statusCode).toBe(404)
  })

  test('a ready report without a date, or a bad one, is refused', async () => {
    const bad = [
      { ...report, reportDate: null },
      { ...report, name: '' },
      { ...report, reportDate: '20.11.2026' },
      { ...report, status: 'done' },
      { ...report, summary: [{ code: 'DROP TABLE', ok: true }] },
    ]
    for (const payload of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/listings/${listingId}/inspections/`,
        payload,
        headers: admin.auth,
      })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/listings/999999999/inspections/',
      payload: report,
      headers: admin.auth,
    })
    expect(missing.statusCode).toBe(404)
    const review = (await t.app.inject({ url: `/api/admin/listings/${listingId}/`, headers: admin.auth })).json()
    expect(review.inspectionReports).toEqual([])
  })
})

import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { leads } from '../../db/schema.ts'
import { createListing, createListingInModeration } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const { admin, moderator, manager, seller, buyer } = useAccounts(t, {
  admin: { name: 'Админ Аудит', role: 'admin' },
  moderator: { name: 'Модератор Аудит', role: 'moderator' },
  manager: { name: 'Менеджер Аудит', role: 'manager' },
  seller: { name: 'Продавец Аудит' },
  buyer: { name: 'Покупатель Аудит' },
})

type Auth = Record<string, string>
const FROM = '203.0.113.7'
/** A staff call from a known address, as the audit trail records it. */
const act = (auth: Auth, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: auth, remoteAddress: FROM })

interface Event {
  id: string
  at: string
  actor: { id: string; name: string | null } | null
  actorRole: string
  ip: string | null
  action: string
  targetType: string
  targetId: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}
const trail = async (query: string, auth: Auth = admin.auth) => {
  const res = await t.app.inject({ url: `/api/admin/audit/?${query}`, headers: auth })
  expect(res.statusCode).toBe(200)
  return res.json() as { results: Event[]; nextCursor: string | null }
}
const eventsOf = async (targetType: string, targetId: number | string) =>
  (await trail(`targetType=${targetType}&targetId=${targetId}&limit=50`)).results

describe('the audit trail records each staff action with who, what, when, where from, before and after', () => {
  test('a moderator approves one listing and rejects another', async () => {
    const approved = await createListingInModeration(t.db, { ownerId: seller.id })
    const rejected = await createListingInModeration(t.db, { ownerId: seller.id })
    expect((await act(moderator.auth, 'POST', `/api/admin/listings/${approved.id}/approve/`, {})).statusCode).toBe(200)
    const reject = await act(moderator.auth, 'POST', `/api/admin/listings/${rejected.id}/reject/`, {
      reasonCode: 'fake_photos',
      comment: 'Фото не того авто',
    })
    expect(reject.statusCode).toBe(200)
    const [a] = await eventsOf('listing', approved.id)
    expect(a).toMatchObject({
      actor: { id: moderator.id, name: 'Модератор Аудит' },
      actorRole: 'moderator',
      ip: FROM,
      action: 'listing.approved',
      before: { status: 'moderation' },
      after: { status: 'published' },
    })
    expect(Math.abs(Date.parse(a?.at ?? '') - Date.now())).toBeLessThan(60_000)
    expect(await eventsOf('listing', rejected.id)).toMatchObject([
      {
        action: 'listing.rejected',
        actorRole: 'moderator',
        ip: FROM,
        before: { status: 'moderation' },
        after: { status: 'rejected', reasonCode: 'fake_photos', comment: 'Фото не того авто' },
      },
    ])
  })

  test('complaints dismissed, and a listing taken down', async () => {
    const kept = await createListing(t.db, { ownerId: seller.id })
    const gone = await createListing(t.db, { ownerId: seller.id })
    for (const id of [kept.id, gone.id])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/cars/${id}/complaints/`,
            payload: { reason: 'fraud' },
            headers: buyer.auth,
          })
        ).statusCode,
      ).toBe(201)
    const resolve = (id: number, payload: object) =>
      act(moderator.auth, 'POST', `/api/admin/listing-complaints/${id}/resolve/?lang=ru`, payload)
    expect((await resolve(kept.id, { resolution: 'dismissed' })).statusCode).toBe(200)
    expect((await resolve(gone.id, { resolution: 'taken_down', reasonCode: 'prohibited' })).statusCode).toBe(200)
    expect(await eventsOf('listing', kept.id)).toMatchObject([
      { action: 'complaints.dismissed', ip: FROM, before: { openComplaints: 1 }, after: { openComplaints: 0 } },
    ])
    expect(await eventsOf('listing', gone.id)).toMatchObject([
      {
        action: 'listing.taken_down',
        actor: { id: moderator.id },
        before: { status: 'published' },
        after: { status: 'rejected', reasonCode: 'prohibited' },
      },
    ])
  })

  test('a role change (the role history the back office kept before joins the same trail)', async () => {
    const res = await act(admin.auth, 'PATCH', `/api/admin/users/${buyer.id}/role/`, { role: 'manager' })
    expect(res.statusCode).toBe(200)
    expect(await eventsOf('user', buyer.id)).toMatchObject([
      {
        action: 'user.role_changed',
        actor: { id: admin.id },
        actorRole: 'admin',
        ip: FROM,
        before: { role: 'user' },
        after: { role: 'manager', via: 'back_office' },
      },
    ])
    // Refused: nothing changed, nothing recorded.
    expect((await act(admin.auth, 'PATCH', `/api/admin/users/${admin.id}/role/`, { role: 'user' })).statusCode).toBe(
      403,
    )
    expect(await eventsOf('user', admin.id)).toEqual([])
    await act(admin.auth, 'PATCH', `/api/admin/users/${buyer.id}/role/`, { role: 'user' })
  })

  test("a lead's assignment and status on the leads desk", async () => {
    const [lead] = await t.db
      .insert(leads)
      .values({ kind: 'callback', phone: '+77012345678', name: 'Дана' })
      .returning({ id: leads.id })
    if (!lead) throw new Error('no lead')
    expect(
      (await act(manager.auth, 'POST', `/api/admin/leads/${lead.id}/assign/`, { userId: manager.id })).statusCode,
    ).toBe(200)
    const status = await act(manager.auth, 'POST', `/api/admin/leads/${lead.id}/status/`, { status: 'in_progress' })
    expect(status.statusCode).toBe(200)
    const events = await eventsOf('lead', lead.id)
    expect(events).toMatchObject([
      {
        action: 'lead.status_changed',
        actorRole: 'manager',
        before: { status: 'new' },
        after: { status: 'in_progress' },
      },
      {
        action: 'lead.assigned',
        actor: { id: manager.id },
        ip: FROM,
        before: { assignedTo: null },
        after: { assignedTo: manager.id },
      },
    ])
    // The customer's phone and name are not copied into the trail.
    expect(JSON.stringify(events)).not.toContain('+77012345678')
  })

  test("a note on a lead: who and from where, the note's length and not its text", async () => {
    const [lead] = await t.db
      .insert(leads)
      .values({ kind: 'callback', phone: '+77017654321', name: 'Айгерім' })
      .returning({ id: leads.id })
    if (!lead) throw new Error('no lead')
    const text = 'Айгерім просит перезвонить на +77019998877 после 18:00'
    const res = await act(manager.auth, 'POST', `/api/admin/leads/${lead.id}/notes/`, { text: `  ${text} ` })
    expect(res.statusCode).toBe(200)
    const events = await eventsOf('lead', lead.id)
    expect(events).toMatchObject([
      {
        action: 'lead.note_added',
        actor: { id: manager.id, name: 'Менеджер Аудит' },
        actorRole: 'manager',
        ip: FROM,
        before: null,
        after: { noteLength: text.length },
      },
    ])
    // The note stays in the lead's history (purged with the lead); the append-only trail does not copy it.
    expect(JSON.stringify(events)).not.toContain('+77019998877')
    expect(JSON.stringify(events)).not.toContain('Айгерім')
  })

  test("a listing's Tulpar marks: only the flags that changed, nothing when none did", async () => {
    const listing = await createListing(t.db, { ownerId: seller.id })
    const flags = (body: object) => act(admin.auth, 'PATCH', `/api/admin/listings/${listing.id}/flags/`, body)
    expect((await flags({ isTulpar: true, isInspected: true, isHot: false })).statusCode).toBe(200)
    expect((await flags({ isTulpar: true })).statusCode).toBe(200)
    expect(await eventsOf('listing', listing.id)).toMatchObject([
      {
        action: 'listing.flags_changed',
        actor: { id: admin.id, name: 'Админ Аудит' },
        actorRole: 'admin',
        ip: FROM,
        before: { isTulpar: false, isInspected: false },
        after: { isTulpar: true, isInspected: true },
      },
    ])
    const [event] = await eventsOf('listing', listing.id)
    expect(Object.keys(event?.after ?? {}).sort()).toEqual(['isInspected', 'isTulpar'])
    // A moderator is refused: nothing changed, nothing recorded.
    expect(
      (await act(moderator.auth, 'PATCH', `/api/admin/listings/${listing.id}/flags/`, { isHot: true })).statusCode,
    ).toBe(403)
    expect(await eventsOf('listing', listing.id)).toHaveLength(1)
  })

  const report = {
    name: 'TulparAutoCheck',
    vin: 'XW8ZZZ61ZEG012345',
    reportDate: null,
    status: 'generating',
    summary: [{ code: 'engine', ok: true }],
  }
  const addReport = async (listingId: number) => {
    const res = await act(admin.auth, 'POST', `/api/admin/listings/${listingId}/inspections/`, report)
    expect(res.statusCode).toBe(201)
    return res.json().id as number
  }

  test('an inspection report added: the report as written', async () => {
    const listing = await createListing(t.db, { ownerId: seller.id })
    const reportId = await addReport(listing.id)
    expect(await eventsOf('inspection_report', reportId)).toMatchObject([
      {
        action: 'inspection.created',
        actor: { id: admin.id },
        actorRole: 'admin',
        ip: FROM,
        before: null,
        after: { listingId: listing.id, ...report },
      },
    ])
  })

  test('an inspection report edited: only the fields that changed', async () => {
    const listing = await createListing(t.db, { ownerId: seller.id })
    const reportId = await addReport(listing.id)
    const ready = { ...report, status: 'ready', reportDate: '2026-03-14' }
    expect((await act(admin.auth, 'PUT', `/api/admin/inspections/${reportId}/`, ready)).statusCode).toBe(200)
    // The same body again changes nothing and records nothing.
    expect((await act(admin.auth, 'PUT', `/api/admin/inspections/${reportId}/`, ready)).statusCode).toBe(200)
    const events = await eventsOf('inspection_report', reportId)
    expect(events.map((e) => e.action)).toEqual(['inspection.updated', 'inspection.created'])
    expect(events[0]).toMatchObject({ actor: { id: admin.id }, actorRole: 'admin', ip: FROM })
    expect(events[0]?.before).toEqual({ status: 'generating', reportDate: null })
    expect(events[0]?.after).toEqual({ status: 'ready', reportDate: '2026-03-14' })
  })

  test('an inspection report deleted: what it said before', async () => {
    const listing = await createListing(t.db, { ownerId: seller.id })
    const reportId = await addReport(listing.id)
    expect((await act(admin.auth, 'DELETE', `/api/admin/inspections/${reportId}/`)).statusCode).toBe(200)
    const [deleted] = await eventsOf('inspection_report', reportId)
    expect(deleted).toMatchObject({
      action: 'inspection.deleted',
      actor: { id: admin.id },
      actorRole: 'admin',
      ip: FROM,
      before: { listingId: listing.id, name: report.name, vin: report.vin, status: 'generating' },
      after: null,
    })
  })

  test('partner categories and partners: created, edited (only the changed fields), switched off', async () => {
    const body = { code: 'audit_glass', names: { ru: 'Стёкла', kk: 'Әйнектер', en: 'Glass' }, sort: 9 }
    const created = await act(admin.auth, 'POST', '/api/admin/partners/categories/', body)
    expect(created.statusCode).toBe(201)
    const categoryId = created.json().id as number
    await act(admin.auth, 'PUT', `/api/admin/partners/categories/${categoryId}/`, { ...body, sort: 3 })
    expect(await eventsOf('partner_category', categoryId)).toMatchObject([
      { action: 'partner_category.updated', ip: FROM, before: { sort: 9 }, after: { sort: 3 } },
      { action: 'partner_category.created', before: null, after: { code: 'audit_glass', sort: 9 } },
    ])
    const partner = await act(admin.auth, 'POST', '/api/admin/partners/', {
      name: 'Audit Glass',
      categoryId,
      cityId: 1,
      description: { ru: 'Стёкла.', kk: 'Әйнектер.', en: 'Glass.' },
      address: { ru: 'ул. Абая, 1', kk: 'Абай көшесі, 1', en: '1 Abay St' },
      phones: ['+7 701 300 50 50'],
      lat: 43.25,
      lng: 76.94,
    })
    expect(partner.statusCode).toBe(201)
    const partnerId = partner.json().id as number
    expect((await act(admin.auth, 'PATCH', `/api/admin/partners/${partnerId}/`, { isActive: false })).statusCode).toBe(
      200,
    )
    expect(await eventsOf('partner', partnerId)).toMatchObject([
      { action: 'partner.activated', actor: { id: admin.id }, before: { isActive: true }, after: { isActive: false } },
      { action: 'partner.created', after: { name: 'Audit Glass' } },
    ])
  })

  test('a broadcast sent', async () => {
    const texts = { ru: 'Новости', kk: 'Жаңалықтар', en: 'News' }
    const res = await act(moderator.auth, 'POST', '/api/admin/broadcasts/', {
      topic: 'news',
      subject: texts,
      body: texts,
    })
    expect(res.statusCode).toBe(201)
    expect(await eventsOf('broadcast', res.json().id)).toMatchObject([
      { action: 'broadcast.sent', actorRole: 'moderator', ip: FROM, after: { topic: 'news', subject: texts } },
    ])
  })

  test('a refund the server makes is recorded as the system', async () => {
    const { paymentId } = await t.services.payments.start({
      orderRef: 'audit:1',
      amountKzt: 4_990,
      description: 'test',
      returnPath: '/',
    })
    await t.services.payments.settle(paymentId, 'paid')
    expect(await t.services.payments.refund(paymentId)).toBe(true)
    expect(await eventsOf('payment', paymentId)).toMatchObject([
      {
        action: 'payment.refunded',
        actor: null,
        actorRole: 'system',
        ip: null,
        after: { status: 'refunded', amountKzt: 4_990 },
      },
    ])
  })
})

describe("the audit trail cannot be changed through the application's database user", () => {
  test('UPDATE, DELETE and TRUNCATE fail; the record stays as it was', async () => {
    const listing = await createListingInModeration(t.db, { ownerId: seller.id })
    await act(moderator.auth, 'POST', `/api/admin/listings/${listing.id}/approve/`, {})
    const [before] = await eventsOf('listing', listing.id)
    if (!before) throw new Error('not recorded')
    const id = Number(before.id)
    await expect(t.db.execute(sql`update audit_events set actor_role = 'admin' where id = ${id}`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from audit_events where id = ${id}`)).rejects.toThrow()
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow()
    expect(await eventsOf('listing', listing.id)).toEqual([before])
  })
})

describe('reading the trail: admins only, filtered, paged, exported', () => {
  test('guests 401; users, managers and moderators 403; admins 200', async () => {
    for (const url of ['/api/admin/audit/', '/api/admin/audit/export.csv']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401)
      for (const [role, who] of Object.entries({ user: seller, manager, moderator }))
        expect((await t.app.inject({ url, headers: who.auth })).statusCode, `${url} as ${role}`).toBe(403)
      expect((await t.app.inject({ url, headers: admin.auth })).statusCode).toBe(200)
    }
  })

  test('filters by actor, action and days; keyset pages hold each record once', async () => {
    const mine = await trail(`actor=${moderator.id}&action=listing.approved&limit=50`)
    expect(mine.results.length).toBeGreaterThanOrEqual(2)
    expect(mine.results.every((e) => e.actor?.id === moderator.id && e.action === 'listing.approved')).toBe(true)
    // The days are Kazakhstan's (UTC+5).
    const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10)
    expect((await trail(`from=${today}&to=${today}&limit=50`)).results.length).toBeGreaterThan(0)
    expect((await trail('to=2000-01-01')).results).toEqual([])
    const seen: string[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const page = await trail(`actor=${moderator.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.results.length).toBeLessThanOrEqual(2)
      seen.push(...page.results.map((e) => e.id))
      cursor = page.nextCursor
    }
    const all = (await trail(`actor=${moderator.id}&limit=50`)).results.map((e) => e.id)
    expect(seen).toEqual(all)
    expect(all).toEqual([...all].sort((a, b) => Number(b) - Number(a)))
    expect((await t.app.inject({ url: '/api/admin/audit/?cursor=abc', headers: admin.auth })).statusCode).toBe(400)
    expect(
      (await t.app.inject({ url: '/api/admin/audit/?action=listing.deleted', headers: admin.auth })).statusCode,
    ).toBe(400)
  })

  test('the CSV export: an attachment with a header line and the filtered records', async () => {
    const res = await t.app.inject({
      url: `/api/admin/audit/export.csv?action=user.role_changed&targetId=${buyer.id}`,
      headers: admin.auth,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const lines = res.body.split('\r\n')
    expect(lines[0]).toBe('id,at,actor_id,actor_name,actor_role,ip,action,target_type,target_id,before,after')
    expect(lines.at(-1)).toBe('')
    const rows = lines.slice(1, -1)
    expect(rows).toHaveLength(2)
    expect(rows[1]).toContain(
      `,${admin.id},Админ Аудит,admin,${FROM},user.role_changed,user,${buyer.id},"{""role"":""user""}","{""via"":""back_office"",""role"":""manager""}"`,
    )
  })
})

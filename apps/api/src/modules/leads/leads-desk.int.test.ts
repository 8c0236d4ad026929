import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { leadEvents, leads, outboxMessages, partners, profiles } from '../../db/schema.ts'
import { createListing } from '../../testing/factories.ts'
import { type Account, useAccounts, useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const { manager, manager2, moderator, buyer, other } = useAccounts(t, {
  manager: { name: 'Менеджер Айгерим', role: 'manager' },
  manager2: { name: 'Менеджер Ерлан', role: 'manager' },
  moderator: { name: 'Модератор', role: 'moderator' },
  buyer: { name: 'Покупатель' },
  other: {},
})
let listingId: number
let ip = 0

beforeAll(async () => {
  await t.db.update(profiles).set({ language: 'kk' }).where(eq(profiles.userId, manager2.id))
  listingId = (await createListing(t.db, { ownerId: other.id })).id
})

/** A call-back request about the car, from a fresh client address (the limits are per address). */
async function callback(as: Account | null, referer?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/cars/${listingId}/callback/`,
    payload: { phone: '+7 701 234 56 78', lastName: 'Сейітов', firstName: 'Арман' },
    headers: {
      'x-forwarded-for': `10.9.0.${++ip}`,
      ...(as ? as.auth : {}),
      ...(referer ? { referer } : {}),
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  const [row] = await t.db
    .select()
    .from(leads)
    .orderBy(leads.id)
    .limit(1)
    .offset((await t.db.$count(leads)) - 1)
  return row as typeof leads.$inferSelect
}
const desk = (a: Account | null, url = '/api/admin/leads/') => t.app.inject({ url, headers: a ? a.auth : {} })
const post = (a: Account, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: a.auth })

describe('who works the desk', () => {
  test('a guest is 401, a plain user 403; managers and moderators see the leads', async () => {
    await callback(null)
    expect((await desk(null)).statusCode).toBe(401)
    expect((await desk(buyer)).statusCode).toBe(403)
    expect((await desk(buyer)).json().code).toBe('leads.forbidden')
    for (const a of [manager, moderator]) {
      const res = await desk(a)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().total).toBeGreaterThan(0)
    }
  })

  test('a manager cannot moderate listings or manage users (403)', async () => {
    expect((await desk(manager, '/api/admin/moderation/queue/')).statusCode).toBe(403)
    expect((await desk(manager, '/api/admin/users/')).statusCode).toBe(403)
  })
})

describe('working a lead', () => {
  test('arrives new with its source page, and the managers on duty are told in their language', async () => {
    const lead = await callback(null, 'http://localhost:3000/cars/1?from=search')
    expect(lead.status).toBe('new')
    expect(lead.sourcePath).toBe('/cars/1?from=search')
    await t.jobs.drain()
    const inbox = async (a: Account) =>
      (
        (await t.app.inject({ url: '/api/messages/', headers: a.auth })).json() as { results: { body: string }[] }
      ).results.map((m) => m.body)
    expect(await inbox(manager)).toContainEqual(expect.stringContaining(`№${lead.id}`))
    expect(await inbox(manager2)).toContainEqual(expect.stringContaining('Өтінімдер үстеліне жаңа өтінім'))
    // Moderators are not on duty while there are managers; nobody else hears of it.
    expect(await inbox(moderator)).not.toContainEqual(expect.stringContaining(`№${lead.id}`))
    expect(await inbox(other)).not.toContainEqual(expect.stringContaining(`№${lead.id}`))
    const mail = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, manager.email), eq(outboxMessages.channel, 'email')))
    expect(mail.some((m) => m.subject?.includes(`№${lead.id}`))).toBe(true)
  })

  test('taken, noted, done: every step recorded with who and when, and the time to first contact', async () => {
    const lead = await callback(buyer)
    const taken = await post(manager, `/api/admin/leads/${lead.id}/take/`)
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json()).toMatchObject({ status: 'in_progress', assignee: { id: manager.id } })
    expect(taken.json().secondsToFirstContact).toBeGreaterThanOrEqual(0)
    const firstContact = taken.json().firstContactAt
    expect(
      (await post(manager, `/api/admin/leads/${lead.id}/notes/`, { text: 'Перезвонить после 18:00' })).statusCode,
    ).toBe(200)
    const done = await post(manager, `/api/admin/leads/${lead.id}/status/`, { status: 'done' })
    expect(done.statusCode).toBe(200)
    expect(done.json().status).toBe('done')
    // The first contact is the first step, not the last.
    expect(done.json().firstContactAt).toBe(firstContact)
    const events = done.json().events as {
      action: string
      actor: { id: string } | null
      toStatus: string | null
      text: string | null
    }[]
    expect(events.map((e) => [e.action, e.toStatus])).toEqual([
      ['assign', null],
      ['status', 'in_progress'],
      ['note', null],
      ['status', 'done'],
    ])
    expect(events.every((e) => e.actor?.id === manager.id)).toBe(true)
    const stored = await t.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))
    expect(stored.every((e) => e.createdAt instanceof Date)).toBe(true)
  })

  test('rejecting needs a reason, which the sender sees under "my requests" and is told of', async () => {
    const lead = await callback(buyer)
    const noReason = await post(manager, `/api/admin/leads/${lead.id}/status/`, { status: 'rejected' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().code).toBe('lead.reason_required')
    expect((await t.db.select().from(leads).where(eq(leads.id, lead.id)))[0]?.status).toBe('new')
    const res = await post(manager, `/api/admin/leads/${lead.id}/status/`, {
      status: 'rejected',
      reason: 'Автомобиль уже продан',
    })
    expect(res.statusCode).toBe(200)
    const mine = (await t.app.inject({ url: '/api/leads/mine/', headers: buyer.auth })).json().results as {
      id: number
      status: string
      rejectionReason: string | null
    }[]
    expect(mine.find((l) => l.id === lead.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Автомобиль уже продан',
    })
    await t.jobs.drain()
    const inbox = (await t.app.inject({ url: '/api/messages/', headers: buyer.auth })).json().results as {
      body: string
    }[]
    expect(inbox.map((m) => m.body)).toContainEqual(expect.stringContaining(`№${lead.id}`))
  })

  test('a lead is given only to desk staff; an unknown lead is 404 and a plain user cannot change one', async () => {
    const lead = await callback(null)
    expect((await post(manager, `/api/admin/leads/${lead.id}/assign/`, { userId: buyer.id })).json().code).toBe(
      'lead.assignee_not_staff',
    )
    const given = await post(manager, `/api/admin/leads/${lead.id}/assign/`, { userId: manager2.id })
    expect(given.json().assignee.id).toBe(manager2.id)
    expect(
      (await desk(manager2, '/api/admin/leads/?assigned=me')).json().results.map((l: { id: number }) => l.id),
    ).toContain(lead.id)
    expect((await post(manager, '/api/admin/leads/987654/take/')).statusCode).toBe(404)
    expect((await post(buyer, `/api/admin/leads/${lead.id}/take/`)).statusCode).toBe(403)
    expect((await post(buyer, `/api/admin/leads/${lead.id}/status/`, { status: 'done' })).statusCode).toBe(403)
    const unchanged = (await t.db.select().from(leads).where(eq(leads.id, lead.id)))[0]
    expect(unchanged?.status).toBe('new')
  })
})

describe('"my requests"', () => {
  test('a user sees only their own requests; a guest is 401', async () => {
    const mine = await callback(other)
    const theirs = (await t.app.inject({ url: '/api/leads/mine/', headers: buyer.auth })).json().results as {
      id: number
    }[]
    expect(theirs.map((l) => l.id)).not.toContain(mine.id)
    const own = (await t.app.inject({ url: '/api/leads/mine/', headers: other.auth })).json().results as {
      id: number
    }[]
    expect(own.map((l) => l.id)).toEqual([mine.id])
    expect((await t.app.inject({ url: '/api/leads/mine/' })).statusCode).toBe(401)
  })
})

describe('partner requests', () => {
  test("reach the partner's own email", async () => {
    const [partner] = await t.db.select().from(partners).limit(1)
    if (!partner) throw new Error('no demo partner in the reference data')
    await t.db.update(partners).set({ email: 'service@partner.example.kz' }).where(eq(partners.id, partner.id))
    const [row] = await t.db
      .insert(leads)
      .values({
        kind: 'partner_request',
        partnerId: partner.id,
        phone: '+77012345678',
        name: 'Дана',
        comment: 'Замена масла',
      })
      .returning({ id: leads.id })
    await t.services.leadDesk.announceLead(row?.id as number)
    await t.jobs.drain()
    const mail = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'service@partner.example.kz'))
    expect(mail).toHaveLength(1)
    expect(mail[0]?.body).toContain('Замена масла')
  })
})

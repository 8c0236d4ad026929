import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { conversations, leads } from '../../db/schema.ts'
import { useDealerDesk } from '../../testing/dealer-desk.ts'
import { createListing } from '../../testing/factories.ts'

/*
 * Leads for a dealer's cars reach the dealer's people (issue 38): call-backs with the leads desk's statuses, taken
 * and moved by the owner or a manager of that dealer only; buyers' chats about the cars listed for all of them.
 */

const { t, acc, desk, call } = useDealerDesk({
  others: { buyer: { name: 'Покупатель Бауыржан' } },
  car: (acc) => ({ ownerId: acc.manager.id }),
})

let dealerId = 0
let otherDealerId = 0
let car = 0
let callback = 0
let creditLead = 0
let foreignCallback = 0
let privateCallback = 0
let chat = 0

beforeAll(async () => {
  ;({ dealerId, otherDealerId, car } = desk)
  const foreignCar = (await createListing(t.db, { ownerId: acc.otherOwner.id, dealerId: otherDealerId })).id
  const privateCar = (await createListing(t.db, { ownerId: acc.privateUser.id })).id
  const inserted = await t.db
    .insert(leads)
    .values([
      { kind: 'callback', listingId: car, phone: '+77015550001', firstName: 'Бауыржан', userId: acc.buyer.id },
      { kind: 'credit', listingId: car, phone: '+77015550002' },
      { kind: 'callback', listingId: foreignCar, phone: '+77015550003' },
      { kind: 'callback', listingId: privateCar, phone: '+77015550004' },
    ])
    .returning({ id: leads.id })
  ;[callback, creditLead, foreignCallback, privateCallback] = inserted.map((r) => r.id) as [
    number,
    number,
    number,
    number,
  ]
  const [c] = await t.db
    .insert(conversations)
    .values({ kind: 'listing', listingId: car, buyerId: acc.buyer.id })
    .returning({ id: conversations.id })
  chat = c?.id ?? 0
})

describe("the dealer desk's leads", () => {
  test("the owner sees the call-backs on the dealer's cars and the chats about them, nothing else", async () => {
    const res = await call('GET', `/dealers/${dealerId}/leads/`, acc.owner.auth)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.callbacks.map((l: { id: number }) => l.id)).toEqual([callback])
    expect(body.callbacks[0]).toMatchObject({ status: 'new', name: 'Бауыржан', listing: { id: car } })
    expect(body.chats).toHaveLength(1)
    expect(body.chats[0]).toMatchObject({
      id: chat,
      listing: { id: car },
      buyerName: 'Покупатель Бауыржан',
      seller: { id: acc.manager.id },
      mine: false,
    })
    const managers = await call('GET', `/dealers/${dealerId}/leads/`, acc.manager.auth)
    expect(managers.json().chats[0].mine).toBe(true)
  })

  test('a manager takes a call-back and moves it to done; the sender follows it under "my requests"', async () => {
    const taken = await call('POST', `/dealers/${dealerId}/leads/${callback}/take/`, acc.manager.auth)
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json()).toMatchObject({ status: 'in_progress', assignee: { id: acc.manager.id } })
    const done = await call('POST', `/dealers/${dealerId}/leads/${callback}/status/`, acc.owner.auth, {
      status: 'done',
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().status).toBe('done')
    const mine = await call('GET', '/leads/mine/', acc.buyer.auth)
    expect(mine.json().results.find((l: { id: number }) => l.id === callback)?.status).toBe('done')
  })

  test('a rejection needs its reason, as on the staff desk', async () => {
    const bare = await call('POST', `/dealers/${dealerId}/leads/${callback}/status/`, acc.owner.auth, {
      status: 'rejected',
    })
    expect(bare.statusCode).toBe(400)
    const [before] = await t.db.select({ status: leads.status }).from(leads).where(eq(leads.id, callback))
    expect(before?.status).toBe('done')
    const withReason = await call('POST', `/dealers/${dealerId}/leads/${callback}/status/`, acc.owner.auth, {
      status: 'rejected',
      reason: 'Автомобиль уже продан',
    })
    expect(withReason.statusCode, withReason.body).toBe(200)
    expect(withReason.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Автомобиль уже продан' })
  })

  test("another dealer's lead, a private seller's lead and a credit application are unknown to the dealer's people", async () => {
    for (const id of [foreignCallback, privateCallback, creditLead, 999_999]) {
      const res = await call('POST', `/dealers/${dealerId}/leads/${id}/take/`, acc.owner.auth)
      expect(res.statusCode, `${id}`).toBe(404)
      expect(res.json().code).toBe('lead.not_found')
    }
    const [foreign] = await t.db
      .select({ status: leads.status, assignedTo: leads.assignedTo })
      .from(leads)
      .where(eq(leads.id, foreignCallback))
    expect(foreign).toEqual({ status: 'new', assignedTo: null })
  })

  test("another dealer's owner, a private user and staff are refused; a guest is asked to sign in", async () => {
    for (const who of [acc.otherOwner, acc.privateUser, acc.moderator]) {
      const list = await call('GET', `/dealers/${dealerId}/leads/`, who.auth)
      expect(list.statusCode).toBe(403)
      expect(list.json().code).toBe('dealer.not_member')
      const take = await call('POST', `/dealers/${dealerId}/leads/${callback}/take/`, who.auth)
      expect(take.statusCode).toBe(403)
    }
    // Through its own dealer, another dealer's owner still cannot reach this dealer's lead.
    const sideways = await call('POST', `/dealers/${otherDealerId}/leads/${callback}/take/`, acc.otherOwner.auth)
    expect(sideways.statusCode).toBe(404)
    expect((await call('GET', `/dealers/${dealerId}/leads/`)).statusCode).toBe(401)
    expect((await call('POST', `/dealers/${dealerId}/leads/${callback}/take/`)).statusCode).toBe(401)
  })

  test('a bad status, an unknown field and a bad id are 400s', async () => {
    const bad = await call('POST', `/dealers/${dealerId}/leads/${callback}/status/`, acc.owner.auth, {
      status: 'spam',
    })
    expect(bad.statusCode).toBe(400)
    const extra = await call('POST', `/dealers/${dealerId}/leads/${callback}/status/`, acc.owner.auth, {
      status: 'done',
      priority: 1,
    })
    expect(extra.statusCode).toBe(400)
    expect((await call('POST', `/dealers/${dealerId}/leads/abc/take/`, acc.owner.auth)).statusCode).toBe(400)
  })
})

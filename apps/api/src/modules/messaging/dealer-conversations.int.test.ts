import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts'
import { createVerifiedDealer } from '../../testing/dealers.ts'
import { createListing } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'
import { HIDDEN_PHONE } from './mask.ts'

/** The limiter's clock: a new day for each case, so the chat limits (conversations.limits.int.test.ts) stay out. */
let clock = Date.now()
beforeEach(() => {
  clock += 86_401_000
})

const t = useTestApp({ limiter: createMemoryRateLimiter({ now: () => clock }) })
const { owner, manager, leaving, rivalOwner, rival, buyer, stranger, moderator } = useAccounts(t, {
  owner: { name: 'Владелец Олжас' },
  manager: { name: 'Менеджер Динара' },
  leaving: { name: 'Менеджер Тимур' },
  rivalOwner: { name: 'Владелец другого дилера' },
  rival: { name: 'Менеджер другого дилера' },
  buyer: { name: 'Покупатель Айгуль' },
  stranger: { name: 'Посторонний' },
  moderator: { name: 'Модератор', role: 'moderator' },
})

const DEALER = 'ТОО «Алматы Моторс»'
const DEALER_PHONES = ['+77273550011', '+77012223344']

let dealerId: number
beforeAll(async () => {
  dealerId = await createVerifiedDealer(t.db, {
    bin: '000140000007',
    legalName: DEALER,
    phones: DEALER_PHONES,
    ownerId: owner.id,
    managerIds: [manager.id, leaving.id],
  })
  await createVerifiedDealer(t.db, {
    bin: '000240000005',
    legalName: 'ТОО «Другой дилер»',
    ownerId: rivalOwner.id,
    managerIds: [rival.id],
  })
})

type Auth = Record<string, string>
interface Summary {
  id: number
  other: { id: string; name: string } | null
  iAmSeller: boolean
  unread: number
  lastMessage: { body: string; mine: boolean } | null
}
const start = (auth: Auth, listingId: number, body: string) =>
  t.app.inject({ method: 'POST', url: '/api/conversations/', payload: { listingId, body }, headers: auth })
const send = (auth: Auth, id: number, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages/`, payload: { body }, headers: auth })
const read = (auth: Auth, id: number) => t.app.inject({ url: `/api/conversations/${id}/`, headers: auth })
const markRead = (auth: Auth, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/read/`, headers: auth })
const unread = async (auth: Auth) =>
  ((await t.app.inject({ url: '/api/messages/unread/', headers: auth })).json() as { unread: number }).unread
const threadIn = async (auth: Auth, id: number) =>
  ((await t.app.inject({ url: '/api/conversations/', headers: auth })).json() as { results: Summary[] }).results.find(
    (c) => c.id === id,
  )

/** A car of the dealer listed by one of its people, and the buyer's first message about it: the conversation's id. */
async function buyerWrites(seller: string, body = 'Здравствуйте! Машина ещё продаётся?') {
  const car = await createListing(t.db, { ownerId: seller, dealerId })
  const res = await start(buyer.auth, car.id, body)
  expect(res.statusCode, res.body).toBe(201)
  return { carId: car.id, id: (res.json() as { conversationId: number }).conversationId }
}

describe("a buyer's chat about a dealer's car reaches the dealer's people", () => {
  test('every one of them sees it unread in their messages; the buyer sees the dealer across', async () => {
    const before = { owner: await unread(owner.auth), manager: await unread(manager.auth) }
    const { id } = await buyerWrites(manager.id)
    for (const person of [owner, manager, leaving]) {
      expect(await threadIn(person.auth, id)).toMatchObject({
        iAmSeller: true,
        dealer: { id: dealerId, name: DEALER },
        other: { id: buyer.id, name: 'Покупатель Айгуль' },
        unread: 1,
        lastMessage: { mine: false },
      })
    }
    expect(await unread(owner.auth)).toBe(before.owner + 1)
    expect(await unread(manager.auth)).toBe(before.manager + 1)

    const mine = await threadIn(buyer.auth, id)
    expect(mine).toMatchObject({ iAmSeller: false, other: { name: DEALER }, dealer: { id: dealerId }, unread: 0 })
    expect((await read(buyer.auth, id)).json()).toMatchObject({ other: { name: DEALER }, iAmSeller: false })
  })

  test('any of them answers as the dealer; colleagues see who answered; the seat is read for all of them', async () => {
    const { id } = await buyerWrites(leaving.id, 'Можно в субботу посмотреть?')
    expect((await send(owner.auth, id, 'Да, приезжайте к 11:00')).statusCode).toBe(201)
    // Answering reads the seat for every one of them.
    expect((await threadIn(manager.auth, id))?.unread).toBe(0)
    expect((await send(buyer.auth, id, 'Отлично, буду')).statusCode).toBe(201)
    expect((await send(manager.auth, id, 'Ждём вас, адрес пришлю')).statusCode).toBe(201)

    const asBuyer = (await read(buyer.auth, id)).json()
    expect(asBuyer.messages.map((m: { from: string; author: string | null }) => [m.from, m.author])).toEqual([
      ['me', null],
      ['them', null],
      ['me', null],
      ['them', null],
    ])
    // The buyer read up to their own message: the manager's answer after it is new.
    expect(await threadIn(buyer.auth, id)).toMatchObject({ other: { name: DEALER }, unread: 1 })

    const asOwner = (await read(owner.auth, id)).json()
    expect(asOwner.messages.map((m: { from: string; author: string | null }) => [m.from, m.author])).toEqual([
      ['them', null],
      ['me', null],
      ['them', null],
      ['me', 'Менеджер Динара'],
    ])
    expect(asOwner.other).toEqual({ id: buyer.id, name: 'Покупатель Айгуль' })
    expect(asOwner.lastMessage.mine).toBe(true)

    // One of them reads it: it is read for the others too.
    await send(buyer.auth, id, 'Спасибо!')
    expect((await threadIn(owner.auth, id))?.unread).toBe(1)
    const badge = await unread(leaving.auth)
    expect((await markRead(manager.auth, id)).statusCode).toBe(200)
    expect((await threadIn(owner.auth, id))?.unread).toBe(0)
    expect(await unread(leaving.auth)).toBe(badge - 1)
  })

  test("another dealer's people, other users and staff get 404; a guest 401; nobody of the dealer writes as a buyer", async () => {
    const { carId, id } = await buyerWrites(manager.id)
    for (const who of [rival, rivalOwner, stranger, moderator]) {
      expect((await read(who.auth, id)).statusCode).toBe(404)
      expect((await send(who.auth, id, 'Я тоже отвечу')).statusCode).toBe(404)
      expect((await markRead(who.auth, id)).statusCode).toBe(404)
      const share = await t.app.inject({ method: 'PUT', url: `/api/conversations/${id}/contacts/`, headers: who.auth })
      expect(share.statusCode).toBe(404)
      const block = await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/block/`, headers: who.auth })
      expect(block.statusCode).toBe(404)
      expect(await threadIn(who.auth, id)).toBeUndefined()
    }
    expect((await t.app.inject({ url: `/api/conversations/${id}/` })).statusCode).toBe(401)
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages/`,
      payload: { body: 'Гость' },
    })
    expect(guest.statusCode).toBe(401)

    for (const person of [owner, manager]) {
      const own = await start(person.auth, carId, 'Напишу сам себе')
      expect(own.statusCode).toBe(403)
      expect(own.json().code).toBe('conversation.own_listing')
    }
  })

  test('their live pages hear of a new message, the seat holder or not', async () => {
    const heard: Record<string, number[]> = { owner: [], manager: [], rival: [] }
    const stops = [
      t.services.messageHub.subscribe(owner.id, (e) => heard.owner?.push(e.conversationId)),
      t.services.messageHub.subscribe(manager.id, (e) => heard.manager?.push(e.conversationId)),
      t.services.messageHub.subscribe(rival.id, (e) => heard.rival?.push(e.conversationId)),
    ]
    try {
      const { id } = await buyerWrites(manager.id)
      await expect.poll(() => heard.owner, { timeout: 5000 }).toContain(id)
      await expect.poll(() => heard.manager, { timeout: 5000 }).toContain(id)
      expect(heard.rival).not.toContain(id)
    } finally {
      for (const stop of stops) stop()
    }
  })

  test("the dealer's side shares the dealer's phones, not a person's; the buyer's stay masked until shared", async () => {
    const { id } = await buyerWrites(manager.id, 'Мой номер +7 701 555 12 34')
    expect((await read(owner.auth, id)).json().messages[0].body).toBe(`Мой номер ${HIDDEN_PHONE}`)
    await send(manager.auth, id, 'Наш номер +7 727 355 00 11')
    const masked = (await read(buyer.auth, id)).json()
    expect(masked.messages[1].body).toBe(`Наш номер ${HIDDEN_PHONE}`)
    expect(masked.otherContacts).toBeNull()

    const shared = await t.app.inject({ method: 'PUT', url: `/api/conversations/${id}/contacts/`, headers: owner.auth })
    expect(shared.statusCode).toBe(200)
    expect((await read(manager.auth, id)).json().iShareContacts).toBe(true)
    const seen = (await read(buyer.auth, id)).json()
    expect(seen.messages[1].body).toBe('Наш номер +7 727 355 00 11')
    expect(seen.otherContacts).toEqual({ phone: DEALER_PHONES.join(', '), email: null })
  })

  test("a block from the dealer's side holds for all of them, and any of them lifts it", async () => {
    const { carId, id } = await buyerWrites(manager.id)
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/block/`, headers: owner.auth })).statusCode,
    ).toBe(200)
    expect((await send(buyer.auth, id, 'Ответьте!')).json().code).toBe('conversation.blocked')
    expect((await start(buyer.auth, carId, 'Ответьте!')).statusCode).toBe(409)
    expect((await read(manager.auth, id)).json()).toMatchObject({ blockedByMe: true })
    expect((await send(manager.auth, id, 'Пишу')).statusCode).toBe(409)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/conversations/${id}/block/`, headers: manager.auth }))
        .statusCode,
    ).toBe(200)
    expect((await send(buyer.auth, id, 'Спасибо')).statusCode).toBe(201)
  })

  test("a buyer's report names the dealer to the moderators; blocking it blocks the dealer's side", async () => {
    const { id } = await buyerWrites(manager.id)
    await send(manager.auth, id, 'Задаток 50 000 на карту, иначе продадим')
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/report/`,
      payload: { reason: 'Просит задаток до осмотра' },
      headers: buyer.auth,
    })
    expect(reported.statusCode).toBe(200)
    const reports = (await t.app.inject({ url: '/api/admin/conversation-reports/', headers: moderator.auth })).json()
    const report = reports.results.find((r: { conversationId: number }) => r.conversationId === id)
    expect(report).toMatchObject({ reporter: { name: 'Покупатель Айгуль' }, reported: { name: DEALER } })

    // A report from the dealer's side, resolved as blocked, blocks the buyer from the dealer's seat.
    const fromDealer = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/report/`,
      payload: { reason: 'Оскорбляет менеджеров' },
      headers: owner.auth,
    })
    expect(fromDealer.statusCode).toBe(200)
    const again = (await t.app.inject({ url: '/api/admin/conversation-reports/', headers: moderator.auth })).json()
    const ours = again.results.find(
      (r: { conversationId: number; reporter: { id: string } }) =>
        r.conversationId === id && r.reporter.id === owner.id,
    )
    expect(ours.reported).toEqual({ id: buyer.id, name: 'Покупатель Айгуль' })
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/conversation-reports/${ours.id}/resolve/`,
      payload: { resolution: 'blocked' },
      headers: moderator.auth,
    })
    expect(resolved.statusCode).toBe(200)
    expect((await send(buyer.auth, id, 'Почему?')).json().code).toBe('conversation.blocked')
    expect((await read(manager.auth, id)).json().blockedByMe).toBe(true)
  })

  test('a removed member loses every thread at once, the seat they held too; the others go on', async () => {
    // Unblocked: the test above left the buyer blocked from the seats of Динара's cars, not Тимур's.
    const { id } = await buyerWrites(leaving.id, 'Есть ли торг?')
    expect((await read(leaving.auth, id)).statusCode).toBe(200)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/dealers/${dealerId}/members/${leaving.id}/`,
      headers: owner.auth,
    })
    expect(removed.statusCode, removed.body).toBe(200)

    expect((await read(leaving.auth, id)).statusCode).toBe(404)
    expect((await send(leaving.auth, id, 'Я ещё тут')).statusCode).toBe(404)
    expect((await markRead(leaving.auth, id)).statusCode).toBe(404)
    expect(await threadIn(leaving.auth, id)).toBeUndefined()
    expect(await unread(leaving.auth)).toBe(0)
    // Marking all read does not reach the dealer's seat it no longer has.
    await t.app.inject({ method: 'POST', url: '/api/messages/read/', headers: leaving.auth })
    expect((await threadIn(owner.auth, id))?.unread).toBe(1)

    expect((await send(owner.auth, id, 'Небольшой торг возможен')).statusCode).toBe(201)
    expect((await send(buyer.auth, id, 'Тогда приеду')).statusCode).toBe(201)
    expect((await threadIn(manager.auth, id))?.unread).toBe(1)
    expect((await read(buyer.auth, id)).json().other.name).toBe(DEALER)
    // Their own conversations as a buyer stay theirs.
    const { id: asBuyer } = await buyerWritesAs(leaving.auth)
    expect((await read(leaving.auth, asBuyer)).statusCode).toBe(200)
  })
})

/** Someone writes about a car of the dealer as a buyer. */
async function buyerWritesAs(auth: Auth) {
  const car = await createListing(t.db, { ownerId: owner.id, dealerId })
  const res = await start(auth, car.id, 'Добрый день')
  expect(res.statusCode, res.body).toBe(201)
  return { id: (res.json() as { conversationId: number }).conversationId }
}

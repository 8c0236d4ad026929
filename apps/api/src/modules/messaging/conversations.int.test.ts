import { type AddressInfo, createConnection } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createMemoryRateLimiter } from '../../lib/rate-limit.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createListingInModeration, setRole } from '../../testing/factories.ts'
import { createTestApp, TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { HIDDEN_EMAIL, HIDDEN_PHONE } from './mask.ts'
import { STREAM_SESSION_CHECK_MS } from './stream-sessions.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
const { signUp, signIn } = accountHelpers(() => t.app)
let seller: Awaited<ReturnType<typeof signUp>>
let buyer: Awaited<ReturnType<typeof signUp>>
let stranger: Awaited<ReturnType<typeof signUp>>
let moderator: Awaited<ReturnType<typeof signUp>>
let listingId: number

/** The limiter's clock: a new day for each case, so the chat limits (conversations.limits.int.test.ts) stay out. */
let clock = Date.now()
beforeEach(() => {
  clock += 86_401_000
})

beforeAll(async () => {
  t = await createTestApp({ limiter: createMemoryRateLimiter({ now: () => clock }) })
  seller = await signUp(undefined, 'secret12', 'Продавец Ерлан')
  buyer = await signUp(undefined, 'secret12', 'Покупатель Айгуль')
  stranger = await signUp(undefined, 'secret12', 'Посторонний')
  moderator = await signUp(undefined, 'secret12', 'Модератор')
  await setRole(t.db, moderator.id, 'moderator')
  listingId = (await createListing(t.db, { ownerId: seller.id })).id
})
afterAll(() => t.close())

type Auth = Record<string, string>
const start = (auth: Auth | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/conversations/', payload, ...(auth ? { headers: auth } : {}) })
const send = (auth: Auth, id: number, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages/`, payload: { body }, headers: auth })
const read = (auth: Auth, id: number) => t.app.inject({ url: `/api/conversations/${id}/`, headers: auth })
const unread = async (auth: Auth) =>
  ((await t.app.inject({ url: '/api/messages/unread/', headers: auth })).json() as { unread: number }).unread

describe('conversations', () => {
  test('a guest is asked to sign in (401)', async () => {
    expect((await start(undefined, { listingId, body: 'Здравствуйте' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/conversations/' })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/messages/stream/' })).statusCode).toBe(401)
  })

  test('a buyer writes to the seller; one conversation per buyer and listing; the seller sees it unread', async () => {
    const before = await unread(seller.auth)
    const first = await start(buyer.auth, { listingId, body: 'Здравствуйте! Машина ещё продаётся?' })
    expect(first.statusCode).toBe(201)
    const { conversationId } = first.json() as { conversationId: number }
    const again = await start(buyer.auth, { listingId, body: 'Можно посмотреть в субботу?' })
    expect(again.json().conversationId).toBe(conversationId)
    expect(await unread(seller.auth)).toBe(before + 2)

    const list = (await t.app.inject({ url: '/api/conversations/', headers: seller.auth })).json()
    const thread = list.results.find((c: { id: number }) => c.id === conversationId)
    expect(thread).toMatchObject({
      kind: 'listing',
      iAmSeller: true,
      dealer: null,
      other: { name: 'Покупатель Айгуль' },
      unread: 2,
      lastMessage: { body: 'Можно посмотреть в субботу?', mine: false },
    })
    expect(thread.listing.title).toBe('Toyota Camry, 2018')

    const detail = (await read(seller.auth, conversationId)).json()
    expect(detail.messages.map((m: { from: string }) => m.from)).toEqual(['them', 'them'])
    await t.app.inject({ method: 'POST', url: `/api/conversations/${conversationId}/read/`, headers: seller.auth })
    expect(await unread(seller.auth)).toBe(before)
  })

  test('bad input changes nothing: empty or too long, own listing, unpublished or unknown listing', async () => {
    expect((await start(buyer.auth, { listingId, body: '   ' })).statusCode).toBe(400)
    expect((await start(buyer.auth, { listingId, body: 'x'.repeat(2001) })).statusCode).toBe(400)
    expect((await start(buyer.auth, { listingId: 'abc', body: 'Привет' })).statusCode).toBe(400)
    const own = await start(seller.auth, { listingId, body: 'Сам себе' })
    expect(own.statusCode).toBe(403)
    expect(own.json().code).toBe('conversation.own_listing')
    const waiting = await createListingInModeration(t.db)
    expect((await start(buyer.auth, { listingId: waiting.id, body: 'Привет' })).statusCode).toBe(404)
    expect((await start(buyer.auth, { listingId: 999_999_999, body: 'Привет' })).statusCode).toBe(404)
  })

  test('nobody else reads or writes in it, staff included (404)', async () => {
    const { conversationId } = (await start(buyer.auth, { listingId, body: 'Ещё вопрос' })).json()
    for (const who of [stranger, moderator]) {
      expect((await read(who.auth, conversationId)).statusCode).toBe(404)
      expect((await send(who.auth, conversationId, 'Я тоже тут')).statusCode).toBe(404)
      const share = await t.app.inject({
        method: 'PUT',
        url: `/api/conversations/${conversationId}/contacts/`,
        headers: who.auth,
      })
      expect(share.statusCode).toBe(404)
    }
    expect((await read(stranger.auth, 987_654)).statusCode).toBe(404)
  })

  test('contacts are masked until their owner shares them; the reader is warned about scams in their language', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const { conversationId } = (
      await start(buyer.auth, { listingId: car.id, body: 'Мой номер +7 701 555 12 34, звоните' })
    ).json()
    const masked = (await read(seller.auth, conversationId)).json()
    expect(masked.messages[0].body).toBe(`Мой номер ${HIDDEN_PHONE}, звоните`)
    expect(masked.otherContacts).toBeNull()
    // The writer sees their own words.
    expect((await read(buyer.auth, conversationId)).json().messages[0].body).toContain('+7 701 555 12 34')

    await t.app.inject({ method: 'PUT', url: `/api/conversations/${conversationId}/contacts/`, headers: buyer.auth })
    const shared = (await read(seller.auth, conversationId)).json()
    expect(shared.messages[0].body).toContain('+7 701 555 12 34')
    expect(shared.otherContacts.email).toBe(buyer.email)

    await send(seller.auth, conversationId, 'Переведите предоплату 100 000 на карту, номер карты скину в WhatsApp')
    const warned = (await read(buyer.auth, conversationId)).json()
    const last = warned.messages[warned.messages.length - 1]
    expect(last.warnings).toEqual(['prepayment', 'card', 'messenger'])
    // The writer is not warned about their own message.
    const own = (await read(seller.auth, conversationId)).json()
    expect(own.messages[own.messages.length - 1].warnings).toEqual([])
  })

  test('a number split over two messages, or spelt around the pattern, is masked for the reader', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const { conversationId } = (await start(buyer.auth, { listingId: car.id, body: 'Запишите: 8 701 555' })).json()
    await send(buyer.auth, conversationId, '12 34')
    await send(buyer.auth, conversationId, 'почта name [at] mail.kz, или ８７０１\u200b５５５１２３４')
    const seen = (await read(seller.auth, conversationId)).json()
    expect(seen.messages.map((m: { body: string }) => m.body)).toEqual([
      `Запишите: ${HIDDEN_PHONE}`,
      HIDDEN_PHONE,
      `почта ${HIDDEN_EMAIL}, или ${HIDDEN_PHONE}`,
    ])
    // The writer sees their own words.
    expect((await read(buyer.auth, conversationId)).json().messages[1].body).toBe('12 34')
  })

  test('either side can block: then nobody writes (409) until unblocked', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const { conversationId } = (await start(buyer.auth, { listingId: car.id, body: 'Здравствуйте' })).json()
    await t.app.inject({ method: 'POST', url: `/api/conversations/${conversationId}/block/`, headers: seller.auth })
    const refused = await send(buyer.auth, conversationId, 'Ответьте!')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('conversation.blocked')
    expect((await start(buyer.auth, { listingId: car.id, body: 'Ответьте!' })).statusCode).toBe(409)
    expect((await read(buyer.auth, conversationId)).json()).toMatchObject({ blockedByOther: true, blockedByMe: false })
    await t.app.inject({ method: 'DELETE', url: `/api/conversations/${conversationId}/block/`, headers: seller.auth })
    expect((await send(buyer.auth, conversationId, 'Спасибо')).statusCode).toBe(201)
  })

  test('a block holds between the two people: not about another car, not in a new conversation, both ways', async () => {
    const a = await signUp(undefined, 'secret12', 'Продавец Асель')
    const b = await signUp(undefined, 'secret12', 'Покупатель Бауыржан')
    const c = await signUp(undefined, 'secret12', 'Покупатель Дана')
    const [car1, car2, car3] = await Promise.all([1, 2, 3].map(() => createListing(t.db, { ownerId: a.id })))
    const one = (await start(b.auth, { listingId: car1?.id, body: 'Здравствуйте' })).json().conversationId
    const two = (await start(b.auth, { listingId: car2?.id, body: 'А эта?' })).json().conversationId
    const blockOne = (auth?: Auth) =>
      t.app.inject({ method: 'POST', url: `/api/conversations/${one}/block/`, ...(auth ? { headers: auth } : {}) })

    // A guest and someone else cannot block in it.
    expect((await blockOne()).statusCode).toBe(401)
    expect((await blockOne(c.auth)).statusCode).toBe(404)
    expect((await send(b.auth, two, 'Ещё не заблокирован')).statusCode).toBe(201)

    // A blocks B in the conversation about car 1.
    expect((await blockOne(a.auth)).statusCode).toBe(200)
    const refused = await send(b.auth, two, 'Ответьте про вторую машину!')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('conversation.blocked')
    // Nor through the call that starts or continues one, about car 2 or a car never written about.
    expect((await start(b.auth, { listingId: car2?.id, body: 'Ответьте!' })).json().code).toBe('conversation.blocked')
    const fresh = await start(b.auth, { listingId: car3?.id, body: 'Тогда про третью' })
    expect(fresh.statusCode).toBe(409)
    expect(fresh.json().code).toBe('conversation.blocked')
    const bList = (await t.app.inject({ url: '/api/conversations/', headers: b.auth })).json()
    expect(bList.results.some((r: { listing: { id: number } | null }) => r.listing?.id === car3?.id)).toBe(false)
    // The one who blocked does not write either, and both see why.
    expect((await send(a.auth, two, 'Пока')).statusCode).toBe(409)
    expect((await read(b.auth, two)).json()).toMatchObject({ blockedByOther: true, blockedByMe: false })
    expect((await read(a.auth, two)).json()).toMatchObject({ blockedByMe: true, blockedByOther: false })
    // Another buyer still writes to the seller.
    expect((await start(c.auth, { listingId: car2?.id, body: 'Добрый день' })).statusCode).toBe(201)

    // Unblocking in the other conversation lifts the block between them.
    const unblock = await t.app.inject({ method: 'DELETE', url: `/api/conversations/${two}/block/`, headers: a.auth })
    expect(unblock.statusCode).toBe(200)
    expect((await send(b.auth, one, 'Спасибо')).statusCode).toBe(201)
    expect((await send(b.auth, two, 'И за вторую')).statusCode).toBe(201)
  })
})

describe('live updates', () => {
  test('a message written through one app instance reaches a stream opened on another (same database)', async () => {
    const other = await createTestApp({ database: t.database })
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = other.app.server.address() as AddressInfo
      const authorization = seller.auth.authorization
      const received: string[] = []
      const socket = createConnection({ port, host: '127.0.0.1' })
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => received.push(chunk))
      socket.write(
        `GET /api/messages/stream/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: ${authorization}\r\n\r\n`,
      )
      await expect.poll(() => received.join(''), { timeout: 5000 }).toContain('retry: 5000')
      const car = await createListing(t.db, { ownerId: seller.id })
      // The stranger: the report above ended with a block between the buyer and the seller.
      const res = await start(stranger.auth, { listingId: car.id, body: 'Добрый день' })
      const { conversationId } = res.json()
      await expect
        .poll(() => received.join(''), { timeout: 5000 })
        .toContain(`event: message\ndata: {"conversationId":${conversationId}}`)
      socket.destroy()
    } finally {
      await other.close()
    }
  })

  describe('a stream ends with its session (issue 35)', () => {
    let other: Awaited<ReturnType<typeof createTestApp>>
    let port: number
    beforeAll(async () => {
      // The streams are served by a second instance: the sessions end through the first, as on two servers.
      other = await createTestApp({ database: t.database })
      await other.app.listen({ port: 0, host: '127.0.0.1' })
      port = (other.app.server.address() as AddressInfo).port
    })
    afterAll(() => other.close())

    /** An open event stream: what it has received, and whether the server has ended it. */
    async function openStream(authorization: string) {
      const stream = { text: '', ended: false }
      const socket = createConnection({ port, host: '127.0.0.1' })
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        stream.text += chunk
        // The end of a chunked response (the connection itself may be kept for another request).
        if (stream.text.endsWith('\r\n0\r\n\r\n')) stream.ended = true
      })
      socket.on('close', () => {
        stream.ended = true
      })
      socket.write(
        `GET /api/messages/stream/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: ${authorization}\r\n\r\n`,
      )
      await expect.poll(() => stream.text, { timeout: 5000 }).toContain('retry: 5000')
      return { stream, close: () => socket.destroy() }
    }

    async function deviceOf(account: { email: string; password: string }) {
      const res = await signIn(account.email, account.password)
      expect(res.statusCode, res.body).toBe(200)
      return { authorization: `Bearer ${res.headers['set-auth-token']}` }
    }

    /** Someone writes to the seller: an event for every live stream of theirs. */
    async function writeTo(sellerId: string) {
      const car = await createListing(t.db, { ownerId: sellerId })
      const res = await start(stranger.auth, { listingId: car.id, body: 'Добрый день' })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().conversationId as number
    }

    const eventFor = (id: number) => `event: message\ndata: {"conversationId":${id}}`
    /** A quiet stream is ended by the periodic check: within its period, and a margin for a slow machine. */
    const SWEEP_BOUND_MS = STREAM_SESSION_CHECK_MS + 3000

    test('signed out: the next message is not delivered and the stream ends; the other devices go on', async () => {
      const s = await signUp()
      const laptop = await deviceOf(s)
      const signedOut = await openStream(laptop.authorization)
      const phone = await openStream(s.auth.authorization)
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { ...laptop, origin: TEST_PUBLIC_URL },
      })
      expect(out.statusCode, out.body).toBe(200)
      const conversationId = await writeTo(s.id)
      await expect.poll(() => phone.stream.text, { timeout: 5000 }).toContain(eventFor(conversationId))
      await expect.poll(() => signedOut.stream.ended, { timeout: 5000 }).toBe(true)
      expect(signedOut.stream.text).not.toContain('event: message')
      expect(phone.stream.ended).toBe(false)
      signedOut.close()
      phone.close()
    })

    test('the password changed on another device: the quiet stream ends within the check period, gets nothing after', async () => {
      const s = await signUp()
      const laptop = await deviceOf(s)
      const stream = await openStream(laptop.authorization)
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { ...s.auth, origin: TEST_PUBLIC_URL },
        payload: { currentPassword: s.password, newPassword: 'brand-new-7' },
      })
      expect(changed.statusCode, changed.body).toBe(200)
      const started = Date.now()
      await expect.poll(() => stream.stream.ended, { timeout: SWEEP_BOUND_MS, interval: 100 }).toBe(true)
      expect(Date.now() - started).toBeLessThanOrEqual(SWEEP_BOUND_MS)
      await writeTo(s.id)
      expect(stream.stream.text).not.toContain('event: message')
      stream.close()
    })

    test('the account deleted on another device: the stream ends', async () => {
      const s = await signUp()
      const laptop = await deviceOf(s)
      const stream = await openStream(laptop.authorization)
      const deleted = await t.app.inject({ method: 'DELETE', url: '/api/profiles/me/', headers: s.auth })
      expect(deleted.statusCode, deleted.body).toBe(200)
      await expect.poll(() => stream.stream.ended, { timeout: SWEEP_BOUND_MS, interval: 100 }).toBe(true)
      expect(stream.stream.text).not.toContain('event: message')
      stream.close()
    })

    test('a stream whose session goes on is not ended by the check', async () => {
      const s = await signUp()
      const stream = await openStream(s.auth.authorization)
      // A check period passes with nothing to end (a bounded wait for an end that must not come).
      await expect
        .poll(() => stream.stream.ended, { timeout: STREAM_SESSION_CHECK_MS + 1000, interval: 500 })
        .toBe(true)
        .catch(() => undefined)
      expect(stream.stream.ended).toBe(false)
      const conversationId = await writeTo(s.id)
      await expect.poll(() => stream.stream.text, { timeout: 5000 }).toContain(eventFor(conversationId))
      stream.close()
    })
  })
})

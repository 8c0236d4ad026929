import { createECDH, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import webpush from 'web-push'
import { favourites, jobReceipts, outboxMessages, profiles, pushSubscriptions, savedSearches } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createUser, setRole } from '../../testing/factories.ts'
import { createTestApp, TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { testDriver } from '../../testing/test-db.ts'
import {
  createDelivery,
  createWebPushSender,
  DeliveryError,
  type PushGateway,
  PushTargetGoneError,
} from '../delivery/index.ts'
import type { JobSender } from '../jobs/index.ts'
import { createNotificationsService } from './notifications.service.ts'
import { signUnsubscribe } from './unsubscribe.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
const { signUp } = accountHelpers(() => t.app)
type Account = Awaited<ReturnType<typeof signUp>>
let seller: Account

beforeAll(async () => {
  t = await createTestApp()
  seller = await signUp(undefined, 'secret12', 'Продавец')
})
afterAll(() => t.close())

async function buyerSpeaking(language: 'ru' | 'kk' | 'en', prefs: Partial<typeof profiles.$inferInsert> = {}) {
  const b = await signUp()
  await t.db
    .update(profiles)
    .set({ language, ...prefs })
    .where(eq(profiles.userId, b.id))
  return b
}
const favourite = (userId: string, listingId: number, priceKztAtSave = 12_500_000) =>
  t.db.insert(favourites).values({ userId, listingId, priceKztAtSave })
const systemMessages = async (a: Account) =>
  (
    (await t.app.inject({ url: '/api/messages/', headers: a.auth })).json() as {
      results: { body: string; kind: string }[]
    }
  ).results
    .filter((m) => m.kind === 'system')
    .map((m) => m.body.replace(/\u00a0/g, ' '))
const mailTo = (a: Account) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, a.email), eq(outboxMessages.channel, 'email')))

describe('alerts about favourites', () => {
  test('a price drop tells everyone who keeps the car, in their language, unless they turned price alerts off', async () => {
    const listing = await createListing(t.db, { ownerId: seller.id, brand: 'kia', model: 'rio', year: 2019 })
    const kk = await buyerSpeaking('kk')
    const en = await buyerSpeaking('en')
    const quiet = await buyerSpeaking('ru', { notifyPriceChanges: false })
    for (const b of [kk, en, quiet]) await favourite(b.id, listing.id)

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/price/`,
      payload: { priceKzt: 12_000_000 },
      headers: seller.auth,
    })
    expect(res.statusCode, res.body).toBe(200)
    await t.jobs.drain()

    expect(await systemMessages(kk)).toEqual([
      'Таңдаулыңыздағы Kia Rio, 2019 арзандады: бұрын 12 500 000 ₸, қазір 12 000 000 ₸.',
    ])
    expect(await systemMessages(en)).toEqual([
      'The price of Kia Rio, 2019 in your favourites dropped from 12,500,000 ₸ to 12,000,000 ₸.',
    ])
    expect(await systemMessages(quiet)).toEqual([])
    const [mail] = await mailTo(en)
    expect(mail?.subject).toBe('Price drop: Kia Rio, 2019')
    expect(mail?.body).toContain(`http://localhost:3000/cars/${listing.id}`)
    expect(mail?.headers?.['List-Unsubscribe']).toContain('t=priceChanges')
    expect(await mailTo(quiet)).toEqual([])
  })

  test('a price rise tells nobody', async () => {
    const listing = await createListing(t.db, { ownerId: seller.id })
    const b = await buyerSpeaking('ru')
    await favourite(b.id, listing.id)
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/price/`,
      payload: { priceKzt: 13_000_000 },
      headers: seller.auth,
    })
    await t.jobs.drain()
    expect(await systemMessages(b)).toEqual([])
  })

  test('a sale and a removal are told too; a removed car is named although its row is gone', async () => {
    const sold = await createListing(t.db, { ownerId: seller.id, brand: 'lada', model: 'granta', year: 2020 })
    const removed = await createListing(t.db, { ownerId: seller.id, brand: 'hyundai', model: 'accent', year: 2017 })
    const b = await buyerSpeaking('ru')
    await favourite(b.id, sold.id)
    await favourite(b.id, removed.id)
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/listings/${sold.id}/sold/`, headers: seller.auth })).statusCode,
    ).toBe(200)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/listings/${removed.id}/`, headers: seller.auth })).statusCode,
    ).toBe(200)
    await t.jobs.drain()
    expect((await systemMessages(b)).sort()).toEqual([
      'Автомобиль Lada Granta, 2020 из избранного продан.',
      'Продавец снял объявление Hyundai Accent, 2017 из избранного.',
    ])
  })

  test('an alert job run twice (a retry after a crash) delivers once', async () => {
    const b = await buyerSpeaking('en')
    const job = {
      key: `test-once-${b.id}`,
      userId: b.id,
      alert: { kind: 'sold' as const, listingId: 1, title: 'Kia Rio, 2019' },
    }
    await t.services.notifications.deliverAlert(job)
    await t.services.notifications.deliverAlert(job)
    await t.jobs.drain()
    expect(await systemMessages(b)).toEqual(['Kia Rio, 2019 from your favourites has been sold.'])
    expect(await mailTo(b)).toHaveLength(1)
  })
})

describe('one-click unsubscribe', () => {
  const url = (
    u: string,
    topic: string,
    s = signUnsubscribe('test-secret-test-secret-test-secret-1234', u, topic as 'news'),
  ) => `/api/unsubscribe/?${new URLSearchParams({ u, t: topic, s })}`

  test('works signed out with the signed link (RFC 8058 POST), and turns off only that topic', async () => {
    const b = await buyerSpeaking('ru')
    const res = await t.app.inject({
      method: 'POST',
      url: url(b.id, 'priceChanges'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode, res.body).toBe(200)
    const [p] = await t.db.select().from(profiles).where(eq(profiles.userId, b.id))
    expect(p).toMatchObject({ notifyPriceChanges: false, notifyNews: true, notifyPromotions: true })
  })

  test("a forged or another user's signature changes nothing (400)", async () => {
    const b = await buyerSpeaking('ru')
    const other = await buyerSpeaking('ru')
    const forged = await t.app.inject({ method: 'POST', url: url(b.id, 'news', 'A'.repeat(32)) })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().code).toBe('unsubscribe.invalid')
    // A valid link for someone else cannot be pointed at b.
    const theirs = signUnsubscribe('test-secret-test-secret-test-secret-1234', other.id, 'news')
    expect((await t.app.inject({ method: 'POST', url: url(b.id, 'news', theirs) })).statusCode).toBe(400)
    const [p] = await t.db.select().from(profiles).where(eq(profiles.userId, b.id))
    expect(p?.notifyNews).toBe(true)
  })

  test('GET (a mail client following the link) only shows the page: nothing changes', async () => {
    const b = await buyerSpeaking('ru')
    const res = await t.app.inject({ url: url(b.id, 'promotions') })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toMatch(/^\/unsubscribe\?u=/)
    const [p] = await t.db.select().from(profiles).where(eq(profiles.userId, b.id))
    expect(p?.notifyPromotions).toBe(true)
  })

  test("a saved search's link turns off that search's alerts only", async () => {
    const b = await buyerSpeaking('ru')
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches/',
      payload: { name: 'Киа', filters: { brand: 'kia' } },
      headers: b.auth,
    })
    const id = created.json().id as number
    const res = await t.app.inject({ method: 'POST', url: url(b.id, `search:${id}`) })
    expect(res.json()).toEqual({ topic: `search:${id}`, searchName: 'Киа' })
    const [s] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, id))
    expect(s?.alerts).toBe('off')
  })

  test("the page names the search the link turns off, only the link's user's, and changes nothing", async () => {
    const owner = await createUser(t.db)
    const other = await createUser(t.db)
    const [search] = await t.db
      .insert(savedSearches)
      .values({ userId: owner.id, name: 'Шкода', path: '/auto/skoda' })
      .returning()
    const topic = `search:${Number(search?.id)}` as const
    const sign = (u: string) => signUnsubscribe('test-secret-test-secret-test-secret-1234', u, topic)
    const described = (u: string) => t.services.notifications.describeUnsubscribe({ u, t: topic, s: sign(u) })
    expect(await described(owner.id)).toEqual({ topic, searchName: 'Шкода' })
    expect(await described(other.id)).toEqual({ topic, searchName: null })
    const [s] = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, owner.id))
    expect(s?.alerts).toBe('daily')
  })
})

describe('news and promotions', () => {
  test('only staff send them; everyone who opted in gets them in their language, nobody else', async () => {
    const staff = await signUp()
    await setRole(t.db, staff.id, 'admin')
    const body = {
      topic: 'news',
      subject: { ru: 'Новости', kk: 'Жаңалықтар', en: 'News' },
      body: { ru: 'Мы открылись в Шымкенте', kk: 'Шымкентте ашылдық', en: 'We opened in Shymkent' },
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/broadcasts/', payload: body })).statusCode).toBe(401)
    const user = await buyerSpeaking('ru')
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/broadcasts/', payload: body, headers: user.auth }))
        .statusCode,
    ).toBe(403)
    const kk = await buyerSpeaking('kk')
    const optedOut = await buyerSpeaking('en', { notifyNews: false })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/broadcasts/',
      payload: body,
      headers: staff.auth,
    })
    expect(res.statusCode, res.body).toBe(201)
    await t.jobs.drain()
    expect(await systemMessages(kk)).toEqual(['Шымкентте ашылдық'])
    expect(await systemMessages(user)).toEqual(['Мы открылись в Шымкенте'])
    expect(await systemMessages(optedOut)).toEqual([])
    const listed = await t.app.inject({ url: '/api/admin/broadcasts/', headers: staff.auth })
    expect(listed.json().results[0].subject.en).toBe('News')
  })
})

describe('push', () => {
  test("alerts reach the user's browsers (Web Push) and app (FCM token); the local adapter records them", async () => {
    const b = await buyerSpeaking('en')
    const endpoint = `https://fcm.googleapis.com/fcm/send/${b.id}`
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/push-subscriptions/',
      payload: { endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } },
      headers: b.auth,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/push-subscriptions/',
          payload: { endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } },
        })
      ).statusCode,
    ).toBe(401)
    await t.db
      .update(profiles)
      .set({ fcmToken: `fcm-${b.id}` })
      .where(eq(profiles.userId, b.id))
    const listing = await createListing(t.db, { ownerId: seller.id })
    await favourite(b.id, listing.id)
    await t.app.inject({ method: 'POST', url: `/api/listings/${listing.id}/sold/`, headers: seller.auth })
    await t.jobs.drain()
    const pushes = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, endpoint))
    expect(pushes.map((p) => [p.channel, p.subject])).toEqual([['webpush', 'Sold: Toyota Camry, 2018']])
    const app = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, `fcm-${b.id}`))
    expect(app.map((p) => [p.channel, p.headers?.url])).toEqual([['fcm', '/wishlist']])
    // Another user cannot remove it.
    const other = await buyerSpeaking('ru')
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/push-subscriptions/',
      payload: { endpoint },
      headers: other.auth,
    })
    expect(del.statusCode).toBe(404)
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/push-subscriptions/',
          payload: { endpoint },
          headers: b.auth,
        })
      ).statusCode,
    ).toBe(200)
  })
})

describe('push subscriptions (issue 35)', () => {
  const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
  const savePush = (a: Account, endpoint: string) =>
    t.app.inject({ method: 'PUT', url: '/api/push-subscriptions/', payload: { endpoint, keys }, headers: a.auth })
  const endpointsOf = async (a: Account) =>
    (
      await t.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, a.id))
        .orderBy(asc(pushSubscriptions.id))
    ).map((r) => r.endpoint)
  let prober: Account
  beforeAll(async () => {
    prober = await signUp()
  })

  test.each([
    'https://127.0.0.1/push',
    'https://localhost/push',
    'https://10.0.0.5/push',
    'https://192.168.1.1/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://user:pass@fcm.googleapis.com/fcm/send/x',
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://push.example.org/send/x',
    'https://fcm.googleapis.com.evil.example/x',
  ])('an endpoint that is not a push service is refused with 400 and nothing is saved: %s', async (endpoint) => {
    const res = await savePush(prober, endpoint)
    expect(res.statusCode, res.body).toBe(400)
    // http:// never passes the contract; the rest are the service's refusal.
    expect(res.json().code).toBe(endpoint.startsWith('http:') ? 'validation.failed' : 'push.endpoint_not_allowed')
    expect(await endpointsOf(prober)).toEqual([])
  })

  test('the four push services browsers use are accepted', async () => {
    const b = prober
    const endpoints = [
      `https://fcm.googleapis.com/fcm/send/${b.id}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${b.id}`,
      `https://web.push.apple.com/${b.id}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${b.id}`,
    ]
    for (const endpoint of endpoints) expect((await savePush(b, endpoint)).statusCode).toBe(200)
    expect(await endpointsOf(b)).toEqual(endpoints)
    // The account that probes the refusals has none, whichever order these tests run in.
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, b.id))
  })

  test('the same browser saved twice is one subscription; an account keeps its 10 most recently saved browsers, one more forgets the oldest', async () => {
    const b = await signUp()
    const ep = (i: number) => `https://fcm.googleapis.com/fcm/send/cap-${b.id}-${i}`
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ep(from + i))
    expect((await savePush(b, ep(1))).statusCode).toBe(200)
    expect((await savePush(b, ep(1))).statusCode).toBe(200)
    expect(await endpointsOf(b)).toEqual([ep(1)])
    for (let i = 2; i <= 12; i++) expect((await savePush(b, ep(i))).statusCode).toBe(200)
    expect((await endpointsOf(b)).sort()).toEqual(range(3, 12).sort())
    // Turning notifications on again in browser 3 makes it the newest: the next one forgets browser 4.
    expect((await savePush(b, ep(3))).statusCode).toBe(200)
    expect((await savePush(b, ep(13))).statusCode).toBe(200)
    expect((await endpointsOf(b)).sort()).toEqual([ep(3), ...range(5, 13)].sort())
  })

  test('an alert to an account saved with more browsers than the cap (before it) reaches its newest 10 only', async () => {
    const b = await createUser(t.db)
    const rows = Array.from({ length: 15 }, (_, i) => ({
      userId: b.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/old-${b.id}-${i}`,
      ...keys,
      createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
    }))
    await t.db.insert(pushSubscriptions).values(rows)
    await t.services.notifications.deliverAlert({
      key: `test-fanout-${b.id}`,
      userId: b.id,
      alert: { kind: 'sold', listingId: 1, title: 'Kia Rio, 2019' },
    })
    await t.jobs.drain(['push'])
    const pushed = await t.db
      .select({ recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'webpush'), sql`${outboxMessages.recipient} like ${`%old-${b.id}-%`}`))
    expect(pushed.map((p) => p.recipient).sort()).toEqual(
      rows
        .slice(5)
        .map((r) => r.endpoint)
        .sort(),
    )
  })
})

describe('push delivery (issue 35)', () => {
  /** A push service that takes the connection and never answers (not even the TLS handshake). */
  const sockets = new Set<Socket>()
  let connected: () => void = () => {}
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    connected()
  })
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    for (const s of sockets) s.destroy()
    await new Promise((resolve) => server.close(resolve))
  })

  const noJobs: JobSender = {
    send: async () => {
      throw new Error('no job expected')
    },
    sendMany: async () => {
      throw new Error('no job expected')
    },
  }
  const serviceWith = (push: PushGateway) =>
    createNotificationsService({
      db: t.db,
      jobs: noJobs,
      delivery: {
        ...createDelivery({ smtpUrl: null, mailFrom: 'x <x@tulpar.kz>', sms: { gateway: 'outbox' } }, t.db),
        push,
      },
      publicUrl: TEST_PUBLIC_URL,
      secret: 'test-secret-test-secret-test-secret-1234',
      vapidPublicKey: null,
    })
  const browserKeys = () => {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
  }
  async function subscribe(endpoint: (userId: string) => string) {
    const b = await createUser(t.db)
    const [row] = await t.db
      .insert(pushSubscriptions)
      .values({ userId: b.id, endpoint: endpoint(b.id), ...browserKeys() })
      .returning()
    if (!row) throw new Error('not saved')
    return { user: b, subscription: row }
  }
  const receiptsOf = (key: string) => t.db.select().from(jobReceipts).where(eq(jobReceipts.key, key))
  const within = <T>(ms: number, what: string, p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)),
    ])
  const message = { title: 'Sold: Kia Rio, 2019', body: 'Kia Rio, 2019 from your favourites has been sold.', url: '/' }

  test('a push service that never answers holds no transaction while waited on, and the delivery ends at its timeout', async () => {
    const timeoutMs = 1_000
    const slow = serviceWith({
      // A stand-in push service on 127.0.0.1 needs the test's guards: any host, resolved to the stand-in.
      sendWebPush: createWebPushSender(
        { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@tulpar.kz' },
        {
          isAllowed: () => true,
          lookup: (_host, options, callback) =>
            typeof options === 'object' && options.all
              ? callback(null, [{ address: '127.0.0.1', family: 4 }])
              : callback(null, '127.0.0.1', 4),
          timeoutMs,
        },
      ),
      sendFcm: async () => {},
    })
    const { subscription } = await subscribe((id) => `https://push.test:${port}/send/slow-${id}`)
    const key = `test-slow-${subscription.id}`
    const reached = new Promise<void>((resolve) => {
      connected = resolve
    })
    const started = performance.now()
    const delivering = slow.deliverPush({ key, channel: 'webpush', target: String(subscription.id), ...message }).then(
      () => null,
      (error: unknown) => error,
    )
    await within(5_000, 'the push service was not reached', reached)
    // While the push service is waited on, the database answers and sees the delivery's receipt committed: no
    // transaction is open (on the embedded database an open one would hold this read until the delivery ends).
    expect(await within(timeoutMs / 2, 'a read during the delivery', receiptsOf(key))).toHaveLength(1)
    if (testDriver() === 'postgres') {
      const open = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`datname = current_database() and state like 'idle in transaction%'`)
      expect(open).toEqual([{ n: 0 }])
    }
    const error = await delivering
    const elapsed = performance.now() - started
    expect(error).toBeInstanceOf(DeliveryError)
    expect(elapsed).toBeLessThan(timeoutMs + 1_500)
    // The job's retry will send it again: the receipt is given back; the subscription stays.
    expect(await receiptsOf(key)).toEqual([])
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))).toHaveLength(1)
  })

  test('a subscription the push service says is gone (404/410) is forgotten; a failure is retried, a success sent once', async () => {
    const answers: (Error | null)[] = [new DeliveryError('webpush', 'Web Push failed with 503', { code: '503' }), null]
    const sent: string[] = []
    const service = serviceWith({
      sendWebPush: async (s) => {
        const answer = answers.shift()
        if (answer === undefined) throw new PushTargetGoneError('webpush')
        if (answer) throw answer
        sent.push(s.endpoint)
      },
      sendFcm: async () => {},
    })
    const { subscription } = await subscribe((id) => `https://fcm.googleapis.com/fcm/send/gone-${id}`)
    const job = { key: `test-gone-${subscription.id}`, channel: 'webpush' as const, target: String(subscription.id) }
    await expect(service.deliverPush({ ...job, ...message })).rejects.toBeInstanceOf(DeliveryError)
    await service.deliverPush({ ...job, ...message })
    await service.deliverPush({ ...job, ...message })
    expect(sent).toEqual([subscription.endpoint])
    // The next alert finds the push service saying the subscription is gone.
    await service.deliverPush({ ...job, key: `${job.key}:next`, ...message })
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))).toEqual([])
  })
})

describe('migration 0022 (issue 35)', () => {
  test('forgets saved endpoints that are not push services and keeps each account its newest 10', async () => {
    const a = await createUser(t.db)
    const b = await createUser(t.db)
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
    const bad = [
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://user:pass@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://push.example.org/x',
    ].map((endpoint, i) => `${endpoint}?${a.id}-${i}`)
    const good = `https://web.push.apple.com/${a.id}`
    const many = Array.from({ length: 12 }, (_, i) => `https://fcm.googleapis.com/fcm/send/${b.id}-${i}`)
    await t.db.insert(pushSubscriptions).values([
      ...[...bad, good].map((endpoint) => ({ userId: a.id, endpoint, ...keys })),
      ...many.map((endpoint, i) => ({
        userId: b.id,
        endpoint,
        ...keys,
        createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
      })),
    ])
    const file = new URL('../../../drizzle/0022_push_subscriptions_known_services_and_cap.sql', import.meta.url)
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement))
    }
    const left = async (userId: string) =>
      (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
        .map((r) => r.endpoint)
        .sort()
    expect(await left(a.id)).toEqual([good])
    expect(await left(b.id)).toEqual(many.slice(2).sort())
  })
})

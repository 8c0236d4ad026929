import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { favourites, outboxMessages, profiles, savedSearches } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createUser, setRole } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { signUnsubscribe } from './unsubscribe.ts'

/*
 * Alerts about favourites in the user's language, one-click unsubscribe, news and promotions, and alerts reaching
 * the user's browsers and app. (Which push subscriptions are saved, and delivery to push services:
 * push-subscriptions.int.test.ts.)
 */

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

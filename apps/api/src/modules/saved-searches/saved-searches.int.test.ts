import { SAVED_SEARCHES_LIMIT } from '@tulpar/contracts'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { outboxMessages, profiles, savedSearches } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createVerifiedDealer } from '../../testing/dealers.ts'
import { createListingInModeration } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { owner, other, moderator } = useAccounts(t, {
  owner: { name: 'Айгерим Покупатель' },
  other: { name: 'Чужой Пользователь' },
  moderator: { name: 'Модератор', role: 'moderator' },
})

/** Prices are written with no-break spaces between the thousands. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ')
const camryInAlmaty = { brand: 'toyota', model: 'camry', city: 'almaty', priceTo: 15_000_000 }
const save = (auth: Record<string, string> | undefined, payload: object, lang = 'ru') =>
  t.app.inject({
    method: 'POST',
    url: `/api/saved-searches/?lang=${lang}`,
    payload,
    ...(auth ? { headers: auth } : {}),
  })
const list = async (auth: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/saved-searches/', headers: auth })
  expect(res.statusCode).toBe(200)
  return res.json() as {
    results: { id: number; name: string; newCount: number; alerts: string; filters: Record<string, string> }[]
    limit: number
  }
}
const inbox = async (auth: Record<string, string>) =>
  (await t.app.inject({ url: '/api/messages/', headers: auth })).json() as { results: { body: string; kind: string }[] }
const approve = (id: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve/`, payload: {}, headers: moderator.auth })

describe('saved searches', () => {
  test('a guest is asked to sign in (401) to list or save', async () => {
    expect((await t.app.inject({ url: '/api/saved-searches/' })).statusCode).toBe(401)
    expect((await save(undefined, { filters: camryInAlmaty })).statusCode).toBe(401)
  })

  test('the owner saves the filters with a name made from them, in their language, and sees only their own', async () => {
    const res = await save(owner.auth, { filters: { ...camryInAlmaty, sort: 'price_asc', page: 3 } })
    expect(res.statusCode).toBe(201)
    expect(plain(res.json().name)).toBe('Toyota Camry, Алматы, до 15 000 000 ₸')
    expect(res.json()).toMatchObject({
      alerts: 'daily',
      newCount: 0,
      // How the page was shown (sort, page) is not part of what it finds.
      filters: { brand: 'toyota', model: 'camry', city: 'almaty', priceTo: '15000000' },
    })
    const kk = await save(other.auth, { filters: { city: 'astana' } }, 'kk')
    expect(kk.json().name).toBe('Астана')
    const mine = await list(owner.auth)
    expect(mine.results.map((s) => plain(s.name))).toEqual(['Toyota Camry, Алматы, до 15 000 000 ₸'])
    expect(mine.limit).toBe(SAVED_SEARCHES_LIMIT)
    expect((await list(other.auth)).results.map((s) => s.name)).toEqual(['Астана'])
  })

  test("another user cannot rename, mark or delete someone's search: 404, and it stays as it was", async () => {
    const { id } = (await save(owner.auth, { name: 'Моя', filters: { brand: 'lada' } })).json()
    for (const req of [
      { method: 'PATCH' as const, url: `/api/saved-searches/${id}/`, payload: { name: 'Чужое' } },
      { method: 'POST' as const, url: `/api/saved-searches/${id}/seen/` },
      { method: 'DELETE' as const, url: `/api/saved-searches/${id}/` },
    ]) {
      const res = await t.app.inject({ ...req, headers: other.auth })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('saved_search.not_found')
    }
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, id))
    expect(row?.name).toBe('Моя')
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-searches/${id}/`,
      payload: { name: 'Лада', alerts: 'instant' },
      headers: owner.auth,
    })
    expect(renamed.json()).toMatchObject({ name: 'Лада', alerts: 'instant' })
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}/`, headers: owner.auth })).statusCode,
    ).toBe(200)
    expect((await list(owner.auth)).results.some((s) => s.id === id)).toBe(false)
  })

  test('bad input changes nothing: unknown brand, empty name, nothing to change', async () => {
    const before = (await list(owner.auth)).results.length
    const unknown = await save(owner.auth, { filters: { brand: 'no-such-brand' } })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0].code).toBe('saved_search.unknown_place')
    expect((await save(owner.auth, { name: '  ', filters: {} })).statusCode).toBe(400)
    const [{ id }] = (await list(owner.auth)).results as unknown as [{ id: number }]
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved-searches/${id}/`,
      payload: {},
      headers: owner.auth,
    })
    expect(empty.statusCode).toBe(400)
    expect((await list(owner.auth)).results.length).toBe(before)
  })

  test('the same filters saved twice keep one search (a double tap makes no twin)', async () => {
    const user = await signUp()
    const first = await save(user.auth, { filters: { brand: 'toyota', yearFrom: 2015 } })
    const again = await save(user.auth, { name: 'Другое имя', filters: { yearFrom: 2015, brand: 'toyota' } })
    expect(again.json().id).toBe(first.json().id)
    expect((await list(user.auth)).results.length).toBe(1)
    // Different filters are a different search.
    await save(user.auth, { filters: { brand: 'toyota', yearFrom: 2016 } })
    expect((await list(user.auth)).results.length).toBe(2)
  })

  test(`at most ${SAVED_SEARCHES_LIMIT} per user, with a clear error at the limit`, async () => {
    const user = await signUp()
    for (let i = 0; i < SAVED_SEARCHES_LIMIT; i++)
      expect((await save(user.auth, { name: `s${i}`, filters: { priceFrom: 1_000_000 + i } })).statusCode).toBe(201)
    const res = await save(user.auth, { filters: { priceFrom: 500 } })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('saved_search.limit')
    expect((await list(user.auth)).results.length).toBe(SAVED_SEARCHES_LIMIT)
  })
})

describe('saved-search alerts', () => {
  test('an approved matching car counts as new and alerts an instant search at once, in the user’s language, by email too', async () => {
    const buyer = await signUp(undefined, 'secret12', 'Ержан')
    await t.db.update(profiles).set({ language: 'kk' }).where(eq(profiles.userId, buyer.id))
    const search = (
      await save(buyer.auth, { filters: { brand: 'kia', model: 'rio', yearFrom: 2015 }, alerts: 'instant' })
    ).json()
    const matching = await createListingInModeration(t.db, { brand: 'kia', model: 'rio', year: 2019 })
    const tooOld = await createListingInModeration(t.db, { brand: 'kia', model: 'rio', year: 2010 })
    const otherModel = await createListingInModeration(t.db, { brand: 'kia', model: 'sportage', year: 2019 })
    for (const l of [matching, tooOld, otherModel]) expect((await approve(l.id)).statusCode).toBe(200)
    await t.jobs.drain()

    const [s] = (await list(buyer.auth)).results
    expect(s?.newCount).toBe(1)
    const messages = (await inbox(buyer.auth)).results.filter((m) => m.kind === 'system')
    expect(messages.map((m) => m.body)).toEqual([
      `Сақталған «Kia Rio, 2015–» іздеуіңізге сай 1 жаңа көлік пайда болды.`,
    ])
    // A retried alert job queues the same alert again, under the same key: it is delivered once.
    expect(await t.services.savedSearches.sendInstantAlerts(matching.id)).toBe(1)
    await t.jobs.drain()
    expect((await inbox(buyer.auth)).results.filter((m) => m.kind === 'system')).toHaveLength(1)
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, buyer.email))
    expect(mail?.subject).toBe('«Kia Rio, 2015–» іздеуі бойынша 1 жаңа көлік')
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<http://localhost:3000/api/unsubscribe/\\?u=.+&t=search%3A${search.id}&s=`),
    )

    // Opened: the count starts again.
    await t.app.inject({ method: 'POST', url: `/api/saved-searches/${search.id}/seen/`, headers: buyer.auth })
    expect((await list(buyer.auth)).results[0]?.newCount).toBe(0)
  })

  test('a daily search gets one digest a day however many cars match, and none before there is news', async () => {
    const buyer = await signUp(undefined, 'secret12', 'Daily Buyer')
    await t.db.update(profiles).set({ language: 'en' }).where(eq(profiles.userId, buyer.id))
    await save(buyer.auth, { name: 'Lada Granta', filters: { brand: 'lada', model: 'granta' } })
    await t.services.savedSearches.sendDueDigests()
    await t.jobs.drain()
    expect((await inbox(buyer.auth)).results).toEqual([])
    for (let i = 0; i < 3; i++) {
      const l = await createListingInModeration(t.db, { brand: 'lada', model: 'granta' })
      await approve(l.id)
    }
    await t.jobs.drain()
    // Daily: nothing yet.
    expect((await inbox(buyer.auth)).results.filter((m) => m.kind === 'system')).toEqual([])
    // A digest takes matches at least 30 s old (one still committing waits for the next): run it a minute on.
    const aMinuteOn = new Date(Date.now() + 60_000)
    expect(await t.services.savedSearches.sendDueDigests(500, new Date(Date.now() - 1000))).toBe(0)
    expect(await t.services.savedSearches.sendDueDigests(500, aMinuteOn)).toBeGreaterThanOrEqual(1)
    await t.jobs.drain()
    const bodies = (await inbox(buyer.auth)).results.filter((m) => m.kind === 'system').map((m) => m.body)
    expect(bodies).toEqual(['3 new cars matching your saved search “Lada Granta” appeared.'])
    // Another car the same day waits for tomorrow's digest.
    const later = await createListingInModeration(t.db, { brand: 'lada', model: 'granta' })
    await approve(later.id)
    await t.jobs.drain()
    await t.services.savedSearches.sendDueDigests(500, new Date(Date.now() + 120_000))
    await t.jobs.drain()
    expect((await inbox(buyer.auth)).results.filter((m) => m.kind === 'system')).toHaveLength(1)
  })

  test('a search with alerts off still counts its new cars on the list, and sends nothing', async () => {
    const buyer = await signUp()
    await save(buyer.auth, { filters: { brand: 'hyundai' }, alerts: 'off' })
    const l = await createListingInModeration(t.db, { brand: 'hyundai', model: 'accent' })
    await approve(l.id)
    await t.jobs.drain()
    await t.services.savedSearches.sendDueDigests()
    await t.jobs.drain()
    expect((await inbox(buyer.auth)).results.filter((m) => m.kind === 'system')).toEqual([])
    expect((await list(buyer.auth)).results[0]?.newCount).toBe(1)
  })
})

describe("a dealer's saved search", () => {
  const dealer = (legalName: string, bin: string) => createVerifiedDealer(t.db, { bin, legalName })

  test("keeps the dealer: its title names it, and only that dealer's cars match and alert", async () => {
    const [mine, another] = [
      await dealer('ТОО «Алем Моторс»', '070401400009'),
      await dealer('ТОО «Астана Авто»', '160440003337'),
    ]
    const buyer = await signUp(undefined, 'secret12', 'Dealer Buyer')
    const saved = await save(buyer.auth, { filters: { dealer: mine, brand: 'skoda' }, alerts: 'instant' })
    expect(saved.statusCode).toBe(201)
    expect(saved.json()).toMatchObject({
      name: 'Skoda, ТОО «Алем Моторс»',
      filters: { brand: 'skoda', dealer: String(mine) },
    })
    // The same brand from another dealer and from a private seller: not this search's cars.
    const ofMine = await createListingInModeration(t.db, { brand: 'skoda', model: 'octavia', dealerId: mine })
    const ofAnother = await createListingInModeration(t.db, { brand: 'skoda', model: 'octavia', dealerId: another })
    const ofPrivate = await createListingInModeration(t.db, { brand: 'skoda', model: 'octavia' })
    for (const l of [ofMine, ofAnother, ofPrivate]) expect((await approve(l.id)).statusCode).toBe(200)
    await t.jobs.drain()
    expect((await list(buyer.auth)).results[0]?.newCount).toBe(1)
    const alerts = (await inbox(buyer.auth)).results.filter((m) => m.kind === 'system')
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.body).toContain('Skoda, ТОО «Алем Моторс»')
    // The same filters without the dealer are another search, matching every seller's cars.
    const any = await save(buyer.auth, { filters: { brand: 'skoda' }, alerts: 'off' })
    expect(any.json().id).not.toBe(saved.json().id)
  })

  test('a dealer that does not exist is refused (400), nothing saved', async () => {
    const buyer = await signUp()
    const res = await save(buyer.auth, { filters: { dealer: 2_000_000_000 } })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].code).toBe('saved_search.unknown_place')
    expect((await list(buyer.auth)).results).toEqual([])
  })
})

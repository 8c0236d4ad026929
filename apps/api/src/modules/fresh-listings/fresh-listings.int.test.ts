import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import {
  confirmedPhones,
  dealerMembers,
  favourites,
  listingComplaints,
  listingSearchMatches,
  listings,
  outboxMessages,
} from '../../db/schema.ts'
import { uniqueEmail } from '../../testing/accounts.ts'
import { createVerifiedDealer } from '../../testing/dealers.ts'
import { createListing, createListingInModeration } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { stillForSaleUrl } from './fresh-listings.link.ts'
import { createFreshListingsService } from './fresh-listings.service.ts'

const SECRET = 'test-secret-test-secret-test-secret-1234'
const DAY = 86_400_000
const t = useTestApp()
const { seller, buyer, b2, b3, b4, moderator } = useAccounts(t, {
  seller: { name: 'Продавец Ерлан' },
  buyer: { name: 'Покупатель Айгуль' },
  b2: { name: 'Покупатель Даурен' },
  b3: { name: 'Покупатель Мадина' },
  b4: { name: 'Покупатель Арман' },
  moderator: { name: 'Модератор', role: 'moderator' },
})

/** The service on a clock the test moves (the app's own runs on the real one). */
function onClock(start: Date) {
  let now = start
  const service = createFreshListingsService({
    db: t.db,
    jobs: t.jobs,
    limiter: t.limiter,
    phones: t.services.phones,
    secret: SECRET,
    publicUrl: TEST_PUBLIC_URL,
    clock: () => now,
  })
  return { service, at: (d: Date) => (now = d) }
}
const later = (days: number, from = Date.now()) => new Date(from + days * DAY)

const stateOf = async (id: number) => {
  const [row] = await t.db
    .select({
      status: listings.status,
      confirmedAt: listings.confirmedAt,
      askedAt: listings.confirmAskedAt,
      reason: listings.pauseReason,
    })
    .from(listings)
    .where(eq(listings.id, id))
  return row
}
const outbox = (recipient: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))
const inbox = async (auth: Record<string, string>) =>
  (
    (await t.app.inject({ url: '/api/messages/', headers: auth })).json() as {
      results: { body: string; kind: string }[]
    }
  ).results
    .filter((m) => m.kind === 'system')
    .map((m) => m.body)
/** Runs the queued seller messages, then their emails and SMS. */
const deliver = async () => {
  const n = await t.jobs.drain(['fresh-notice'])
  await t.jobs.drain(['email', 'sms'])
  return n
}
const linkParts = (url: string) => {
  const u = new URL(url)
  return { path: u.pathname, e: u.searchParams.get('e') ?? '', s: u.searchParams.get('s') ?? '' }
}
const apiLink = (id: number, q: { e: string; s: string }) => `/api/cars/${id}/still-for-sale/?e=${q.e}&s=${q.s}`
let ip = 0
const client = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${ip % 250}` })

/** A new signed-in account, signed up from an address of its own (sign-ups are limited per address). */
async function person(name: string) {
  const email = uniqueEmail()
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: 'secret12', name },
    headers: client(),
  })
  expect(res.statusCode, res.body).toBe(200)
  return {
    id: (res.json() as { user: { id: string } }).user.id,
    email,
    auth: { authorization: `Bearer ${res.headers['set-auth-token']}` },
  }
}

describe('fresh listings: the scheduled question and pause', () => {
  test('a private published listing is asked after 14 days (email, SMS to a confirmed number, inbox), once, and paused 3 days later, once', async () => {
    const phone = '+77017770001'
    await t.db.insert(confirmedPhones).values({ userId: seller.id, phone }).onConflictDoNothing()
    const car = await createListing(t.db, { ownerId: seller.id, contactPhone: phone })
    const clock = onClock(later(13))
    expect((await clock.service.runDue()).asked).toBe(0)
    expect((await stateOf(car.id))?.askedAt).toBeNull()

    clock.at(later(14.1))
    const first = await clock.service.runDue()
    expect(first.asked).toBeGreaterThanOrEqual(1)
    expect((await stateOf(car.id))?.askedAt).not.toBeNull()
    expect(await deliver()).toBeGreaterThanOrEqual(1)
    const [mail] = await outbox(seller.email)
    expect(mail?.subject).toContain('всё ещё продаётся?')
    expect(mail?.body).toContain(`${TEST_PUBLIC_URL}/cars/${car.id}/still-for-sale?e=`)
    const [sms] = await outbox(phone)
    expect(sms?.channel).toBe('sms')
    expect(sms?.body).toContain(`/cars/${car.id}/still-for-sale?e=`)
    expect((await inbox(seller.auth)).some((m) => m.includes(`/cars/${car.id}/still-for-sale?e=`))).toBe(true)

    // The run repeats (hourly, or two processes): nothing is asked twice.
    clock.at(later(14.2))
    await clock.service.runDue()
    await deliver()
    expect(await outbox(seller.email)).toHaveLength(1)
    expect(await outbox(phone)).toHaveLength(1)

    // Not yet 3 days after the question: still on sale.
    clock.at(later(16.9))
    await clock.service.runDue()
    expect((await stateOf(car.id))?.status).toBe('published')

    clock.at(later(17.2))
    expect((await clock.service.runDue()).paused).toBeGreaterThanOrEqual(1)
    expect(await stateOf(car.id)).toMatchObject({ status: 'paused', reason: 'unconfirmed' })
    await deliver()
    const mails = await outbox(seller.email)
    expect(mails).toHaveLength(2)
    expect(mails[1]?.subject).toContain('приостановлено')

    clock.at(later(18))
    expect((await clock.service.runDue()).paused).toBe(0)
    await deliver()
    expect(await outbox(seller.email)).toHaveLength(2)
  })

  test('only private published listings are asked: not a dealer’s, a sold one or one under review', async () => {
    const mine = await createListing(t.db, { ownerId: seller.id })
    const dealerId = await createVerifiedDealer(t.db, { bin: '990240000123', legalName: 'ТОО Свежие Авто' })
    const feedCar = await createListing(t.db, { ownerId: seller.id, dealerId })
    const sold = await createListing(t.db, { ownerId: seller.id, status: 'sold' })
    const review = await createListingInModeration(t.db, { ownerId: seller.id })
    const clock = onClock(later(15))
    await clock.service.runDue()
    expect((await stateOf(mine.id))?.askedAt).not.toBeNull()
    for (const other of [feedCar, sold, review]) expect((await stateOf(other.id))?.askedAt).toBeNull()
    clock.at(later(40))
    await clock.service.runDue()
    expect((await stateOf(mine.id))?.status).toBe('paused')
    for (const other of [feedCar, sold, review]) expect((await stateOf(other.id))?.status).not.toBe('paused')
  })

  test('a paused car is hidden from buyers, its page says why, and its favouriters are not told it sold', async () => {
    const car = await createListing(t.db, { ownerId: seller.id, brand: 'toyota', model: 'camry' })
    await t.db.insert(favourites).values({ userId: buyer.id, listingId: car.id })
    await t.jobs.drain(['listing-event', 'alert'])
    const clock = onClock(later(15))
    await clock.service.runDue()
    clock.at(later(19))
    await clock.service.runDue()
    expect((await stateOf(car.id))?.status).toBe('paused')

    const detail = await t.app.inject({ url: `/api/cars/${car.id}/` })
    expect(detail.statusCode).toBe(404)
    expect(detail.json().code).toBe('listing.paused')
    const search = (await t.app.inject({ url: '/api/cars/?sort=newest' })).json() as {
      results: { id: number }[]
    }
    expect(search.results.map((r) => r.id)).not.toContain(car.id)
    const sitemap = await t.app.inject({ url: '/sitemaps/cars-1.xml' })
    expect(sitemap.body).not.toContain(`/cars/${car.id}<`)

    // Nobody who saved it hears anything: no listing event, no alert, no message.
    expect(await t.jobs.drain(['listing-event', 'alert'])).toBe(0)
    expect((await inbox(buyer.auth)).some((m) => m.includes('продан'))).toBe(false)
  })
})

describe('fresh listings: the signed link', () => {
  test('GET describes without confirming; POST confirms, brings a paused car back and resets the 14 days', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const clock = onClock(later(15))
    await clock.service.runDue()
    clock.at(later(19))
    await clock.service.runDue()
    expect((await stateOf(car.id))?.status).toBe('paused')
    const link = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, SECRET, car.id, new Date()))
    expect(link.path).toBe(`/cars/${car.id}/still-for-sale`)

    const seen = await t.app.inject({ url: apiLink(car.id, link), headers: client() })
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toMatchObject({ id: car.id, status: 'paused', resumed: false })
    expect(seen.headers['cache-control']).toBe('no-store')
    expect((await stateOf(car.id))?.status).toBe('paused')

    const done = await t.app.inject({ method: 'POST', url: apiLink(car.id, link), headers: client() })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ id: car.id, status: 'published', resumed: true })
    const after = await stateOf(car.id)
    expect(after).toMatchObject({ status: 'published', askedAt: null, reason: null })
    expect((await t.app.inject({ url: `/api/cars/${car.id}/` })).json().confirmedAt).toBe(
      after?.confirmedAt?.toISOString(),
    )

    // The 14 days start again from the confirmation.
    const confirmedAt = after?.confirmedAt?.getTime() ?? 0
    clock.at(later(13, confirmedAt))
    await clock.service.runDue()
    expect((await stateOf(car.id))?.askedAt).toBeNull()
    clock.at(later(14.1, confirmedAt))
    await clock.service.runDue()
    expect((await stateOf(car.id))?.askedAt).not.toBeNull()
  })

  test('an expired, tampered or another listing’s link, or a malformed one, confirms nothing', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const other = await createListing(t.db, { ownerId: seller.id })
    const good = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, SECRET, car.id, new Date()))
    const old = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, SECRET, car.id, new Date(Date.now() - 31 * DAY)))
    const expired = await t.app.inject({ method: 'POST', url: apiLink(car.id, old), headers: client() })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().code).toBe('still_for_sale.link_expired')
    const flipped = good.s.startsWith('A') ? `B${good.s.slice(1)}` : `A${good.s.slice(1)}`
    const tampered = await t.app.inject({
      method: 'POST',
      url: apiLink(car.id, { ...good, s: flipped }),
      headers: client(),
    })
    expect(tampered.statusCode).toBe(400)
    expect(tampered.json().code).toBe('still_for_sale.link_invalid')
    const later30 = String(Number(good.e) + 86_400)
    expect(
      (await t.app.inject({ method: 'POST', url: apiLink(car.id, { ...good, e: later30 }), headers: client() })).json()
        .code,
    ).toBe('still_for_sale.link_invalid')
    const theirs = await t.app.inject({ method: 'POST', url: apiLink(other.id, good), headers: client() })
    expect(theirs.json().code).toBe('still_for_sale.link_invalid')
    for (const url of [
      `/api/cars/${car.id}/still-for-sale/`,
      `/api/cars/${car.id}/still-for-sale/?e=abc&s=${good.s}`,
      `/api/cars/${car.id}/still-for-sale/?e=${good.e}&s=short`,
      `/api/cars/abc/still-for-sale/?e=${good.e}&s=${good.s}`,
    ]) {
      const bad = await t.app.inject({ method: 'POST', url, headers: client() })
      expect(bad.statusCode, url).toBe(400)
    }
    expect((await stateOf(car.id))?.confirmedAt).toBeNull()
    expect((await stateOf(other.id))?.confirmedAt).toBeNull()
    // A sold car's link no longer works.
    const sold = await createListing(t.db, { ownerId: seller.id, status: 'sold' })
    const soldLink = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, SECRET, sold.id, new Date()))
    const refused = await t.app.inject({ method: 'POST', url: apiLink(sold.id, soldLink), headers: client() })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('still_for_sale.not_on_sale')
  })

  test('one address is limited, whatever the link', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const link = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, SECRET, car.id, new Date()))
    const headers = { 'x-forwarded-for': '10.99.0.1' }
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await t.app.inject({ url: apiLink(car.id, link), headers })).statusCode)
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    const over = await t.app.inject({ url: apiLink(car.id, link), headers })
    expect(over.statusCode).toBe(429)
    expect(over.json().code).toBe('rate_limited')
  })
})

describe('fresh listings: the seller’s button', () => {
  const press = (id: number, auth?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/listings/${id}/still-for-sale/`, ...(auth ? { headers: auth } : {}) })

  test('the owner confirms; a guest signs in first; another user and staff are told it does not exist', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    expect((await press(car.id)).statusCode).toBe(401)
    const theirs = await press(car.id, buyer.auth)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().code).toBe('listing.not_found')
    expect((await press(car.id, moderator.auth)).statusCode).toBe(404)
    expect((await stateOf(car.id))?.confirmedAt).toBeNull()
    const mine = await press(car.id, seller.auth)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ id: car.id, status: 'published', resumed: false })
    expect((await stateOf(car.id))?.confirmedAt).not.toBeNull()
    const sold = await createListing(t.db, { ownerId: seller.id, status: 'sold' })
    expect((await press(sold.id, seller.auth)).json().code).toBe('still_for_sale.not_on_sale')
  })
})

describe('fresh listings: buyers report it sold', () => {
  const complain = (auth: Record<string, string>, id: number, reason: string) =>
    t.app.inject({ method: 'POST', url: `/api/cars/${id}/complaints/`, payload: { reason }, headers: auth })

  test('three distinct buyers saying it sold pause it until the seller confirms; other reasons and repeats do not count', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    await t.db.insert(favourites).values({ userId: b4.id, listingId: car.id })
    await t.jobs.drain(['listing-event', 'alert', 'fresh-notice'])
    // A guest cannot report: every report is a signed-in person's.
    const guest = await t.app.inject({
      method: 'POST',
      url: `/api/cars/${car.id}/complaints/`,
      payload: { reason: 'sold' },
    })
    expect(guest.statusCode).toBe(401)
    expect((await complain(buyer.auth, car.id, 'sold')).statusCode).toBe(201)
    expect((await complain(buyer.auth, car.id, 'sold')).statusCode).toBe(200)
    expect((await complain(b2.auth, car.id, 'wrong_price')).statusCode).toBe(201)
    expect((await stateOf(car.id))?.status).toBe('published')
    expect((await complain(b3.auth, car.id, 'sold')).statusCode).toBe(201)
    expect((await stateOf(car.id))?.status).toBe('published')
    expect((await complain(b2.auth, car.id, 'sold')).statusCode).toBe(200)
    expect(await stateOf(car.id)).toMatchObject({ status: 'paused', reason: 'reported_sold' })
    await deliver()
    expect((await outbox(seller.email)).some((m) => m.subject?.includes('уже продан'))).toBe(true)
    expect(await t.jobs.drain(['listing-event', 'alert'])).toBe(0)
    // A fourth report finds it off sale: refused, and the seller is not told twice.
    expect((await complain(b4.auth, car.id, 'sold')).statusCode).toBe(404)
    await deliver()
    expect((await outbox(seller.email)).filter((m) => m.subject?.includes('уже продан'))).toHaveLength(1)
    // The moderators still see the complaints on their desk.
    const desk = await t.app.inject({ url: '/api/admin/listing-complaints/', headers: moderator.auth })
    const group = (
      desk.json() as { results: { listing: { id: number; status: string }; complaints: { reason: string }[] }[] }
    ).results.find((g) => g.listing.id === car.id)
    expect(group?.listing.status).toBe('paused')
    expect(group?.complaints.map((c) => c.reason).sort()).toEqual(['sold', 'sold', 'sold'])

    // The seller says it is for sale: back on sale, and the old reports no longer count.
    expect(
      (
        await t.app.inject({ method: 'POST', url: `/api/listings/${car.id}/still-for-sale/`, headers: seller.auth })
      ).json(),
    ).toMatchObject({ resumed: true })
    expect((await complain(b4.auth, car.id, 'sold')).statusCode).toBe(201)
    expect((await stateOf(car.id))?.status).toBe('published')
    const rows = await t.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.id, car.id), inArray(listings.status, ['published'])))
    expect(rows).toHaveLength(1)
  })

  test('only reports of the last 14 days count: older ones fall out of the window, a 13-day-old one still counts', async () => {
    const car = await createListing(t.db, { ownerId: seller.id, publishedAt: later(-30) })
    const [r1, r2, r3, r4] = await Promise.all([1, 2, 3, 4].map((i) => person(`Звонивший ${i}`)))
    if (!r1 || !r2 || !r3 || !r4) throw new Error('reporters not signed up')
    const dated = (reporter: string, at: Date) =>
      t.db
        .update(listingComplaints)
        .set({ createdAt: at })
        .where(and(eq(listingComplaints.listingId, car.id), eq(listingComplaints.reporterId, reporter)))
    expect((await complain(r1.auth, car.id, 'sold')).statusCode).toBe(201)
    expect((await complain(r2.auth, car.id, 'sold')).statusCode).toBe(201)
    await dated(r1.id, later(-15))
    await dated(r2.id, later(-15))
    expect((await complain(r3.auth, car.id, 'sold')).statusCode).toBe(201)
    expect((await stateOf(car.id))?.status).toBe('published')
    await dated(r2.id, later(-13))
    expect((await complain(r4.auth, car.id, 'sold')).statusCode).toBe(201)
    expect(await stateOf(car.id)).toMatchObject({ status: 'paused', reason: 'reported_sold' })
  })

  test("a dealer's car reported sold is paused too, and any of the dealer's people brings it back; nobody else", async () => {
    const [owner, manager, removed, rival] = await Promise.all(
      ['Владелец салона', 'Менеджер салона', 'Бывший менеджер', 'Менеджер соседа'].map((name) => person(name)),
    )
    if (!owner || !manager || !removed || !rival) throw new Error('people not signed up')
    const dealerOf = (bin: string, [owner, ...managers]: { id: string }[]) =>
      createVerifiedDealer(t.db, {
        bin,
        legalName: `ТОО «Салон ${bin}»`,
        ownerId: owner?.id,
        managerIds: managers.map((m) => m.id),
      })
    const dealerId = await dealerOf('990340000101', [owner, manager, removed])
    await dealerOf('990340000102', [rival])
    const car = await createListing(t.db, { ownerId: manager.id, dealerId })
    const reporters = await Promise.all([1, 2, 3].map((i) => person(`Покупатель салона ${i}`)))
    for (const r of reporters) expect((await complain(r.auth, car.id, 'sold')).statusCode).toBe(201)
    expect(await stateOf(car.id)).toMatchObject({ status: 'paused', reason: 'reported_sold' })

    await t.db
      .delete(dealerMembers)
      .where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.userId, removed.id)))
    const press = (auth: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/listings/${car.id}/still-for-sale/`, headers: auth })
    for (const who of [rival, removed, buyer, moderator]) {
      const res = await press(who.auth)
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('listing.not_found')
    }
    expect((await stateOf(car.id))?.status).toBe('paused')
    // The dealer's owner, who did not list the car, brings it back.
    expect((await press(owner.auth)).json()).toMatchObject({ status: 'published', resumed: true })
    expect((await stateOf(car.id))?.status).toBe('published')
  })
})

describe('fresh listings: a paused car brought back and saved searches', () => {
  const alerts = async (auth: Record<string, string>) =>
    (await inbox(auth)).filter((body) => body.includes('Mazda CX-5')).length
  const saveSearch = async (auth: Record<string, string>, alerts: string, model = 'cx-5') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches/',
      payload: { filters: { brand: 'mazda', model }, alerts },
      headers: auth,
    })
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { id: number }).id
  }
  const matchedSearches = async (id: number) =>
    (await t.db.select().from(listingSearchMatches).where(eq(listingSearchMatches.listingId, id)))
      .map((m) => m.searchIds)
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
  const bringBack = (id: number) =>
    t.app.inject({ method: 'POST', url: `/api/listings/${id}/still-for-sale/`, headers: seller.auth })

  test('only the searches saved while it was paused are told of it, once; those told at publication are not told again', async () => {
    const early = await person('Ранний')
    const earlyId = await saveSearch(early.auth, 'instant')
    // Published 40 days ago and matched then: the early search was told at once.
    const car = await createListing(t.db, {
      ownerId: seller.id,
      brand: 'mazda',
      model: 'cx-5',
      publishedAt: later(-40),
      confirmAskedAt: later(-4),
    })
    await t.services.savedSearches.matchPublishedListing(car.id)
    await t.jobs.drain()
    expect(await alerts(early.auth)).toBe(1)
    await t.db
      .update(listingSearchMatches)
      .set({ matchedAt: later(-40) })
      .where(eq(listingSearchMatches.listingId, car.id))
    // Saved while it was on sale: the car was in the catalogue then, and is not news when it comes back.
    const between = await person('Видел в каталоге')
    await saveSearch(between.auth, 'instant')
    // Unanswered: paused now. The alert's delivery receipt is gone after 30 days.
    await onClock(new Date()).service.runDue()
    expect((await stateOf(car.id))?.status).toBe('paused')
    await t.services.notifications.pruneDeliveryReceipts(0)

    // While it is paused, others save searches: instant, daily, and one for another model.
    const late = await person('Поздний')
    const lateId = await saveSearch(late.auth, 'instant')
    const daily = await person('Ежедневный')
    const dailyId = await saveSearch(daily.auth, 'daily')
    const otherModel = await person('Другая модель')
    await saveSearch(otherModel.auth, 'instant', 'cx-9')

    expect((await bringBack(car.id)).json()).toMatchObject({ resumed: true })
    await t.jobs.drain()
    expect(await alerts(late.auth)).toBe(1)
    expect(await alerts(early.auth)).toBe(1)
    expect(await alerts(otherModel.auth)).toBe(0)
    expect(await alerts(between.auth)).toBe(0)
    expect(await matchedSearches(car.id)).toEqual([[earlyId], [lateId, dailyId].sort((a, b) => a - b)])
    // The daily search gets it in its next digest.
    expect(await alerts(daily.auth)).toBe(0)
    await t.services.savedSearches.sendDueDigests(500, new Date(Date.now() + 60_000))
    await t.jobs.drain()
    expect(await alerts(daily.auth)).toBe(1)
  })

  test('brought back again, or confirmed while on sale, it tells nobody a second time', async () => {
    const watcher = await person('Наблюдатель')
    const car = await createListing(t.db, {
      ownerId: seller.id,
      brand: 'mazda',
      model: 'cx-5',
      publishedAt: later(-20),
      confirmAskedAt: later(-4),
    })
    await onClock(new Date()).service.runDue()
    expect((await stateOf(car.id))?.status).toBe('paused')
    await saveSearch(watcher.auth, 'instant')
    await bringBack(car.id)
    await t.jobs.drain()
    expect(await alerts(watcher.auth)).toBe(1)

    // Confirmed while on sale: nothing is matched.
    await bringBack(car.id)
    await t.jobs.drain()
    // Paused again (three buyers' reports would do it too), and brought back: the watcher was told already.
    await t.db
      .update(listings)
      .set({ status: 'paused', pausedAt: new Date(), pauseReason: 'unconfirmed' })
      .where(eq(listings.id, car.id))
    await t.services.notifications.pruneDeliveryReceipts(0)
    expect((await bringBack(car.id)).json()).toMatchObject({ resumed: true })
    await t.jobs.drain()
    expect(await alerts(watcher.auth)).toBe(1)
    expect(await matchedSearches(car.id)).toHaveLength(1)
  })
})

import { describe, expect, test } from 'vitest'
import { confirmedPhones, favourites } from '../../db/schema.ts'
import { createVerifiedDealer } from '../../testing/dealers.ts'
import { createListing, createListingInModeration } from '../../testing/factories.ts'
import { FRESH_SECRET, later, useFreshListingsTest } from '../../testing/fresh-listings.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { stillForSaleUrl } from './fresh-listings.link.ts'

const { t, seller, buyer, moderator, onClock, stateOf, outbox, inbox, deliver, client } = useFreshListingsTest()

const linkParts = (url: string) => {
  const u = new URL(url)
  return { path: u.pathname, e: u.searchParams.get('e') ?? '', s: u.searchParams.get('s') ?? '' }
}
const apiLink = (id: number, q: { e: string; s: string }) => `/api/cars/${id}/still-for-sale/?e=${q.e}&s=${q.s}`

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
    const link = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, FRESH_SECRET, car.id, new Date()))
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
    const good = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, FRESH_SECRET, car.id, new Date()))
    const old = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, FRESH_SECRET, car.id, later(-31)))
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
    const soldLink = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, FRESH_SECRET, sold.id, new Date()))
    const refused = await t.app.inject({ method: 'POST', url: apiLink(sold.id, soldLink), headers: client() })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('still_for_sale.not_on_sale')
  })

  test('one address is limited, whatever the link', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const link = linkParts(stillForSaleUrl(TEST_PUBLIC_URL, FRESH_SECRET, car.id, new Date()))
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

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dealers } from '../modules/dealers/dealers.tables.ts'
import { user } from '../modules/identity/identity.tables.ts'
import { inspectionReports } from '../modules/inspections/inspections.tables.ts'
import { listings } from '../modules/listings/listings.tables.ts'
import { cities } from '../modules/reference/reference.tables.ts'
import { accountHelpers } from '../testing/accounts.ts'
import { createVerifiedDealer } from '../testing/dealers.ts'
import { createListing, createListingInModeration, setRole } from '../testing/factories.ts'
import { createTestApp } from '../testing/test-app.ts'
import { listenPageChanges, PAGES_CHANNEL } from './page-changes.ts'

/*
 * Guests' cached pages are purged by the database's notifications (migration 0017, decision 019): each kind of
 * change a visitor would see must send the tags of the pages it touches, and nothing a visitor would not see may.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
const { signUp } = accountHelpers(() => t.app)
let seller: Awaited<ReturnType<typeof signUp>>
let moderator: Awaited<ReturnType<typeof signUp>>
const received: string[][] = []
let stop: () => Promise<void>
const quiet = { warn() {}, error() {} }

beforeAll(async () => {
  t = await createTestApp()
  seller = await signUp(undefined, 'secret12', 'Продавец Ерлан')
  moderator = await signUp(undefined, 'secret12', 'Модератор Айгерим')
  await setRole(t.db, moderator.id, 'moderator')
  stop = await listenPageChanges(t.database, (tags) => received.push(tags), quiet)
})
afterAll(async () => {
  await stop()
  await t.close()
})

/** A listing id no test makes: the barrier's own notifications name it. */
const MARKER_ID = 9_000_000_000
const markerTags = new Set<string>()

/**
 * Waits until every notification committed so far has reached the listener. PostgreSQL delivers notifications in
 * the order their transactions committed, so one sent now arrives after all of them. (A fixed pause was not enough
 * under load: the setup's inserts notified '*' after the pause, inside the change's window.)
 */
async function notificationsDelivered(): Promise<void> {
  const id = MARKER_ID + markerTags.size
  const tag = `listing:${id}`
  markerTags.add(tag)
  await t.db.execute(sql`select pg_notify(${PAGES_CHANNEL}, ${`v:${id}`})`)
  const deadline = Date.now() + 10_000
  while (!received.some((tags) => tags.includes(tag))) {
    if (Date.now() > deadline) throw new Error('the listener did not receive the marker notification')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** The tags notified by what `change` commits, and nothing committed before it. */
async function tagsOf(change: () => Promise<unknown>): Promise<string[]> {
  await notificationsDelivered()
  received.length = 0
  await change()
  await notificationsDelivered()
  // A use case may write the row twice (two notifications): what counts is which pages are purged.
  return [...new Set(received.flat())].filter((tag) => !markerTags.has(tag)).sort()
}

/**
 * What a change of a listing (not its price) purges: its own tag and the lists of every scope it is in, all cars,
 * its brand, its model, each everywhere and in its city (decision 042).
 */
const scopes = (id: number, brand: string, model: string, city: string) =>
  [
    `listing:${id}`,
    'lists',
    `lists@${city}`,
    `brand:${brand}`,
    `brand:${brand}@${city}`,
    `model:${brand}/${model}`,
    `model:${brand}/${model}@${city}`,
  ].sort()

describe('what purges guests pages', () => {
  test('a price change purges what shows the car (its page, its answers, the lists showing it), not every list', async () => {
    const car = await createListing(t.db, { ownerId: seller.id, priceKzt: 9_000_000 })
    const tags = await tagsOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/listings/${car.id}/price/`,
        headers: seller.auth,
        payload: { priceKzt: 8_500_000 },
      })
      expect(res.statusCode).toBe(200)
    })
    // Every page that shows the car carries its tag, so the new price is on all of them within the second; lists
    // re-sort and re-filter by it within their time (60 s, decision 038).
    expect(tags).toEqual([`listing:${car.id}`])
    // A price change with anything a list selects by (here its mileage) purges the lists as before.
    const both = await tagsOf(() =>
      t.db.update(listings).set({ priceKzt: 8_400_000, mileage: 99_000 }).where(eq(listings.id, car.id)),
    )
    expect(both).toEqual(scopes(car.id, 'toyota', 'camry', 'almaty'))
  })

  test("an approval, a sale and a removal each purge the same lists; the approval also its model's newcomers", async () => {
    const waiting = await createListingInModeration(t.db, { ownerId: seller.id, brand: 'bmw', model: 'x5' })
    const approved = await tagsOf(() =>
      t.app.inject({ method: 'POST', url: `/api/admin/listings/${waiting.id}/approve/`, headers: moderator.auth }),
    )
    // A car on the market may be nearer a band's price than the cars its similar cars show (migration 0041).
    expect(approved).toEqual([...scopes(waiting.id, 'bmw', 'x5', 'almaty'), 'arrivals:bmw/x5'].sort())
    const sold = await tagsOf(() =>
      t.app.inject({ method: 'POST', url: `/api/listings/${waiting.id}/sold/`, headers: seller.auth }),
    )
    expect(sold).toEqual(scopes(waiting.id, 'bmw', 'x5', 'almaty'))
    const other = await createListing(t.db, { ownerId: seller.id })
    const removed = await tagsOf(() =>
      t.app.inject({ method: 'DELETE', url: `/api/listings/${other.id}/`, headers: seller.auth }),
    )
    expect(removed).toEqual(scopes(other.id, 'toyota', 'camry', 'almaty'))
  })

  test("staff taking a listing down after a complaint purges the car's page and the lists", async () => {
    const buyer = await signUp(undefined, 'secret12', 'Покупатель Айгуль')
    const car = await createListing(t.db, { ownerId: seller.id, brand: 'bmw', model: 'x5' })
    const complaint = await t.app.inject({
      method: 'POST',
      url: `/api/cars/${car.id}/complaints/`,
      headers: buyer.auth,
      payload: { reason: 'fraud' },
    })
    expect(complaint.statusCode).toBe(201)
    const tags = await tagsOf(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/listing-complaints/${car.id}/resolve/`,
        headers: moderator.auth,
        payload: { resolution: 'taken_down', reasonCode: 'prohibited' },
      })
      expect(res.json()).toMatchObject({ status: 'rejected' })
    })
    expect(tags).toEqual(scopes(car.id, 'bmw', 'x5', 'almaty'))
  })

  test('a car moved to another city or model purges the lists of its old place and of its new one', async () => {
    const car = await createListing(t.db, { ownerId: seller.id, brand: 'kia', model: 'rio', city: 'astana' })
    const [shymkent] = await t.db.select({ id: cities.id }).from(cities).where(eq(cities.slug, 'shymkent'))
    if (!shymkent) throw new Error('no city shymkent in reference data')
    const moved = await tagsOf(() => t.db.update(listings).set({ cityId: shymkent.id }).where(eq(listings.id, car.id)))
    expect(moved).toEqual(
      [...new Set([...scopes(car.id, 'kia', 'rio', 'astana'), ...scopes(car.id, 'kia', 'rio', 'shymkent')])].sort(),
    )
    // The lists of other cities, brands and models are left alone: a car can never be on them.
    expect(moved).not.toContain('lists@almaty')
    // A band's similar cars are the same wherever the car is: it came to no model.
    expect(moved).not.toContainEqual(expect.stringMatching(/^arrivals:/))
    expect(moved).not.toContain('brand:toyota')
    expect(moved.filter((tag) => tag.startsWith('model:'))).toEqual([
      'model:kia/rio',
      'model:kia/rio@astana',
      'model:kia/rio@shymkent',
    ])
    // Moved to another body type, it is new to its model's bands of that body type.
    const [row] = await t.db.select({ bodyType: listings.bodyType }).from(listings).where(eq(listings.id, car.id))
    const other = row?.bodyType === 'hatchback' ? 'sedan' : 'hatchback'
    const rebodied = await tagsOf(() => t.db.update(listings).set({ bodyType: other }).where(eq(listings.id, car.id)))
    expect(rebodied).toContain('arrivals:kia/rio')
  })

  test('a new photo purges the pages showing that car', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const tags = await tagsOf(() =>
      t.db.execute(sql`insert into listing_photos (listing_id, storage_key, position, width, height, sha256)
        values (${car.id}, ${`listings/${car.id}/x`}, 9, 800, 600, ${'a'.repeat(64)})`),
    )
    expect(tags).toContain(`listing:${car.id}`)
  })

  test('a counted view, a draft being edited or a reveal purge nothing', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const draft = await createListing(t.db, { ownerId: seller.id, status: 'draft' })
    const tags = await tagsOf(async () => {
      await t.services.carPage.recordView(car.id, { ip: '203.0.113.9', userAgent: 'Mozilla/5.0', visitorId: undefined })
      await t.db
        .update(listings)
        .set({ phoneRevealsCount: sql`${listings.phoneRevealsCount} + 1` })
        .where(eq(listings.id, car.id))
      await t.db
        .update(listings)
        .set({ priceKzt: 1_000_000, description: 'ещё черновик' })
        .where(eq(listings.id, draft.id))
    })
    expect(tags).toEqual([])
  })

  test('the hourly "still for sale?" question purges nothing; the pause of an unanswered one purges its lists', async () => {
    const car = await createListing(t.db, { ownerId: seller.id, brand: 'kia', model: 'rio' })
    const longAgo = new Date(Date.now() - 20 * 86_400_000)
    await t.db.update(listings).set({ publishedAt: longAgo }).where(eq(listings.id, car.id))
    // The run asks up to 5,000 sellers an hour (decision 032): no page shows that it asked (migration 0040).
    const asked = await tagsOf(async () => {
      expect((await t.services.freshListings.runDue()).asked).toBeGreaterThanOrEqual(1)
    })
    const [row] = await t.db.select({ askedAt: listings.confirmAskedAt }).from(listings).where(eq(listings.id, car.id))
    expect(row?.askedAt).not.toBeNull()
    expect(asked).toEqual([])
    // Three days unanswered: the car leaves the market, and every list it was on is purged.
    await t.db.update(listings).set({ confirmAskedAt: longAgo }).where(eq(listings.id, car.id))
    const paused = await tagsOf(async () => {
      expect((await t.services.freshListings.runDue()).paused).toBeGreaterThanOrEqual(1)
    })
    expect(paused).toEqual(scopes(car.id, 'kia', 'rio', 'almaty'))
  })

  test("a seller's new name purges the pages of their cars on sale and sold, nothing else", async () => {
    const other = await signUp(undefined, 'secret12', 'Продавец Бауыржан')
    const onSale = await createListing(t.db, { ownerId: other.id })
    const sold = await createListing(t.db, { ownerId: other.id, status: 'sold' })
    await createListing(t.db, { ownerId: other.id, status: 'draft' })
    const renamed = await tagsOf(() => t.db.update(user).set({ name: 'Бауыржан С.' }).where(eq(user.id, other.id)))
    expect(renamed).toEqual([`listing:${onSale.id}`, `listing:${sold.id}`].sort())
    // What no car page shows (a sign-in's bookkeeping, the same name again) purges nothing.
    const same = await tagsOf(() =>
      t.db.update(user).set({ name: 'Бауыржан С.', updatedAt: new Date() }).where(eq(user.id, other.id)),
    )
    expect(same).toEqual([])
  })

  test("a dealer renamed, suspended or verified purges its cars' pages; its notes do not", async () => {
    const dealerId = await createVerifiedDealer(t.db, { bin: '991240000391' })
    const car = await createListing(t.db, { ownerId: seller.id, dealerId })
    const sold = await createListing(t.db, { ownerId: seller.id, dealerId, status: 'sold' })
    const cars = [`listing:${car.id}`, `listing:${sold.id}`].sort()
    const byId = eq(dealers.id, dealerId)
    expect(await tagsOf(() => t.db.update(dealers).set({ legalName: 'ТОО Жаңа Атау' }).where(byId))).toEqual(cars)
    expect(await tagsOf(() => t.db.update(dealers).set({ status: 'suspended' }).where(byId))).toEqual(cars)
    expect(await tagsOf(() => t.db.update(dealers).set({ status: 'verified' }).where(byId))).toEqual(cars)
    expect(await tagsOf(() => t.db.update(dealers).set({ note: 'позвонить' }).where(byId))).toEqual([])
  })

  test('an inspection report added, moved or deleted purges the page of each car it was or is on', async () => {
    const car = await createListing(t.db, { ownerId: seller.id })
    const next = await createListing(t.db, { ownerId: seller.id })
    let reportId = 0
    const added = await tagsOf(async () => {
      const [row] = await t.db
        .insert(inspectionReports)
        .values({ listingId: car.id, name: 'Диагностика', vin: 'JTNB11HK203456789' })
        .returning({ id: inspectionReports.id })
      reportId = row?.id ?? 0
    })
    expect(added).toEqual([`listing:${car.id}`])
    const byId = eq(inspectionReports.id, reportId)
    const ready = await tagsOf(() => t.db.update(inspectionReports).set({ status: 'ready' }).where(byId))
    expect(ready).toEqual([`listing:${car.id}`])
    const moved = await tagsOf(() => t.db.update(inspectionReports).set({ listingId: next.id }).where(byId))
    expect(moved).toEqual([`listing:${car.id}`, `listing:${next.id}`].sort())
    expect(await tagsOf(() => t.db.delete(inspectionReports).where(byId))).toEqual([`listing:${next.id}`])
  })

  test('a VIN changed or its listing deleted purges the pages of the other cars of that VIN ("seen before")', async () => {
    const vin = 'XW8ZZZ61ZKG000391'
    const earlier = await createListing(t.db, {
      ownerId: seller.id,
      vin,
      publishedAt: new Date(Date.now() - 86_400_000),
    })
    const later = await createListing(t.db, { ownerId: seller.id, vin })
    const elsewhere = await createListing(t.db, { ownerId: seller.id, vin: 'XW8ZZZ61ZKG000392' })
    const changed = await tagsOf(() =>
      t.db.update(listings).set({ vin: 'XW8ZZZ61ZKG000392' }).where(eq(listings.id, earlier.id)),
    )
    // Its own page and lists as for any edit, and the pages of the cars of its old VIN and its new one.
    expect(changed).toEqual(
      [...scopes(earlier.id, 'toyota', 'camry', 'almaty'), `listing:${later.id}`, `listing:${elsewhere.id}`].sort(),
    )
    const deleted = await tagsOf(() => t.db.delete(listings).where(eq(listings.id, elsewhere.id)))
    expect(deleted).toContain(`listing:${earlier.id}`)
  })

  test("the company's branches purge the company pages", async () => {
    const tags = await tagsOf(() => t.db.execute(sql`update branches set city_id = city_id`))
    expect(tags).toEqual(['company'])
  })
})

describe('a listener that lost its connection', () => {
  // PostgreSQL only: the embedded database's listener has no connection to lose.
  test.skipIf(!process.env.TEST_DATABASE_URL)('purges every page once it listens again', async () => {
    await notificationsDelivered()
    received.length = 0
    // The server ends the listener's session (a restart, a network cut): it reconnects a second later.
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`LISTEN ${PAGES_CHANNEL}`} and datname = current_database()`,
    )
    const deadline = Date.now() + 10_000
    while (!received.some((tags) => tags.includes('*'))) {
      if (Date.now() > deadline) throw new Error('no purge of every page after the reconnection')
      await new Promise((r) => setTimeout(r, 20))
    }
    // And it hears the changes that follow.
    await notificationsDelivered()
  })
})

import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import {
  conversationParticipants,
  conversations,
  listingPriceHistory,
  listings,
  moderationEvents,
  profiles,
} from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { addListingPhoto, createListing, createListingInModeration } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { moderator, seller } = useAccounts(t, {
  moderator: { name: 'Модератор Айгерим', role: 'moderator' },
  seller: { name: 'Продавец Ерлан' },
})
const HOUR = 3_600_000
const ago = (ms: number) => new Date(Date.now() - ms)

const get = (url: string, headers = moderator.auth) => t.app.inject({ url, headers })
const post = (url: string, payload: unknown, headers = moderator.auth) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers })
const approve = (id: number, payload: unknown = {}) => post(`/api/admin/listings/${id}/approve/`, payload)
const reject = (id: number, payload: unknown) => post(`/api/admin/listings/${id}/reject/`, payload)
const inbox = async (auth: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/messages/', headers: auth })
  expect(res.statusCode).toBe(200)
  return res.json() as { results: { body: string; kind: string; sender: unknown; isRead: boolean }[]; unread: number }
}

describe('the moderation queue', () => {
  test('lists only listings in moderation, the longest-waiting first, with the time each has waited', async () => {
    const newest = await createListingInModeration(t.db, { enteredAt: ago(1 * HOUR) })
    const oldest = await createListingInModeration(t.db, { enteredAt: ago(30 * HOUR), model: 'rav4' })
    const middle = await createListingInModeration(t.db, { enteredAt: ago(5 * HOUR), brand: 'lada', model: 'granta' })
    await createListing(t.db, { status: 'published' })
    await createListing(t.db, { status: 'draft', publishedAt: null })

    const res = await get('/api/admin/moderation/queue/?lang=en')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const ids = body.results.map((r: { id: number }) => r.id)
    expect(ids).toEqual([oldest.id, middle.id, newest.id])
    expect(body.total).toBe(3)
    expect(body.nextCursor).toBeNull()
    const [first] = body.results
    expect(first.waitedSeconds).toBeGreaterThanOrEqual(30 * 3600 - 5)
    expect(first.waitedSeconds).toBeLessThan(30 * 3600 + 60)
    expect(first).toMatchObject({
      brand: { slug: 'toyota' },
      model: { slug: 'rav4' },
      city: { slug: 'almaty', name: 'Almaty' },
      enteredAt: oldest.statusChangedAt.toISOString(),
    })
    expect(Array.isArray(first.signals)).toBe(true)
  })

  test('pages by cursor without repeating or skipping, and refuses a forged cursor', async () => {
    const page1 = (await get('/api/admin/moderation/queue/?limit=2')).json()
    expect(page1.results).toHaveLength(2)
    expect(page1.nextCursor).toEqual(expect.any(String))
    const page2 = (await get(`/api/admin/moderation/queue/?limit=2&cursor=${page1.nextCursor}`)).json()
    expect(page2.results).toHaveLength(1)
    expect(page2.nextCursor).toBeNull()
    const all = (await get('/api/admin/moderation/queue/')).json().results.map((r: { id: number }) => r.id)
    expect([...page1.results, ...page2.results].map((r: { id: number }) => r.id)).toEqual(all)

    const forged = Buffer.from('["yesterday", 1]').toString('base64url')
    const bad = await get(`/api/admin/moderation/queue/?cursor=${forged}`)
    expect(bad.statusCode).toBe(400)
    expect((await get('/api/admin/moderation/queue/?limit=500')).statusCode).toBe(400)
  })
})

describe('the review of one listing', () => {
  test('shows every field, photos, the seller with their other listings, and the history', async () => {
    const listing = await createListingInModeration(t.db, {
      ownerId: seller.id,
      vin: 'JTNB11HK103456789',
      enteredAt: ago(2 * HOUR),
    })
    await addListingPhoto(t.db, listing.id, { sha256: 'a'.repeat(64), position: 0 })
    await addListingPhoto(t.db, listing.id, { sha256: 'b'.repeat(64), position: 1 })
    const sold = await createListing(t.db, { ownerId: seller.id, status: 'sold', model: 'rav4' })
    const draft = await createListing(t.db, { ownerId: seller.id, status: 'draft', publishedAt: null })

    const res = await get(`/api/admin/listings/${listing.id}/?lang=ru`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      id: listing.id,
      status: 'moderation',
      brand: { slug: 'toyota' },
      model: { slug: 'camry' },
      year: 2018,
      priceKzt: 12_500_000,
      vin: 'JTNB11HK103456789',
      contactPhone: '+77011234567',
      transmission: 'AT',
      city: { name: 'Алматы' },
      publishedAt: null,
    })
    expect(body.waitedSeconds).toBeGreaterThanOrEqual(2 * 3600 - 5)
    expect(body.photos.map((p: { key: string }) => p.key)).toEqual([
      `listings/${listing.id}/aaaaaaaaaaaa`,
      `listings/${listing.id}/bbbbbbbbbbbb`,
    ])
    expect(body.seller).toMatchObject({ id: seller.id, name: 'Продавец Ерлан', email: seller.email, role: 'user' })
    expect(body.seller.accountAgeDays).toBe(0)
    expect(body.seller.otherListingsTotal).toBe(2)
    expect(body.seller.otherListings.map((o: { id: number; status: string }) => [o.id, o.status])).toEqual(
      expect.arrayContaining([
        [sold.id, 'sold'],
        [draft.id, 'draft'],
      ]),
    )
    expect(body.signals.map((s: { code: string }) => s.code)).toEqual([
      'duplicate_vin',
      'duplicate_photos',
      'low_price',
      'new_account',
      'complaints',
    ])
    expect(body.history).toMatchObject([{ action: 'submitted', actor: { id: seller.id }, waitedSeconds: null }])
  })

  test('opens a listing in any status, even an incomplete draft; an unknown id is 404', async () => {
    const [draft] = await t.db.insert(listings).values({ ownerId: seller.id, status: 'draft' }).returning()
    if (!draft) throw new Error('no draft')
    const res = await get(`/api/admin/listings/${draft.id}/`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'draft', brand: null, priceKzt: null, city: null, waitedSeconds: null })
    expect((await get('/api/admin/listings/999999999/')).statusCode).toBe(404)
    expect((await get('/api/admin/listings/abc/')).statusCode).toBe(400)
  })
})

describe('decisions', () => {
  test('approving publishes the listing, records who and when, starts its price history and tells the seller', async () => {
    const listing = await createListingInModeration(t.db, { ownerId: seller.id, enteredAt: ago(3 * HOUR) })
    const before = Date.now()
    const res = await approve(listing.id, { comment: 'Всё в порядке' })
    expect(res.statusCode).toBe(200)
    const decision = res.json()
    expect(decision).toMatchObject({
      id: listing.id,
      status: 'published',
      rejectionReason: null,
      event: { action: 'approved', actor: { id: moderator.id, name: 'Модератор Айгерим' }, comment: 'Всё в порядке' },
    })
    expect(Date.parse(decision.publishedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(decision.event.waitedSeconds).toBeGreaterThanOrEqual(3 * 3600 - 5)
    expect(decision.event.waitedSeconds).toBeLessThan(3 * 3600 + 60)

    // Buyers see it now, on its car page and in the catalogue.
    const car = await t.app.inject(`/api/cars/${listing.id}/`)
    expect(car.statusCode).toBe(200)
    expect(car.json().priceHistory).toHaveLength(1)
    const events = await t.db.select().from(moderationEvents).where(eq(moderationEvents.listingId, listing.id))
    expect(events.map((e) => e.action).sort()).toEqual(['approved', 'submitted'])

    const messages = await inbox(seller.auth)
    expect(messages.results[0]).toMatchObject({ kind: 'system', sender: null, isRead: false })
    expect(messages.results[0]?.body).toContain('«Toyota Camry, 2018» прошло модерацию и опубликовано')
    expect(messages.results[0]?.body).toContain('Комментарий модератора: Всё в порядке')
  })

  test('a listing approved again after a return to moderation keeps its first publication date', async () => {
    const first = new Date('2026-03-01T10:00:00Z')
    const listing = await createListingInModeration(t.db, { publishedAt: first, enteredAt: ago(HOUR) })
    await t.db.insert(listingPriceHistory).values({ listingId: listing.id, priceKzt: 12_000_000, changedAt: first })
    const res = await approve(listing.id)
    expect(res.statusCode).toBe(200)
    expect(res.json().publishedAt).toBe(first.toISOString())
    const history = await t.db.select().from(listingPriceHistory).where(eq(listingPriceHistory.listingId, listing.id))
    expect(history).toHaveLength(1)
  })

  test('rejecting keeps the reason code and comment, and the seller reads the reason in their own language', async () => {
    await t.db.update(profiles).set({ language: 'kk' }).where(eq(profiles.userId, seller.id))
    const listing = await createListingInModeration(t.db, { ownerId: seller.id, model: 'rav4', year: 2016 })
    const res = await reject(listing.id, { reasonCode: 'wrong_price', comment: 'Бағасы нарықтан екі есе төмен' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'wrong_price',
      publishedAt: null,
      event: { action: 'rejected', reasonCode: 'wrong_price', reasonText: 'Цена не соответствует автомобилю' },
    })
    const [row] = await t.db.select().from(listings).where(eq(listings.id, listing.id))
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'wrong_price', publishedAt: null })
    expect((await t.app.inject(`/api/cars/${listing.id}/`)).statusCode).toBe(404)

    const [latest] = (await inbox(seller.auth)).results
    expect(latest?.body).toContain('«Toyota RAV4, 2016» хабарландыруыңыз модерациядан өтпеді')
    expect(latest?.body).toContain('Себебі: Баға көлікке сәйкес келмейді')
    expect(latest?.body).toContain('Модератордың түсініктемесі: Бағасы нарықтан екі есе төмен')

    const review = (await get(`/api/admin/listings/${listing.id}/?lang=en`)).json()
    expect(review.rejectionReasonText).toBe('The price does not match the car')
    expect(review.history[0]).toMatchObject({
      action: 'rejected',
      actor: { id: moderator.id },
      reasonCode: 'wrong_price',
      comment: 'Бағасы нарықтан екі есе төмен',
    })
    await t.db.update(profiles).set({ language: 'ru' }).where(eq(profiles.userId, seller.id))
  })

  test('a bad reason, or "other" without a comment, is refused and changes nothing', async () => {
    const listing = await createListingInModeration(t.db)
    for (const payload of [
      { reasonCode: 'ugly' },
      { reasonCode: 'other' },
      { reasonCode: 'other', comment: '   ' },
      {},
    ]) {
      const res = await reject(listing.id, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
    }
    expect((await approve(listing.id, { comment: 'x'.repeat(1001) })).statusCode).toBe(400)
    const [row] = await t.db.select().from(listings).where(eq(listings.id, listing.id))
    expect(row?.status).toBe('moderation')
  })

  test('only listings in moderation can be decided: 409 for any other status, 404 for none', async () => {
    const published = await createListing(t.db)
    const draft = await createListing(t.db, { status: 'draft', publishedAt: null })
    const sold = await createListing(t.db, { status: 'sold' })
    for (const l of [published, draft, sold]) {
      const a = await approve(l.id)
      expect(a.statusCode).toBe(409)
      expect(a.json().code).toBe('moderation.not_in_moderation')
      expect((await reject(l.id, { reasonCode: 'duplicate' })).statusCode).toBe(409)
    }
    const pending = await createListingInModeration(t.db)
    // A client may send no body at all.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${pending.id}/approve/`,
      headers: moderator.auth,
    })
    expect(bare.statusCode).toBe(200)
    // The second moderator is too late.
    expect((await reject(pending.id, { reasonCode: 'duplicate' })).statusCode).toBe(409)
    expect((await approve(pending.id)).statusCode).toBe(409)
    expect((await approve(999_999_999)).statusCode).toBe(404)
    const events = await t.db.select().from(moderationEvents).where(eq(moderationEvents.listingId, pending.id))
    expect(events.map((e) => e.action).sort()).toEqual(['approved', 'submitted'])
  })

  test('two moderators deciding at once: exactly one wins', async () => {
    const pending = await createListingInModeration(t.db)
    const results = await Promise.all([approve(pending.id), reject(pending.id, { reasonCode: 'duplicate' })])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const events = await t.db.select().from(moderationEvents).where(eq(moderationEvents.listingId, pending.id))
    expect(events).toHaveLength(2)
  })
})

describe('my messages', () => {
  test('each user reads only their own messages; a guest is asked to sign in', async () => {
    const other = await signUp()
    expect((await inbox(other.auth)).results).toEqual([])
    const mine = await inbox(seller.auth)
    expect(mine.results.length).toBeGreaterThanOrEqual(2)
    expect(mine.unread).toBe(mine.results.length)
    expect((await t.app.inject('/api/messages/')).statusCode).toBe(401)

    const read = await t.app.inject({ method: 'POST', url: '/api/messages/read/', headers: seller.auth })
    expect(read.statusCode).toBe(200)
    const after = await inbox(seller.auth)
    expect(after.unread).toBe(0)
    expect(after.results.every((m) => m.isRead)).toBe(true)
  })

  test('decisions about one seller share one system conversation', async () => {
    const owner = await signUp()
    const a = await createListingInModeration(t.db, { ownerId: owner.id })
    const b = await createListingInModeration(t.db, { ownerId: owner.id })
    await Promise.all([approve(a.id), reject(b.id, { reasonCode: 'incomplete' })])
    const threads = await t.db
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(conversationParticipants, eq(conversationParticipants.conversationId, conversations.id))
      .where(and(eq(conversations.kind, 'system'), eq(conversationParticipants.userId, owner.id)))
    expect(threads).toHaveLength(1)
    expect((await inbox(owner.auth)).results).toHaveLength(2)
  })
})

import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { favourites, outboxMessages, profiles } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createListingInModeration } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { seller, buyer, other, moderator } = useAccounts(t, {
  seller: { name: 'Продавец Ерлан' },
  buyer: { name: 'Покупатель Айгуль' },
  other: { name: 'Другой Нуржан' },
  moderator: { name: 'Модератор', role: 'moderator' },
})

type Auth = Record<string, string>
const complain = (auth: Auth | undefined, id: number | string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/cars/${id}/complaints/`, payload, ...(auth ? { headers: auth } : {}) })
const list = (auth?: Auth) =>
  t.app.inject({ url: '/api/admin/listing-complaints/?lang=ru', ...(auth ? { headers: auth } : {}) })
const resolve = (auth: Auth | undefined, id: number, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/listing-complaints/${id}/resolve/?lang=ru`,
    payload,
    ...(auth ? { headers: auth } : {}),
  })
type Group = { listing: { id: number; title: string; status: string }; complaints: { reporter: { name: string } }[] }
const groupOf = async (id: number) =>
  ((await list(moderator.auth)).json() as { results: Group[] }).results.find((g) => g.listing.id === id)
const openRows = async (id: number) =>
  (
    await t.db.query.listingComplaints.findMany({
      where: (c, { and, eq, isNull }) => and(eq(c.listingId, id), isNull(c.resolvedAt)),
    })
  ).length

const systemMessages = async (a: { auth: Auth }) =>
  (
    (await t.app.inject({ url: '/api/messages/', headers: a.auth })).json() as {
      results: { body: string; kind: string }[]
    }
  ).results
    .filter((m) => m.kind === 'system')
    .map((m) => m.body)

describe('complaints about a listing', () => {
  test('guests sign in first; owners cannot; bad input, unknown and unpublished listings change nothing', async () => {
    const { id } = await createListing(t.db, { ownerId: seller.id })
    expect((await complain(undefined, id, { reason: 'fraud' })).statusCode).toBe(401)
    const own = await complain(seller.auth, id, { reason: 'fraud' })
    expect(own.statusCode).toBe(403)
    expect(own.json().code).toBe('complaint.own_listing')
    expect((await complain(buyer.auth, id, { reason: 'stolen' })).statusCode).toBe(400)
    const noComment = await complain(buyer.auth, id, { reason: 'other' })
    expect(noComment.statusCode).toBe(400)
    expect(JSON.stringify(noComment.json())).toContain('comment')
    expect((await complain(buyer.auth, id, { reason: 'sold', comment: 'x'.repeat(1001) })).statusCode).toBe(400)
    expect((await complain(buyer.auth, id, { reason: 'sold', extra: 1 })).statusCode).toBe(400)
    expect((await complain(buyer.auth, 'abc', { reason: 'sold' })).statusCode).toBe(400)
    expect((await complain(buyer.auth, 999_999_999, { reason: 'sold' })).statusCode).toBe(404)
    const waiting = await createListingInModeration(t.db)
    expect((await complain(buyer.auth, waiting.id, { reason: 'sold' })).statusCode).toBe(404)
    expect(await openRows(id)).toBe(0)
    expect(await openRows(waiting.id)).toBe(0)
  })

  test('one open complaint per user and listing: a second one updates it; staff see both reporters', async () => {
    const { id } = await createListing(t.db, { ownerId: seller.id })
    const first = await complain(buyer.auth, id, { reason: 'wrong_price' })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toEqual({ message: 'received', created: true })
    const again = await complain(buyer.auth, id, { reason: 'fraud', comment: 'Просит предоплату на карту' })
    expect(again.statusCode).toBe(200)
    expect(again.json().created).toBe(false)
    expect((await complain(other.auth, id, { reason: 'sold' })).statusCode).toBe(201)
    expect(await openRows(id)).toBe(2)

    const group = await groupOf(id)
    expect(group?.listing).toMatchObject({ id, title: 'Toyota Camry, 2018', status: 'published' })
    expect(group?.listing).toMatchObject({ owner: { id: seller.id, name: 'Продавец Ерлан' } })
    expect(group?.complaints).toHaveLength(2)
    expect(group?.complaints).toContainEqual(
      expect.objectContaining({
        reason: 'fraud',
        comment: 'Просит предоплату на карту',
        reporter: { id: buyer.id, name: 'Покупатель Айгуль' },
      }),
    )
    const count = await t.app.inject({ url: '/api/admin/listing-complaints/', headers: buyer.auth })
    expect(count.statusCode).toBe(403)
  })

  test('only staff read and resolve complaints', async () => {
    const { id } = await createListing(t.db, { ownerId: seller.id })
    await complain(buyer.auth, id, { reason: 'duplicate' })
    expect((await list()).statusCode).toBe(401)
    expect((await list(buyer.auth)).statusCode).toBe(403)
    expect((await list(seller.auth)).statusCode).toBe(403)
    expect((await resolve(undefined, id, { resolution: 'dismissed' })).statusCode).toBe(401)
    const plain = await resolve(other.auth, id, { resolution: 'dismissed' })
    expect(plain.statusCode).toBe(403)
    expect(plain.json().code).toBe('admin.forbidden')
    expect(await openRows(id)).toBe(1)
  })

  test('dismissing closes every open complaint and leaves the listing on sale', async () => {
    const { id } = await createListing(t.db, { ownerId: seller.id })
    await complain(buyer.auth, id, { reason: 'sold' })
    await complain(other.auth, id, { reason: 'sold' })
    const res = await resolve(moderator.auth, id, { resolution: 'dismissed' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ listingId: id, resolution: 'dismissed', resolved: 2, status: 'published' })
    expect(await groupOf(id)).toBeUndefined()
    const twice = await resolve(moderator.auth, id, { resolution: 'dismissed' })
    expect(twice.statusCode).toBe(404)
    expect(twice.json().code).toBe('complaint.none_open')
    // A complaint after the dismissal is a new one.
    expect((await complain(buyer.auth, id, { reason: 'sold' })).statusCode).toBe(201)
  })

  test('taking down rejects the listing with the reason, tells the seller, and closes the complaints', async () => {
    const { id } = await createListing(t.db, { ownerId: seller.id })
    await complain(buyer.auth, id, { reason: 'fraud', comment: 'Просит предоплату' })
    expect((await resolve(moderator.auth, id, { resolution: 'taken_down' })).statusCode).toBe(400)
    expect((await resolve(moderator.auth, id, { resolution: 'taken_down', reasonCode: 'other' })).statusCode).toBe(400)
    expect(await openRows(id)).toBe(1)

    const res = await resolve(moderator.auth, id, {
      resolution: 'taken_down',
      reasonCode: 'prohibited',
      comment: 'Мошенничество',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ listingId: id, resolution: 'taken_down', resolved: 1, status: 'rejected' })
    const row = await t.db.query.listings.findFirst({ where: (l, { eq }) => eq(l.id, id) })
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'prohibited' })
    const inbox = (await t.app.inject({ url: '/api/messages/', headers: seller.auth })).json() as {
      results: { body: string }[]
    }
    expect(inbox.results.some((m) => m.body.includes('Мошенничество'))).toBe(true)
    const events = await t.db.query.moderationEvents.findMany({ where: (e, { eq }) => eq(e.listingId, id) })
    expect(events).toEqual([
      expect.objectContaining({
        action: 'rejected',
        reasonCode: 'prohibited',
        comment: 'Мошенничество',
        actorId: moderator.id,
      }),
    ])
    const closed = await t.db.query.listingComplaints.findFirst({ where: (c, { eq }) => eq(c.listingId, id) })
    expect(closed).toMatchObject({ resolution: 'taken_down', resolvedBy: moderator.id })
    expect((await t.app.inject({ url: `/api/cars/${id}/` })).statusCode).not.toBe(200)
    // Nothing left to resolve, and a listing no longer on sale takes no complaint.
    expect((await resolve(moderator.auth, id, { resolution: 'dismissed' })).json().code).toBe('complaint.none_open')
    expect((await complain(other.auth, id, { reason: 'sold' })).statusCode).toBe(404)
  })

  test('those who saved a car taken down are told it is off sale, in their language, and not why; its reporter is thanked', async () => {
    const { id } = await createListing(t.db, { ownerId: seller.id, brand: 'toyota', model: 'camry', year: 2016 })
    await t.db.update(profiles).set({ language: 'kk' }).where(eq(profiles.userId, buyer.id))
    await t.db.update(profiles).set({ language: 'en' }).where(eq(profiles.userId, other.id))
    for (const b of [buyer, other]) await t.db.insert(favourites).values({ userId: b.id, listingId: id })
    await complain(buyer.auth, id, { reason: 'fraud', comment: 'Просит предоплату' })
    const res = await resolve(moderator.auth, id, {
      resolution: 'taken_down',
      reasonCode: 'prohibited',
      comment: 'Мошенничество',
    })
    expect(res.statusCode, res.body).toBe(200)
    await t.jobs.drain()
    expect(await systemMessages(buyer)).toContain(
      'Таңдаулыңыздағы Toyota Camry, 2016 хабарландыруы сатылымнан алынды, ол енді сайтта көрсетілмейді.',
    )
    expect(await systemMessages(other)).toContain(
      'The listing of Toyota Camry, 2016 from your favourites has been withdrawn from sale and is no longer shown.',
    )
    // The one who reported it learns it worked; the other saver did not report it and is not thanked.
    expect(await systemMessages(buyer)).toContain(
      'Шағымыңыз үшін рахмет: модераторлар Toyota Camry, 2016 хабарландыруын тексеріп, сатылымнан алып тастады.',
    )
    expect((await systemMessages(other)).filter((m) => m.startsWith('Thank you for your report'))).toEqual([])
    const [thanks] = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, buyer.email),
          eq(outboxMessages.subject, 'Шағымыңыз бойынша шара қолданылды: Toyota Camry, 2016'),
        ),
      )
    // About what the user did, not a subscription: no unsubscribe link.
    expect(thanks?.body).toContain('http://localhost:3000/auto')
    expect(thanks?.headers?.['List-Unsubscribe']).toBeUndefined()
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, other.email), eq(outboxMessages.channel, 'email')))
    const mail = mails.find((m) => m.subject === 'No longer on sale: Toyota Camry, 2016')
    expect(mail?.body).toContain('/wishlist')
    expect(mail?.body).not.toContain('Мошенничество')
    // Dismissed complaints change nothing for them.
    const kept = await createListing(t.db, { ownerId: seller.id, brand: 'kia', model: 'rio', year: 2019 })
    await t.db.insert(favourites).values({ userId: other.id, listingId: kept.id })
    await complain(buyer.auth, kept.id, { reason: 'sold' })
    expect((await resolve(moderator.auth, kept.id, { resolution: 'dismissed' })).statusCode).toBe(200)
    await t.jobs.drain()
    expect((await systemMessages(other)).filter((m) => m.includes('Kia Rio'))).toEqual([])
    expect((await systemMessages(buyer)).filter((m) => m.includes('Kia Rio'))).toEqual([])
    await t.db
      .update(profiles)
      .set({ language: 'ru' })
      .where(inArray(profiles.userId, [buyer.id, other.id]))
  })

  test('a listing sold before staff look is not taken down (409) and its complaints stay open', async () => {
    const { id } = await createListing(t.db, { ownerId: seller.id })
    await complain(buyer.auth, id, { reason: 'wrong_details' })
    await t.db.execute(`update listings set status = 'sold' where id = ${id}`)
    const res = await resolve(moderator.auth, id, { resolution: 'taken_down', reasonCode: 'fake_photos' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('complaint.not_published')
    expect(await openRows(id)).toBe(1)
    const row = await t.db.query.listings.findFirst({ where: (l, { eq }) => eq(l.id, id) })
    expect(row?.status).toBe('sold')
    expect(await t.db.query.moderationEvents.findMany({ where: (e, { eq }) => eq(e.listingId, id) })).toEqual([])
  })

  test('at most 10 complaints an hour per user', async () => {
    const limited = await signUp(undefined, 'secret12', 'Жалобщик')
    const ids = await Promise.all(Array.from({ length: 11 }, () => createListing(t.db, { ownerId: seller.id })))
    for (const { id } of ids.slice(0, 10))
      expect((await complain(limited.auth, id, { reason: 'sold' })).statusCode).toBe(201)
    const last = ids[10]?.id ?? 0
    const res = await complain(limited.auth, last, { reason: 'sold' })
    expect(res.statusCode).toBe(429)
    expect(await openRows(last)).toBe(0)
  })
})

import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { favourites, listingPriceHistory, listings, listingViews, moderationEvents } from '../../db/schema.ts'
import { fieldsOf, listingRow, makeModerator, photoJpeg, useSellingApp } from '../../testing/selling.ts'
import { viewDay } from '../listings/index.ts'

const { t, refs, signUp, json, createDraft, save, fillAll, upload } = useSellingApp()

const events = (id: number) => t.db.select().from(moderationEvents).where(eq(moderationEvents.listingId, id))
const prices = (id: number) => t.db.select().from(listingPriceHistory).where(eq(listingPriceHistory.listingId, id))

/** A complete listing with one photo, sent to moderation, then approved the way the back office will. */
async function publishedListing(auth: Record<string, string>) {
  const id = await createDraft(auth)
  await fillAll(auth, id, refs)
  expect((await upload(auth, id, [{ name: 'a.jpg', type: 'image/jpeg', data: await photoJpeg() }])).statusCode).toBe(
    200,
  )
  expect((await json('POST', `/api/listings/${id}/publish/`, auth)).statusCode).toBe(200)
  await t.db.update(listings).set({ status: 'published', publishedAt: new Date() }).where(eq(listings.id, id))
  return id
}

describe('publishing', () => {
  test('an incomplete draft lists what is missing and stays a draft', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    await save(s.auth, id, { step: 'brand', brandId: refs.brandId })
    const res = await json('POST', `/api/listings/${id}/publish/`, s.auth)
    expect(res.statusCode).toBe(400)
    expect(fieldsOf(res)).toMatchObject({
      modelId: 'required',
      year: 'required',
      mileage: 'required',
      photos: 'required',
    })
    expect((await listingRow(t.db, id))?.status).toBe('draft')
  })

  test("a complete listing goes to moderation with a 'submitted' event and 'Your listing has been sent for moderation.'", async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    await fillAll(s.auth, id, refs)
    expect(fieldsOf(await json('POST', `/api/listings/${id}/publish/`, s.auth))).toEqual({ photos: 'required' })
    await upload(s.auth, id, [{ name: 'a.jpg', type: 'image/jpeg', data: await photoJpeg() }])
    const res = await json('POST', `/api/listings/${id}/publish/`, s.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      code: 'listing.sent_to_moderation',
      message: 'Your listing has been sent for moderation.',
      listing: { status: 'moderation' },
    })
    expect((await events(id)).map((e) => [e.action, e.actorId])).toEqual([['submitted', s.id]])
    expect((await prices(id)).map((p) => p.priceKzt)).toEqual([12_500_000])
    // Sent once: publishing again is refused.
    expect((await json('POST', `/api/listings/${id}/publish/`, s.auth)).statusCode).toBe(409)
    // Buyers do not see it before a moderator approves it.
    expect((await t.app.inject(`/api/cars/${id}/`)).statusCode).toBe(404)
  })

  test('my listings show every status with the rejection reason', async () => {
    const s = await signUp()
    const draft = await createDraft(s.auth)
    const rejected = await publishedListing(s.auth)
    await t.db
      .update(listings)
      .set({ status: 'rejected', rejectionReason: 'Photos of another car' })
      .where(eq(listings.id, rejected))
    const other = await signUp()
    await createDraft(other.auth)
    const res = await json('GET', '/api/listings/', s.auth)
    expect(res.statusCode).toBe(200)
    const mine = res.json().results as { id: number; status: string; rejectionReason: string | null }[]
    expect(mine.map((l) => l.id).sort()).toEqual([draft, rejected].sort())
    expect(mine.find((l) => l.id === rejected)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Photos of another car',
      title: 'Toyota Camry, 2018',
      photoCount: 1,
    })
    // A rejected listing can be fixed and sent again; the reason is cleared.
    const again = await json('POST', `/api/listings/${rejected}/publish/`, s.auth)
    expect(again.json().listing).toMatchObject({ status: 'moderation', rejectionReason: null })
  })
})

describe('changing a published listing', () => {
  test('a small change stays published; a material one goes back to moderation with the changed fields', async () => {
    const s = await signUp()
    const id = await publishedListing(s.auth)
    const small = await save(s.auth, id, {
      step: 'price',
      priceKzt: 12_000_000,
      vin: 'JTNB11HK3J3012345',
      description: 'Один владелец, обслуживание у дилера.',
      contactPhone: '+77012345678',
      isBargainAllowed: false,
      cityId: refs.cityId,
    })
    expect(small.json().status).toBe('published')
    expect((await prices(id)).map((p) => p.priceKzt)).toEqual([12_500_000, 12_000_000])

    const material = await save(s.auth, id, { step: 'state', mileage: 45_000, mileageUnit: 'km' })
    expect(material.json().status).toBe('moderation')
    const returned = (await events(id)).filter((e) => e.action === 'returned_to_moderation')
    expect(returned).toHaveLength(1)
    expect(returned[0]?.comment).toContain('mileage')
  })

  test('a price drop over 20% goes back to moderation; brand and model are locked', async () => {
    const s = await signUp()
    const id = await publishedListing(s.auth)
    const locked = await save(s.auth, id, { step: 'brand', brandId: refs.otherBrandId })
    expect(fieldsOf(locked)).toEqual({ brandId: 'locked' })
    const rise = await json('POST', `/api/listings/${id}/price/`, s.auth, { priceKzt: 13_000_000 })
    expect(rise.json().status).toBe('published')
    const drop = await json('POST', `/api/listings/${id}/price/`, s.auth, { priceKzt: 9_000_000 })
    expect(drop.statusCode).toBe(200)
    expect(drop.json()).toMatchObject({ status: 'moderation', priceKzt: 9_000_000 })
    expect((await prices(id)).map((p) => p.priceKzt)).toEqual([12_500_000, 13_000_000, 9_000_000])
    expect((await events(id)).at(-1)).toMatchObject({ action: 'returned_to_moderation', actorId: null })
    expect((await json('POST', `/api/listings/${id}/price/`, s.auth, { priceKzt: 0 })).statusCode).toBe(400)
  })

  test("mark as sold, then only deletion; delete answers 'car deleted' and removes the rows", async () => {
    const s = await signUp()
    const id = await publishedListing(s.auth)
    const draft = await createDraft(s.auth)
    expect((await json('POST', `/api/listings/${draft}/sold/`, s.auth)).statusCode).toBe(409)
    expect((await json('POST', `/api/listings/${draft}/price/`, s.auth, { priceKzt: 100 })).statusCode).toBe(409)
    const sold = await json('POST', `/api/listings/${id}/sold/`, s.auth)
    expect(sold.json()).toMatchObject({ code: 'listing.sold', listing: { status: 'sold' } })
    const edit = await save(s.auth, id, { step: 'state', mileage: 1 })
    expect(edit.statusCode).toBe(409)
    expect(edit.json().code).toBe('listing.not_editable')
    const del = await json('DELETE', `/api/listings/${id}/`, s.auth)
    expect(del.json()).toEqual({ code: 'listing.deleted', message: 'car deleted', listing: null })
    expect(await listingRow(t.db, id)).toBeUndefined()
    expect(await prices(id)).toEqual([])
  })
})

describe('permissions', () => {
  test('a guest gets 401 everywhere', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const calls = [
      json('POST', '/api/listings/', {}),
      json('GET', '/api/listings/', {}),
      json('GET', `/api/listings/${id}/`, {}),
      save({}, id, { step: 'brand', brandId: refs.brandId }),
      json('POST', `/api/listings/${id}/publish/`, {}),
      json('POST', `/api/listings/${id}/price/`, {}, { priceKzt: 5 }),
      json('POST', `/api/listings/${id}/sold/`, {}),
      json('DELETE', `/api/listings/${id}/`, {}),
      upload({}, id, [{ name: 'a.jpg', type: 'image/jpeg', data: await photoJpeg() }]),
    ]
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401)
  })

  test('another user can neither read a draft nor change, publish, sell or delete a listing, nor see its stats', async () => {
    const owner = await signUp()
    const stranger = await signUp()
    const draft = await createDraft(owner.auth)
    const published = await publishedListing(owner.auth)
    const [photo] = (await json('GET', `/api/listings/${published}/`, owner.auth)).json().photos
    const attempts = [
      json('GET', `/api/listings/${draft}/`, stranger.auth),
      save(stranger.auth, draft, { step: 'brand', brandId: refs.brandId }),
      json('POST', `/api/listings/${draft}/publish/`, stranger.auth),
      json('POST', `/api/listings/${published}/price/`, stranger.auth, { priceKzt: 1000 }),
      json('POST', `/api/listings/${published}/sold/`, stranger.auth),
      json('DELETE', `/api/listings/${published}/`, stranger.auth),
      json('DELETE', `/api/listings/${published}/photos/${photo.id}/`, stranger.auth),
      json('POST', `/api/listings/${published}/photos/${photo.id}/cover/`, stranger.auth),
      upload(stranger.auth, published, [{ name: 'a.jpg', type: 'image/jpeg', data: await photoJpeg() }]),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().code).toBe('listing.not_found')
    }
    expect((await listingRow(t.db, published))?.status).toBe('published')
    expect((await listingRow(t.db, draft))?.brandId).toBeNull()
    expect((await json('GET', `/api/listings/${published}/`, owner.auth)).json().photos).toHaveLength(1)

    // What buyers did with it is the owner's alone: on their own car page and in my listings.
    await t.db.insert(favourites).values({ userId: stranger.id, listingId: published })
    expect((await t.app.inject({ method: 'POST', url: `/api/cars/${published}/phone/` })).statusCode).toBe(200)
    expect(await t.services.selling.ownListingStats(stranger, published)).toBeNull()
    expect(await t.services.selling.ownListingStats(owner, 999_999_999)).toBeNull()
    // Two visitors today and one three days ago, one a month ago (outside the chart's 14 days).
    const day = (back: number) => viewDay(new Date(Date.now() - back * 86_400_000))
    await t.db.insert(listingViews).values([
      { listingId: published, day: day(0), visitorHash: 'a' },
      { listingId: published, day: day(0), visitorHash: 'b' },
      { listingId: published, day: day(3), visitorHash: 'a' },
      { listingId: published, day: day(30), visitorHash: 'a' },
    ])
    const stats = await t.services.selling.ownListingStats(owner, published)
    expect(stats).toMatchObject({ status: 'published', viewsCount: 0, phoneRevealsCount: 1, savedCount: 1 })
    expect(stats?.viewsByDay).toHaveLength(14)
    expect(stats?.viewsByDay[0]?.day).toBe(day(13))
    expect(stats?.viewsByDay.at(-1)).toEqual({ day: day(0), views: 2 })
    expect(stats?.viewsByDay.filter((d) => d.views > 0)).toEqual([
      { day: day(3), views: 1 },
      { day: day(0), views: 2 },
    ])
    const mine = (await json('GET', '/api/listings/', owner.auth)).json().results as { id: number }[]
    expect(mine.find((l) => l.id === published)).toMatchObject({ viewsCount: 0, phoneRevealsCount: 1, savedCount: 1 })
    expect(mine.find((l) => l.id === draft)).toMatchObject({ phoneRevealsCount: 0, savedCount: 0 })
  })

  test('a moderator may read a draft', async () => {
    const owner = await signUp()
    const moderator = await signUp()
    await makeModerator(t.db, moderator.id)
    const draft = await createDraft(owner.auth)
    const res = await json('GET', `/api/listings/${draft}/`, moderator.auth)
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('draft')
  })
})

import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { listings } from '../../db/schema.ts'
import { makeModerator, photoJpeg, useSellingApp } from '../../testing/selling.ts'

/* The seller's preview: their listing as buyers will see its page, before a moderator has approved it. */

const { t, refs, signUp, json, createDraft, save, fillAll, upload } = useSellingApp()
const preview = (id: number, auth: Record<string, string> = {}, lang = 'en') =>
  json('GET', `/api/listings/${id}/preview/?lang=${lang}`, auth)

/** A Camry with every step filled in and one photo, sent to moderation. */
async function sentListing(auth: Record<string, string>) {
  const id = await createDraft(auth)
  await fillAll(auth, id, refs)
  expect((await upload(auth, id, [{ name: 'a.jpg', type: 'image/jpeg', data: await photoJpeg() }])).statusCode).toBe(
    200,
  )
  expect((await json('POST', `/api/listings/${id}/publish/`, auth)).statusCode).toBe(200)
  return id
}

describe('the preview of a listing before it is public', () => {
  test('its owner sees the page buyers will see: names, photos and characteristics, no publication date', async () => {
    const s = await signUp()
    const id = await sentListing(s.auth)
    const res = await preview(id, s.auth)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const car = res.json()
    expect(car).toMatchObject({
      id,
      status: 'moderation',
      publishedAt: null,
      rejectionReason: null,
      brand: { id: refs.brandId, slug: 'toyota' },
      model: { id: refs.modelId, slug: 'camry' },
      year: 2018,
      transmission: 'AT',
      bodyTypeName: 'Sedan',
    })
    expect(car.photos).toHaveLength(1)
    // Named in the language asked for, as on the car page.
    const ru = (await preview(id, s.auth, 'ru')).json()
    expect(ru.bodyTypeName).toBe('Седан')
    // The public page still does not know it.
    expect((await t.app.inject(`/api/cars/${id}/`)).statusCode).toBe(404)
  })

  test("a listing a moderator returned carries the moderator's reason", async () => {
    const s = await signUp()
    const id = await sentListing(s.auth)
    await t.db
      .update(listings)
      .set({ status: 'rejected', rejectionReason: 'The photos show another car' })
      .where(eq(listings.id, id))
    expect((await preview(id, s.auth)).json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The photos show another car',
    })
  })

  test('a draft is previewed once every required field is filled in, not before, and nothing changes', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    await save(s.auth, id, { step: 'brand', brandId: refs.brandId })
    const early = await preview(id, s.auth)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({ code: 'listing.incomplete' })
    await fillAll(s.auth, id, refs)
    const before = await t.db.select().from(listings).where(eq(listings.id, id))
    const full = await preview(id, s.auth)
    expect(full.statusCode, full.body).toBe(200)
    expect(full.json()).toMatchObject({ status: 'draft', photos: [], publishedAt: null })
    expect(await t.db.select().from(listings).where(eq(listings.id, id))).toEqual(before)
  })

  test('a guest is asked to sign in; another user gets the 404 of a listing that does not exist', async () => {
    const owner = await signUp()
    const other = await signUp()
    const id = await sentListing(owner.auth)
    expect((await preview(id)).statusCode).toBe(401)
    const theirs = await preview(id, other.auth)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ code: 'listing.not_found' })
    expect((await preview(999_999_999, other.auth)).json()).toMatchObject({ code: 'listing.not_found' })
  })

  test('a moderator may preview it too; a removed listing is gone for everyone', async () => {
    const owner = await signUp()
    const staff = await signUp()
    await makeModerator(t.db, staff.id)
    const id = await sentListing(owner.auth)
    expect((await preview(id, staff.auth)).json()).toMatchObject({ id, status: 'moderation' })
    await t.db.update(listings).set({ status: 'archived' }).where(eq(listings.id, id))
    expect((await preview(id, owner.auth)).statusCode).toBe(404)
    expect((await preview(id, staff.auth)).statusCode).toBe(404)
  })

  test('a bad id is refused before any lookup', async () => {
    const s = await signUp()
    expect((await preview(0, s.auth)).statusCode).toBe(400)
    expect((await json('GET', '/api/listings/abc/preview/', s.auth)).statusCode).toBe(400)
  })
})

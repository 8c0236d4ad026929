import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listingPriceHistory, listings, moderationEvents } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { type CamryRefs, camryRefs, makeModerator, photoJpeg, sellingApi } from './selling.testing.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
let refs: CamryRefs
beforeAll(async () => {
  t = await createTestApp()
  refs = await camryRefs(t.app)
})
afterAll(() => t.close())

const { signUp } = accountHelpers(() => t.app)
const { json, createDraft, save, fillAll, upload } = sellingApi(() => t.app)

const fieldsOf = (res: { json(): unknown }) =>
  Object.fromEntries(
    ((res.json() as { errors?: { field: string; code: string; message: string }[] }).errors ?? []).map((e) => [
      e.field.replace('body.', ''),
      e.code,
    ]),
  )
const messagesOf = (res: { json(): unknown }) =>
  ((res.json() as { errors?: { message: string }[] }).errors ?? []).map((e) => e.message)

async function row(id: number) {
  const [r] = await t.db.select().from(listings).where(eq(listings.id, id))
  return r
}
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

describe('drafts', () => {
  test('a draft starts with the profile phone and city, and is saved step by step', async () => {
    const s = await signUp()
    await t.app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${(await t.app.inject({ url: '/api/profiles/me/', headers: s.auth })).json()[0].id}/`,
      headers: s.auth,
      payload: { city: refs.cityId, phone: '+77015550101' },
    })
    const created = await json('POST', '/api/listings/', s.auth)
    expect(created.statusCode).toBe(201)
    const draft = created.json()
    expect(draft).toMatchObject({
      status: 'draft',
      contactPhone: '+77015550101',
      cityId: refs.cityId,
      nextStep: 'brand',
    })

    await fillAll(s.auth, draft.id, refs)
    const read = (await json('GET', `/api/listings/${draft.id}/`, s.auth)).json()
    expect(read).toMatchObject({
      title: 'Toyota Camry, 2018',
      year: 2018,
      modificationId: refs.modificationId,
      engineVolumeCc: 2500,
      mileageKm: 85_000,
      vin: 'JTNB11HK3J3012345',
      contactPhone: '+77012345678',
      options: ['abs', 'esp'],
      nextStep: 'photos',
    })
    expect(read.completedSteps).toEqual([
      'brand',
      'model',
      'characteristics',
      'modifications',
      'options',
      'state',
      'price',
    ])
  })

  test('changing the brand of a draft clears the model and what depends on it', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    await fillAll(s.auth, id, refs)
    const res = await save(s.auth, id, { step: 'brand', brandId: refs.otherBrandId })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      modelId: null,
      generationId: null,
      engineType: null,
      year: 2018,
      nextStep: 'model',
    })
  })

  test('at most 10 open drafts per account', async () => {
    const s = await signUp()
    for (let i = 0; i < 10; i++) await createDraft(s.auth)
    const res = await json('POST', '/api/listings/', s.auth)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('listing.too_many_drafts')
  })
})

describe('step validation', () => {
  let auth: Record<string, string>
  let id: number
  beforeAll(async () => {
    auth = (await signUp()).auth
    id = await createDraft(auth)
  })

  test('brand and model: required, and the model must belong to the brand', async () => {
    const empty = await save(auth, id, { step: 'brand' })
    expect(empty.statusCode).toBe(400)
    expect(fieldsOf(empty)).toEqual({ brandId: 'required' })
    expect(messagesOf(empty)).toEqual(['This field is required'])
    expect(fieldsOf(await save(auth, id, { step: 'brand', brandId: 999_999 }))).toEqual({ brandId: 'not_in_list' })
    expect((await save(auth, id, { step: 'brand', brandId: refs.brandId })).statusCode).toBe(200)
    expect(fieldsOf(await save(auth, id, { step: 'model', modelId: refs.otherBrandModelId }))).toEqual({
      modelId: 'not_in_list',
    })
    expect((await save(auth, id, { step: 'model', modelId: refs.modelId })).statusCode).toBe(200)
  })

  test('characteristics: year bounds and model years, generation of the model and year, body type of the model', async () => {
    expect(fieldsOf(await save(auth, id, { step: 'characteristics' }))).toEqual({
      year: 'required',
      bodyType: 'required',
    })
    expect(fieldsOf(await save(auth, id, { step: 'characteristics', year: 1900, bodyType: 'sedan' }))).toEqual({
      year: 'too_small',
    })
    expect(fieldsOf(await save(auth, id, { step: 'characteristics', year: 2999, bodyType: 'sedan' }))).toEqual({
      year: 'too_large',
    })
    // The Camry reached Kazakhstan from 1991; a pickup Camry does not exist.
    expect(fieldsOf(await save(auth, id, { step: 'characteristics', year: 1985, bodyType: 'pickup' }))).toEqual({
      year: 'year_range',
      bodyType: 'not_in_list',
    })
    expect(fieldsOf(await save(auth, id, { step: 'characteristics', year: 2018, bodyType: 'sedan' }))).toEqual({
      generationId: 'required',
    })
    expect(
      fieldsOf(
        await save(auth, id, {
          step: 'characteristics',
          year: 2018,
          bodyType: 'sedan',
          generationId: refs.wrongGenerationId,
        }),
      ),
    ).toEqual({ generationId: 'not_in_list' })
    const ok = await save(auth, id, {
      step: 'characteristics',
      year: 2018,
      bodyType: 'sedan',
      generationId: refs.generationId,
    })
    expect(ok.statusCode).toBe(200)
  })

  test('modifications: engine, modification, gearbox and drive must be ones the model was sold with', async () => {
    expect(fieldsOf(await save(auth, id, { step: 'modifications' }))).toEqual({
      steering: 'required',
      engineType: 'required',
      modificationId: 'required',
      transmission: 'required',
      drive: 'required',
      colour: 'required',
    })
    const bad = await save(auth, id, {
      step: 'modifications',
      steering: 'right',
      engineType: 'diesel',
      modificationId: refs.modificationId,
      transmission: 'AT',
      drive: '4WD',
      colour: 'plaid',
    })
    expect(fieldsOf(bad)).toEqual({ engineType: 'not_in_list', modificationId: 'not_in_list', colour: 'not_in_list' })
    const wrongDrive = await save(auth, id, {
      step: 'modifications',
      steering: 'right',
      engineType: 'petrol',
      modificationId: refs.modificationId,
      transmission: 'CVT',
      drive: '4WD',
      colour: 'white',
    })
    expect(fieldsOf(wrongDrive)).toEqual({ transmission: 'not_in_list', drive: 'not_in_list' })
    // Wrong types are refused by the schema before any rule runs.
    expect((await save(auth, id, { step: 'modifications', steering: 'middle' })).statusCode).toBe(400)
  })

  test('options must exist', async () => {
    expect(fieldsOf(await save(auth, id, { step: 'options', options: ['abs', 'flux_capacitor'] }))).toEqual({
      options: 'not_in_list',
    })
  })

  test('state: mileage required, bounded, miles converted to km, a new car has almost none', async () => {
    expect(fieldsOf(await save(auth, id, { step: 'state' }))).toEqual({ mileage: 'required' })
    expect(fieldsOf(await save(auth, id, { step: 'state', mileage: -1 }))).toEqual({ mileage: 'too_small' })
    expect(fieldsOf(await save(auth, id, { step: 'state', mileage: 1_300_000, mileageUnit: 'mi' }))).toEqual({
      mileage: 'too_large',
    })
    expect(fieldsOf(await save(auth, id, { step: 'state', mileage: 5000, isNew: true }))).toEqual({
      mileage: 'new_mileage',
    })
    const miles = await save(auth, id, { step: 'state', mileage: 50_000, mileageUnit: 'mi' })
    expect(miles.json()).toMatchObject({ mileage: 50_000, mileageUnit: 'mi', mileageKm: 80_467 })
  })

  test("price: amount > 0, VIN or body number, the spec's phone rule, a city", async () => {
    const bad = await save(auth, id, {
      step: 'price',
      priceKzt: 0,
      vin: 'JTNB11HK3J30I2345',
      contactPhone: '12345',
      cityId: 999_999,
      description: 'x'.repeat(3001),
    })
    expect(fieldsOf(bad)).toEqual({
      priceKzt: 'too_small',
      vin: 'vin',
      contactPhone: 'phone',
      cityId: 'not_in_list',
      description: 'too_long',
    })
    expect(messagesOf(bad)).toContain('Enter a valid phone number')
    expect(fieldsOf(await save(auth, id, { step: 'price' }))).toEqual({
      priceKzt: 'required',
      contactPhone: 'required',
      cityId: 'required',
    })
    const body = await save(auth, id, {
      step: 'price',
      priceKzt: 4_500_000,
      vin: 'nze121 - 3123456'.replace(' - ', '-'),
      contactPhone: '+7 777 123 45 67',
      cityId: refs.cityId,
    })
    expect(body.statusCode, body.body).toBe(200)
    expect(body.json()).toMatchObject({ vin: 'NZE121-3123456', contactPhone: '+77771234567', description: null })
  })

  test('a refused step changes nothing', async () => {
    const before = await row(id)
    await save(auth, id, { step: 'price', priceKzt: -5, contactPhone: '+77771234567', cityId: refs.cityId })
    expect((await row(id))?.priceKzt).toBe(before?.priceKzt)
  })
})

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
    expect((await row(id))?.status).toBe('draft')
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
    expect(await row(id)).toBeUndefined()
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

  test('another user can neither read a draft nor change, publish, sell or delete a listing', async () => {
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
    expect((await row(published))?.status).toBe('published')
    expect((await row(draft))?.brandId).toBeNull()
    expect((await json('GET', `/api/listings/${published}/`, owner.auth)).json().photos).toHaveLength(1)
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

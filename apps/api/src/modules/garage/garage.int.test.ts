import { GARAGE_LIMIT } from '@tulpar/contracts'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { brands, garageItems, garageValues, listings, models } from '../../db/schema.ts'
import { accountHelpers } from '../../testing/accounts.ts'
import { createListing, createListings } from '../../testing/factories.ts'
import { useAccounts, useTestApp } from '../../testing/suite.ts'
import { estimateTransportTax } from '../valuation/index.ts'
import { dayBefore, kazakhstanDay } from './garage.rules.ts'
import { GARAGE_WRITES } from './garage.service.ts'

const t = useTestApp()
const { signUp } = accountHelpers(() => t.app)
const { owner, other, staff } = useAccounts(t, {
  owner: { name: 'Владелец' },
  other: { name: 'Другой' },
  staff: { name: 'Модератор', role: 'admin' },
})
let camry: { brandId: number; modelId: number }
let tucson: { brandId: number; modelId: number }
let rio: { brandId: number; modelId: number }

async function refOf(brandSlug: string, modelSlug: string) {
  const [row] = await t.db
    .select({ brandId: brands.id, modelId: models.id })
    .from(models)
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(and(eq(brands.slug, brandSlug), eq(models.slug, modelSlug)))
  if (!row) throw new Error(`no ${brandSlug} ${modelSlug}`)
  return row
}

beforeAll(async () => {
  camry = await refOf('toyota', 'camry')
  tucson = await refOf('hyundai', 'tucson')
  rio = await refOf('kia', 'rio')
  // A Camry market: 2017-2019 cars with 85,000-105,000 km, enough comparables for an estimate.
  await createListings(t.db, 12, {}, (i) => ({
    year: 2017 + (i % 3),
    mileage: 85_000 + i * 2_000,
    mileageKm: 85_000 + i * 2_000,
    priceKzt: 11_800_000 + i * 90_000,
  }))
  // Two Tucsons only: too few for an honest estimate.
  await createListings(t.db, 2, { brand: 'hyundai', model: 'tucson' })
})

type Auth = Record<string, string>
type Car = {
  id: number
  title: string
  status: string
  mileageKm: number
  vin: string | null
  engineType: string | null
  engineVolumeCc: number | null
  listing: { id: number; status: string; priceKzt: number | null } | null
  value: {
    valuedOn: string | null
    comparables: number
    minComparables: number
    estimate: { estimateKzt: number; lowKzt: number; highKzt: number } | null
    changeKzt: number | null
    changeSince: string | null
    history: { day: string; estimateKzt: number | null }[]
  }
  taxPerYear: { amountKzt: number; ruleYear: number } | null
}

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: Auth, payload?: object) =>
  t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) })
const list = async (auth: Auth) => {
  const res = await inject('GET', '/api/garage/', auth)
  expect(res.statusCode).toBe(200)
  return res.json() as { results: Car[]; count: number; limit: number }
}
const camry2018 = (extra: object = {}) => ({ ...camry, year: 2018, mileageKm: 95_000, ...extra })
async function addCar(auth: Auth, body: object): Promise<Car> {
  const res = await inject('POST', '/api/garage/', auth, body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as Car
}
const today = () => kazakhstanDay(new Date())

describe('a guest', () => {
  test('is asked to sign in (401) for every garage call', async () => {
    const calls: [Parameters<typeof inject>[0], string, object?][] = [
      ['GET', '/api/garage/'],
      ['GET', '/api/garage/candidates/'],
      ['GET', '/api/garage/1/'],
      ['POST', '/api/garage/', camry2018()],
      ['POST', '/api/garage/from-listing/', { listingId: 1 }],
      ['PATCH', '/api/garage/1/', { mileageKm: 1 }],
      ['DELETE', '/api/garage/1/'],
      ['POST', '/api/garage/1/sell/'],
    ]
    for (const [method, url, body] of calls) {
      const res = await inject(method, url, undefined, body)
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

describe('the owner', () => {
  test('adds a car by hand and sees what it is worth now, from comparable listings, and the tax a year', async () => {
    const user = await signUp()
    const car = await addCar(
      user.auth,
      camry2018({ vin: ' jtnb11hk 1030 12345 ', engineType: 'petrol', engineVolumeCc: 2500, steering: 'left' }),
    )
    expect(car).toMatchObject({ title: 'Toyota Camry, 2018', status: 'owned', mileageKm: 95_000, listing: null })
    // Stored as the listing form stores it: upper case, no spaces.
    expect(car.vin).toBe('JTNB11HK103012345')
    expect(car.value.comparables).toBeGreaterThanOrEqual(car.value.minComparables)
    expect(car.value.estimate?.estimateKzt).toBeGreaterThan(10_000_000)
    expect(car.value.estimate?.estimateKzt).toBeLessThan(14_000_000)
    expect(car.value.estimate?.lowKzt).toBeLessThanOrEqual(car.value.estimate?.estimateKzt ?? 0)
    expect(car.value.history).toEqual([{ day: today(), estimateKzt: car.value.estimate?.estimateKzt }])
    expect(car.value.valuedOn).toBe(today())
    // One estimate only: no trend yet.
    expect(car.value.changeKzt).toBeNull()
    const taxYear = Number(today().slice(0, 4))
    const tax = estimateTransportTax({ engineType: 'petrol', engineVolumeCc: 2500, year: 2018 }, taxYear, 'en')
    expect(tax?.amountKzt).toBeGreaterThan(0)
    expect(car.taxPerYear).toEqual(tax)
    const { results, count, limit } = await list(user.auth)
    expect({ count, limit }).toEqual({ count: 1, limit: GARAGE_LIMIT })
    expect(results[0]?.id).toBe(car.id)
  })

  test('the garage values a car at most once a day, and shows the trend over the days kept', async () => {
    const user = await signUp()
    const car = await addCar(user.auth, camry2018())
    await list(user.auth)
    await list(user.auth)
    const rows = await t.db.select().from(garageValues).where(eq(garageValues.garageItemId, car.id))
    expect(rows).toHaveLength(1)
    // Earlier days, as the periodic job or earlier visits left them (one older than the history shown).
    const now = car.value.estimate?.estimateKzt ?? 0
    await t.db.insert(garageValues).values([
      {
        garageItemId: car.id,
        day: dayBefore(today(), 200),
        estimateKzt: 99_000_000,
        comparables: 9,
        mileageKm: 80_000,
      },
      { garageItemId: car.id, day: dayBefore(today(), 60), estimateKzt: null, comparables: 2, mileageKm: 90_000 },
      {
        garageItemId: car.id,
        day: dayBefore(today(), 30),
        estimateKzt: now + 400_000,
        comparables: 9,
        mileageKm: 90_000,
      },
    ])
    const [again] = (await list(user.auth)).results
    expect(again?.value.history.map((p) => p.day)).toEqual([dayBefore(today(), 60), dayBefore(today(), 30), today()])
    expect(again?.value.changeKzt).toBe(-400_000)
    expect(again?.value.changeSince).toBe(dayBefore(today(), 30))
  })

  test('with too few comparable listings there is no estimate, and the answer says how many there were', async () => {
    const user = await signUp()
    const car = await addCar(user.auth, { ...tucson, year: 2018, mileageKm: 90_000 })
    expect(car.value.estimate).toBeNull()
    expect(car.value.comparables).toBe(2)
    expect(car.value.history).toEqual([{ day: today(), estimateKzt: null }])
    // Without the engine the tax is not guessed either.
    expect(car.taxPerYear).toBeNull()
  })

  test('a model of another brand, a year the model was not made, a bad VIN are refused and nothing is added', async () => {
    const user = await signUp()
    const wrongModel = await inject('POST', '/api/garage/', user.auth, { ...camry2018(), modelId: rio.modelId })
    expect(wrongModel.statusCode).toBe(400)
    expect(wrongModel.json().errors).toContainEqual(
      expect.objectContaining({ field: 'body.modelId', code: 'not_in_list' }),
    )
    const wrongYear = await inject('POST', '/api/garage/', user.auth, camry2018({ year: 1960 }))
    expect(wrongYear.json().errors).toContainEqual(expect.objectContaining({ field: 'body.year', code: 'year_range' }))
    // Every field error at once: a bad VIN and a wrong year together.
    const badVin = await inject('POST', '/api/garage/', user.auth, camry2018({ vin: 'NOT-A-VIN', year: 1960 }))
    expect(badVin.json().errors).toEqual([
      expect.objectContaining({ field: 'body.vin', code: 'vin' }),
      expect.objectContaining({ field: 'body.year', code: 'year_range' }),
    ])
    const badEdit = await inject('PATCH', `/api/garage/${(await addCar(user.auth, camry2018())).id}/`, user.auth, {
      vin: 'NOT-A-VIN',
    })
    expect(badEdit.json().errors).toContainEqual(expect.objectContaining({ field: 'body.vin', code: 'vin' }))
    await t.db.delete(garageItems).where(eq(garageItems.userId, user.id))
    const unknown = await inject('POST', '/api/garage/', user.auth, camry2018({ colour: 'red' }))
    expect(unknown.statusCode).toBe(400)
    expect((await list(user.auth)).count).toBe(0)
  })

  test('a new mileage values the car again today: more kilometres, a lower estimate', async () => {
    const user = await signUp()
    const car = await addCar(user.auth, camry2018())
    const res = await inject('PATCH', `/api/garage/${car.id}/`, user.auth, { mileageKm: 110_000 })
    expect(res.statusCode).toBe(200)
    const updated = res.json() as Car
    expect(updated.mileageKm).toBe(110_000)
    expect(updated.value.history).toHaveLength(1)
    expect(updated.value.estimate?.estimateKzt).toBeLessThan(car.value.estimate?.estimateKzt ?? 0)
    const [row] = await t.db.select().from(garageValues).where(eq(garageValues.garageItemId, car.id))
    expect(row?.mileageKm).toBe(110_000)
    // The engine can be told later, and then the tax is known; an electric car has no volume.
    const engine = (
      await inject('PATCH', `/api/garage/${car.id}/`, user.auth, { engineType: 'petrol', engineVolumeCc: 2000 })
    ).json() as Car
    expect(engine.taxPerYear?.amountKzt).toBeGreaterThan(0)
    const electric = (
      await inject('PATCH', `/api/garage/${car.id}/`, user.auth, { engineType: 'electric' })
    ).json() as Car
    expect(electric).toMatchObject({ engineType: 'electric', engineVolumeCc: null })
    expect((await inject('PATCH', `/api/garage/${car.id}/`, user.auth, {})).statusCode).toBe(400)
  })

  test('marks a car sold privately and back; removes it with its value history', async () => {
    const user = await signUp()
    const car = await addCar(user.auth, camry2018())
    const sold = await inject('PATCH', `/api/garage/${car.id}/`, user.auth, { status: 'sold' })
    expect(sold.json().status).toBe('sold')
    expect((await inject('POST', `/api/garage/${car.id}/sell/`, user.auth)).statusCode).toBe(409)
    expect((await inject('PATCH', `/api/garage/${car.id}/`, user.auth, { status: 'owned' })).json().status).toBe(
      'owned',
    )
    const removed = await inject('DELETE', `/api/garage/${car.id}/`, user.auth)
    expect(removed.json()).toEqual({ message: 'deleted' })
    expect((await list(user.auth)).count).toBe(0)
    expect(await t.db.select().from(garageValues).where(eq(garageValues.garageItemId, car.id))).toEqual([])
    expect((await inject('DELETE', `/api/garage/${car.id}/`, user.auth)).statusCode).toBe(404)
  })

  test(`keeps at most ${GARAGE_LIMIT} cars, with a clear error`, async () => {
    const user = await signUp()
    await t.db
      .insert(garageItems)
      .values(Array.from({ length: GARAGE_LIMIT }, () => ({ userId: user.id, ...camry, year: 2015, mileageKm: 1 })))
    const res = await inject('POST', '/api/garage/', user.auth, camry2018())
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('garage.limit')
  })

  test(`changes are limited to ${GARAGE_WRITES.limit} an hour, with Retry-After`, async () => {
    const user = await signUp()
    for (let i = 0; i < GARAGE_WRITES.limit; i++)
      await t.limiter.hit(`garage:write:${user.id}`, GARAGE_WRITES.limit, GARAGE_WRITES.windowSeconds)
    const res = await inject('POST', '/api/garage/', user.auth, camry2018())
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    // Reading the garage is not a change.
    expect((await list(user.auth)).count).toBe(0)
  })
})

describe('cars from my listings', () => {
  test('one click adds my listing (twice is once); its status follows the listing, sold stays sold', async () => {
    const user = await signUp()
    const mine = await createListing(t.db, { ownerId: user.id, vin: 'JTNB11HK103099999', mileageKm: 97_000 })
    const candidates = await inject('GET', '/api/garage/candidates/', user.auth)
    expect(candidates.json().results).toEqual([
      { listingId: mine.id, title: 'Toyota Camry, 2018', status: 'published', year: 2018, mileageKm: 97_000 },
    ])
    const res = await inject('POST', '/api/garage/from-listing/', user.auth, { listingId: mine.id })
    expect(res.statusCode).toBe(201)
    const car = res.json() as Car
    expect(car).toMatchObject({
      status: 'for_sale',
      mileageKm: 97_000,
      vin: 'JTNB11HK103099999',
      engineType: 'petrol',
      engineVolumeCc: 2500,
      listing: { id: mine.id, status: 'published', priceKzt: 12_500_000 },
    })
    expect(car.value.estimate).not.toBeNull()
    const again = await inject('POST', '/api/garage/from-listing/', user.auth, { listingId: mine.id })
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(car.id)
    expect((await inject('GET', '/api/garage/candidates/', user.auth)).json().results).toEqual([])
    // While the listing decides the status, the owner cannot set it by hand.
    const manual = await inject('PATCH', `/api/garage/${car.id}/`, user.auth, { status: 'sold' })
    expect(manual.statusCode).toBe(409)
    expect(manual.json().code).toBe('garage.status_follows_listing')

    // Sold through the product: the garage says so, and still does once the seller deletes the listing.
    const seller = { id: user.id, role: 'user' } as Parameters<typeof t.services.selling.markSold>[0]
    await t.services.selling.markSold(seller, mine.id)
    expect((await list(user.auth)).results[0]).toMatchObject({ status: 'sold', listing: { status: 'sold' } })
    await t.services.selling.deleteListing(seller, mine.id)
    expect((await list(user.auth)).results[0]).toMatchObject({ status: 'sold', listing: null })
  })

  test("someone else's listing is not found, and a draft without year or mileage cannot be added", async () => {
    const user = await signUp()
    const theirs = await createListing(t.db, { ownerId: other.id })
    const res = await inject('POST', '/api/garage/from-listing/', user.auth, { listingId: theirs.id })
    expect(res.statusCode).toBe(404)
    const draft = await createListing(t.db, { ownerId: user.id, status: 'draft', year: null, mileageKm: null })
    const incomplete = await inject('POST', '/api/garage/from-listing/', user.auth, { listingId: draft.id })
    expect(incomplete.statusCode).toBe(409)
    expect(incomplete.json().code).toBe('garage.listing_incomplete')
    expect((await list(user.auth)).count).toBe(0)
  })
})

describe('"sell this car"', () => {
  test('starts a listing draft filled in from the car, linked to it; asked again, it opens the same one', async () => {
    const user = await signUp()
    const car = await addCar(
      user.auth,
      camry2018({ vin: 'JTNB11HK103012345', engineType: 'petrol', engineVolumeCc: 2500, isCustomsCleared: true }),
    )
    const res = await inject('POST', `/api/garage/${car.id}/sell/`, user.auth)
    expect(res.statusCode).toBe(201)
    const { listingId, created } = res.json() as { listingId: number; created: boolean }
    expect(created).toBe(true)
    const draft = (await inject('GET', `/api/listings/${listingId}/`, user.auth)).json()
    expect(draft).toMatchObject({
      status: 'draft',
      brandId: camry.brandId,
      modelId: camry.modelId,
      year: 2018,
      // The Camry of 2018 is one generation (XV70) and one body type: both chosen already.
      bodyType: 'sedan',
      mileage: 95_000,
      mileageUnit: 'km',
      vin: 'JTNB11HK103012345',
      steering: null,
      engineType: 'petrol',
      engineVolumeCc: 2500,
      isCustomsCleared: true,
    })
    expect(draft.generationId).not.toBeNull()
    // Brand, model and characteristics are complete: the form resumes at the engine.
    expect(draft.completedSteps).toEqual(expect.arrayContaining(['brand', 'model', 'characteristics', 'state']))
    expect(draft.modificationId).not.toBeNull()
    const [linked] = (await list(user.auth)).results
    expect(linked).toMatchObject({ id: car.id, status: 'owned', listing: { id: listingId, status: 'draft' } })
    const again = await inject('POST', `/api/garage/${car.id}/sell/`, user.auth)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ listingId, created: false })
    expect((await t.db.select().from(listings).where(eq(listings.ownerId, user.id))).length).toBe(1)
  })
})

describe('another user', () => {
  test('neither sees nor changes my car, nor sells it, nor adds my listing; staff have no special access', async () => {
    const car = await addCar(owner.auth, camry2018({ vin: 'JTNB11HK103055555' }))
    const mine = await createListing(t.db, { ownerId: owner.id })
    for (const intruder of [other, staff]) {
      expect((await list(intruder.auth)).results.some((c) => c.id === car.id)).toBe(false)
      expect((await inject('GET', `/api/garage/${car.id}/`, intruder.auth)).statusCode).toBe(404)
      expect((await inject('PATCH', `/api/garage/${car.id}/`, intruder.auth, { mileageKm: 1 })).statusCode).toBe(404)
      expect((await inject('PATCH', `/api/garage/${car.id}/`, intruder.auth, { status: 'sold' })).statusCode).toBe(404)
      expect((await inject('POST', `/api/garage/${car.id}/sell/`, intruder.auth)).statusCode).toBe(404)
      expect((await inject('DELETE', `/api/garage/${car.id}/`, intruder.auth)).statusCode).toBe(404)
      expect(
        (await inject('POST', '/api/garage/from-listing/', intruder.auth, { listingId: mine.id })).statusCode,
      ).toBe(404)
      const offered = (await inject('GET', '/api/garage/candidates/', intruder.auth)).json().results
      expect(offered.some((c: { listingId: number }) => c.listingId === mine.id)).toBe(false)
    }
    const res = await inject('GET', `/api/garage/${car.id}/`, owner.auth)
    expect(res.json()).toMatchObject({ mileageKm: 95_000, status: 'owned', listing: null, vin: 'JTNB11HK103055555' })
    // No draft of my car was started for them.
    expect(
      (await t.db.select().from(listings).where(eq(listings.ownerId, other.id))).some((l) => l.status === 'draft'),
    ).toBe(false)
  })
})

describe('the periodic job', () => {
  test('values the cars not valued today, skips sold ones, and does nothing more the same day', async () => {
    const user = await signUp()
    const [kept, sold] = await t.db
      .insert(garageItems)
      .values([
        { userId: user.id, ...camry, year: 2018, mileageKm: 93_000 },
        { userId: user.id, ...camry, year: 2018, mileageKm: 93_000, status: 'sold' },
      ])
      .returning({ id: garageItems.id })
    await t.services.garage.valueDueCars(1000)
    const valued = await t.db.select().from(garageValues).where(eq(garageValues.day, today()))
    expect(valued.some((v) => v.garageItemId === kept?.id && v.estimateKzt !== null)).toBe(true)
    expect(valued.some((v) => v.garageItemId === sold?.id)).toBe(false)
    expect(await t.services.garage.valueDueCars(1000)).toBe(0)
  })
})

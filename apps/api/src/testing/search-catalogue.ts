import { afterAll, beforeAll, expect } from 'vitest'
import { createListing, createUser, type ListingOverrides } from './factories.ts'
import { createTestApp } from './test-app.ts'

/*
 * Search over a small catalogue whose every car is described here in full, so each filter and sort is
 * checked against an independent computation over these descriptions, not against the SQL it tests.
 */

/**
 * Importing this module from a test file registers the catalogue's setup and teardown in that file; `ctx.t` is
 * the test app once it has started.
 */
export const ctx = {} as { t: Awaited<ReturnType<typeof createTestApp>> }

export interface Car {
  name: string
  brand: string
  model: string
  city: string
  year: number
  priceKzt: number
  mileageKm: number
  drive: 'FWD' | 'RWD' | '4WD'
  bodyType: string
  transmission: 'MT' | 'AT' | 'CVT' | 'DCT'
  engineType: string
  steering: 'left' | 'right'
  isCustomsCleared: boolean
  isNew: boolean
  isTulpar: boolean
  hasWarranty: boolean
  isCreditAvailable: boolean
  isHot: boolean
  dealRating: 'great' | 'good' | 'fair' | 'high' | null
  /** Day of November 2026 it was published. */
  day: number
  id: number
}

const base: Omit<Car, 'name' | 'id' | 'day'> = {
  brand: 'toyota',
  model: 'camry',
  city: 'almaty',
  year: 2018,
  priceKzt: 12_500_000,
  mileageKm: 90_000,
  drive: 'FWD',
  bodyType: 'sedan',
  transmission: 'AT',
  engineType: 'petrol',
  steering: 'left',
  isCustomsCleared: true,
  isNew: false,
  isTulpar: false,
  hasWarranty: false,
  isCreditAvailable: false,
  isHot: false,
  dealRating: null,
}

// Deliberate ties (same day, price, year, mileage) so that the id tie-break is visible in every sort.
const SPECS: (Partial<Car> & { name: string; day: number })[] = [
  { name: 'camry18', day: 1 },
  { name: 'camry21', day: 2, year: 2021, priceKzt: 17_900_000, mileageKm: 30_000, isHot: true, hasWarranty: true },
  { name: 'camryNew', day: 3, year: 2026, priceKzt: 21_000_000, mileageKm: 0, isNew: true, hasWarranty: true },
  {
    name: 'rav4',
    day: 3,
    model: 'rav4',
    bodyType: 'crossover',
    drive: '4WD',
    year: 2016,
    priceKzt: 11_000_000,
    mileageKm: 140_000,
    isTulpar: true,
    isCreditAvailable: true,
  },
  {
    name: 'granta',
    day: 4,
    brand: 'lada',
    model: 'granta',
    city: 'astana',
    year: 2020,
    priceKzt: 4_300_000,
    mileageKm: 45_000,
    transmission: 'MT',
    isCreditAvailable: true,
    dealRating: 'great',
  },
  {
    name: 'grantaCheap',
    day: 5,
    brand: 'lada',
    model: 'granta',
    city: 'shymkent',
    year: 2012,
    priceKzt: 2_100_000,
    mileageKm: 210_000,
    transmission: 'MT',
    dealRating: 'good',
  },
  {
    name: 'estima',
    day: 5,
    model: 'estima',
    bodyType: 'liftback',
    year: 2012,
    priceKzt: 6_000_000,
    mileageKm: 210_000,
    engineType: 'hybrid',
    steering: 'right',
    isCustomsCleared: false,
    transmission: 'CVT',
  },
  {
    name: 'land',
    day: 6,
    model: 'land-cruiser-300',
    city: 'astana',
    bodyType: 'suv',
    drive: '4WD',
    year: 2021,
    priceKzt: 45_000_000,
    mileageKm: 30_000,
    engineType: 'diesel',
  },
  {
    name: 'modelY',
    day: 7,
    brand: 'tesla',
    model: 'model-y',
    city: 'astana',
    bodyType: 'crossover',
    drive: 'RWD',
    year: 2023,
    priceKzt: 17_900_000,
    mileageKm: 12_000,
    engineType: 'electric',
    transmission: 'AT',
    hasWarranty: true,
    isCreditAvailable: true,
  },
  { name: 'camrySameDay', day: 7, year: 2019, priceKzt: 12_500_000, mileageKm: 90_000, transmission: 'DCT' },
]
export const cars: Car[] = []
export const byName = (name: string) => {
  const car = cars.find((c) => c.name === name)
  if (!car) throw new Error(`no car ${name}`)
  return car
}
export const hidden: Record<string, number> = {}

beforeAll(async () => {
  ctx.t = await createTestApp()
  const owner = await createUser(ctx.t.db)
  for (const spec of SPECS) {
    const car = { ...base, ...spec }
    const row = await createListing(ctx.t.db, {
      ownerId: owner.id,
      brand: car.brand,
      model: car.model,
      city: car.city,
      year: car.year,
      priceKzt: car.priceKzt,
      mileage: car.mileageKm,
      mileageKm: car.mileageKm,
      drive: car.drive,
      bodyType: car.bodyType,
      transmission: car.transmission,
      engineType: car.engineType,
      steering: car.steering,
      isCustomsCleared: car.isCustomsCleared,
      isNew: car.isNew,
      isTulpar: car.isTulpar,
      hasWarranty: car.hasWarranty,
      isCreditAvailable: car.isCreditAvailable,
      isHot: car.isHot,
      dealRating: car.dealRating,
      publishedAt: new Date(Date.UTC(2026, 10, car.day, 12)),
    })
    cars.push({ ...car, id: row.id })
  }
  // Listings buyers must never see, each matching the default filters (a Toyota Camry in Almaty).
  const invisible: [string, ListingOverrides][] = [
    ['draft', { status: 'draft', publishedAt: null }],
    ['moderation', { status: 'moderation', publishedAt: null }],
    ['rejected', { status: 'rejected', publishedAt: null }],
    ['sold', { status: 'sold', publishedAt: new Date(Date.UTC(2026, 10, 9)) }],
    ['archived', { status: 'archived', publishedAt: new Date(Date.UTC(2026, 10, 9)) }],
  ]
  for (const [name, o] of invisible) hidden[name] = (await createListing(ctx.t.db, { ownerId: owner.id, ...o })).id
}, 180_000)
afterAll(() => ctx.t.close())

export interface Page {
  results: { id: number }[]
  count: number
  countIsExact: boolean
  page: number
  pageSize: number
  pageCount: number
  nextCursor: string | null
}
export async function search(query: string): Promise<Page> {
  const res = await ctx.t.app.inject(`/api/cars/?${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
export const newestFirst = (a: Car, b: Car) => b.day - a.day || b.id - a.id
export const expectedIds = (keep: (c: Car) => boolean) =>
  cars
    .filter(keep)
    .sort(newestFirst)
    .map((c) => c.id)

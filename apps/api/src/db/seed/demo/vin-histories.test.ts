import { describe, expect, test } from 'vitest'
import { FAKE_REFERENCE } from './fixtures.ts'
import { generateListings } from './generate.ts'
import { generateOwners } from './owners.ts'
import { createRng } from './random.ts'
import { isValidVin } from './vin.ts'
import { DEMO_CLEAN_VIN, DEMO_ROLLED_BACK_VIN, DEMO_VIN_STORIES } from './vin-histories.ts'

const now = new Date('2026-11-20T12:00:00Z')
const owners = generateOwners(createRng(3), {
  count: 50,
  startN: 1,
  now,
  cities: FAKE_REFERENCE.cities,
  takenPhones: new Set(),
})

describe('demo VIN histories', () => {
  test('every story VIN is a valid VIN of its model year, and the stories differ', () => {
    for (const story of DEMO_VIN_STORIES) expect(isValidVin(story.vin), story.vin).toBe(true)
    expect(new Set(DEMO_VIN_STORIES.map((s) => s.vin)).size).toBe(DEMO_VIN_STORIES.length)
    expect(DEMO_ROLLED_BACK_VIN).not.toBe(DEMO_CLEAN_VIN)
  })

  test('a new market starts with the cars seen more than once; the Camry has a reading lower than an earlier one', () => {
    const batch = generateListings(FAKE_REFERENCE, { count: 200, seed: 5, now, owners, withVinStories: true })
    const camry = batch.listings
      .filter((r) => r.vin === DEMO_ROLLED_BACK_VIN)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    expect(camry.map((r) => [r.status, r.mileageKm])).toEqual([
      ['sold', 98_000],
      ['sold', 151_000],
      ['published', 112_000],
    ])
    expect(new Set(camry.map((r) => `${r.brandId}/${r.modelId}/${r.year}`)).size).toBe(1)
    expect(camry.every((r) => r.createdAt < now && r.statusChangedAt <= now && r.priceKzt !== null)).toBe(true)
    // Sold before it was offered again.
    expect((camry[0]?.statusChangedAt as Date) < (camry[1]?.createdAt as Date)).toBe(true)
    const tucson = batch.listings.filter((r) => r.vin === DEMO_CLEAN_VIN)
    expect(tucson.map((r) => r.mileageKm).sort()).toEqual([42_000, 79_000])
    // The fake reference has no Kia Rio: that story is skipped, not invented.
    expect(batch.listings.some((r) => r.vin === DEMO_VIN_STORIES[2]?.vin)).toBe(false)
    expect(batch.listings).toHaveLength(200)
  })

  test('later chunks and markets without the flag have none of them', () => {
    const batch = generateListings(FAKE_REFERENCE, { count: 200, seed: 5, now, owners })
    const vins = new Set(DEMO_VIN_STORIES.map((s) => s.vin))
    expect(batch.listings.some((r) => r.vin !== null && vins.has(r.vin))).toBe(false)
  })
})

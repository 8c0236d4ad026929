import { describe, expect, test } from 'vitest'
import { BRANDS, CITIES, COLOUR_SEEDS, OPTION_GROUP_SEEDS } from '../reference/index.ts'
import { modelColumns, modificationColumns } from '../seed-reference.ts'
import { generateListings } from './generate.ts'
import { generateOwners } from './owners.ts'
import { createRng } from './random.ts'
import type { DemoReference, ListingRow } from './types.ts'
import { BODY_NUMBER_PATTERN, isValidVin } from './vin.ts'

/** The generator on the real Kazakhstan reference data (ids assigned in order, as the reference seed does). */
function referenceFromSeeds(): DemoReference {
  let modelId = 0
  let generationId = 0
  return {
    cities: CITIES.map((c, i) => ({ id: i + 1, slug: c.slug, nameRu: c.name.ru, populationK: c.populationK })),
    brands: BRANDS.map((b, i) => ({
      id: i + 1,
      slug: b.slug,
      name: b.name,
      country: b.country,
      popularity: b.popularity,
      models: b.models.map((m) => ({
        id: ++modelId,
        ...modelColumns(m),
        generations: (m.generations ?? []).map((g) => ({ id: ++generationId, ...g })),
        modifications: m.engines.map(modificationColumns),
      })),
    })),
    colours: COLOUR_SEEDS.map((c) => ({ code: c.code, hex: c.hex, popularity: c.popularity })),
    options: OPTION_GROUP_SEEDS.flatMap((g) => g.options.map((o) => ({ code: o.code, groupCode: g.code }))),
  }
}

describe('generateListings on the real reference data', () => {
  const ref = referenceFromSeeds()
  const now = new Date('2026-06-15T12:00:00Z')
  const owners = generateOwners(createRng(1), {
    count: 2000,
    startN: 1,
    now,
    cities: ref.cities,
    takenPhones: new Set(),
  })
  const { listings } = generateListings(ref, { count: 20_000, seed: 3, now, owners })
  const share = (pred: (r: ListingRow) => boolean) => listings.filter(pred).length / listings.length

  test('cars match their model: years, body types, modifications and generations', () => {
    const models = new Map(ref.brands.flatMap((b) => b.models.map((m) => [m.id, { brand: b, model: m }] as const)))
    for (const row of listings) {
      const entry = models.get(row.modelId as number)
      expect(entry?.brand.id).toBe(row.brandId)
      const model = entry?.model
      if (!model) continue
      expect(row.year).toBeGreaterThanOrEqual(model.yearFrom)
      expect(row.year).toBeLessThanOrEqual(Math.min(model.yearTo ?? 2026, 2026))
      if (row.bodyType) expect(model.bodyTypes).toContain(row.bodyType)
      const mods = model.modifications.filter((m) => m.engineType === row.engineType && m.powerHp === row.powerHp)
      expect(mods.length).toBeGreaterThan(0)
      expect(mods.some((m) => m.transmissions.includes(row.transmission as string))).toBe(true)
      expect(mods.some((m) => m.drives.includes(row.drive as string))).toBe(true)
      if (row.generationId !== null) {
        const generation = model.generations.find((g) => g.id === row.generationId)
        expect(generation?.yearFrom).toBeLessThanOrEqual(row.year as number)
        expect(generation?.yearTo ?? 2026).toBeGreaterThanOrEqual(row.year as number)
      }
    }
  })

  test('identifiers and flags have plausible shares', () => {
    for (const row of listings) {
      if (row.vin === null) continue
      if (row.steering === 'right') expect(row.vin).toMatch(BODY_NUMBER_PATTERN)
      else expect(isValidVin(row.vin)).toBe(true)
    }
    expect(share((r) => r.steering === 'right')).toBeGreaterThan(0.015)
    expect(share((r) => r.steering === 'right')).toBeLessThan(0.045)
    expect(share((r) => r.isTulpar)).toBeGreaterThan(0.03)
    expect(share((r) => r.isTulpar)).toBeLessThan(0.055)
    expect(share((r) => r.isCreditAvailable)).toBeGreaterThan(0.24)
    expect(share((r) => r.isCreditAvailable)).toBeLessThan(0.36)
    expect(share((r) => (r.year as number) >= 2014)).toBeGreaterThan(0.6)
    expect(share((r) => (r.year as number) < 2005)).toBeGreaterThan(0.03)
  })

  test('prices are plausible for Kazakhstan', () => {
    const published = listings.filter((r) => r.priceKzt !== null)
    const prices = published.map((r) => r.priceKzt as number).sort((a, b) => a - b)
    const median = prices[Math.floor(prices.length / 2)] as number
    expect(median).toBeGreaterThan(3_000_000)
    expect(median).toBeLessThan(15_000_000)
    expect(prices[0]).toBeGreaterThanOrEqual(400_000)
  })
})

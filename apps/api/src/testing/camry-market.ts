import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { listings } from '../db/schema.ts'
import { createUser, type ListingOverrides, namedListings } from './factories.ts'

/* The valuation tests' market: enough Camrys for the model's own price slopes, and the cars each test looks at. */

/** Deterministic noise so a failure reproduces. */
function rng(seed: number) {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return s / 2_147_483_648
  }
}

/** A Camry market around 12.5 M ₸ for a 2018 car with 90,000 km: about 9% a year, 2% per 10,000 km, ±5% noise. */
function camryPrice(year: number, km: number, noise: number) {
  return (
    Math.round((12_500_000 * Math.exp(0.09 * (year - 2018) - 0.000_002 * (km - 90_000)) * (1 + noise)) / 10_000) *
    10_000
  )
}

/**
 * The market on the file's database, made by `build` (in the file's beforeAll), all of one owner: 40 ordinary
 * Camrys (`camry0`..`camry39`), a `cheap`, a `dear` and an `ordinary` 2018 one, five right-hand-drive ones
 * (`rhd0`..`rhd4`), a `lone` Land Cruiser 300, a sold `soldCheap` and a `draft`. `ids` holds each listing's id by
 * name, `make` adds one more, `row` reads one as stored.
 */
export function camryMarket(db: () => Db) {
  const ids: Record<string, number> = {}
  let ownerId = ''
  const make = (name: string, overrides: ListingOverrides) => namedListings(db(), ownerId, ids)(name, overrides)
  const row = async (name: string) => {
    const [r] = await db()
      .select()
      .from(listings)
      .where(eq(listings.id, ids[name] as number))
    if (!r) throw new Error(`no listing ${name}`)
    return r
  }
  async function build() {
    ownerId = (await createUser(db())).id
    const random = rng(2026)
    // 40 ordinary left-hand-drive, cleared Camrys from 2015 to 2021: enough for the model's own price slopes.
    for (let i = 0; i < 40; i++) {
      const year = 2015 + (i % 7)
      const km = Math.round((2026 - year) * 11_000 + random() * 40_000)
      await make(`camry${i}`, {
        year,
        mileage: km,
        mileageKm: km,
        priceKzt: camryPrice(year, km, (random() - 0.5) * 0.1),
      })
    }
    await make('cheap', { year: 2018, mileage: 91_000, mileageKm: 91_000, priceKzt: 9_400_000 })
    await make('dear', { year: 2018, mileage: 89_000, mileageKm: 89_000, priceKzt: 16_500_000 })
    await make('ordinary', { year: 2018, mileage: 90_000, mileageKm: 90_000, priceKzt: 12_500_000 })
    // Five right-hand-drive Camrys: each has only four comparables (left-hand-drive cars do not count).
    for (let i = 0; i < 5; i++) {
      await make(`rhd${i}`, {
        year: 2017 + (i % 2),
        steering: 'right',
        mileage: 100_000 + i * 3_000,
        mileageKm: 100_000 + i * 3_000,
        priceKzt: 9_000_000 + i * 100_000,
      })
    }
    await make('lone', {
      model: 'land-cruiser-300',
      year: 2023,
      mileage: 20_000,
      mileageKm: 20_000,
      priceKzt: 60_000_000,
    })
    // Not published: never a comparable, never valued.
    await make('soldCheap', { status: 'sold', year: 2018, mileage: 90_000, mileageKm: 90_000, priceKzt: 1_000_000 })
    await make('draft', { status: 'draft', publishedAt: null, year: 2018, priceKzt: 12_000_000 })
  }
  return { ids, make, row, build, ownerId: () => ownerId }
}

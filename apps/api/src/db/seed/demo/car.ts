import { type Rng, type WeightedSampler, weightedSampler } from './random.ts'
import type { DemoReference, RefBrand, RefCity, RefColour, RefGeneration, RefModel, RefModification } from './types.ts'

/**
 * Picks the car of a demo listing from the reference catalogue: brand by popularity, model by popularity
 * within the brand, a year the model was sold (skewed to the last 12 years, with a longer tail for old
 * Ladas and Japanese cars), the generation of that year, a modification and what follows from it.
 */

export interface PreparedReference {
  ref: DemoReference
  brands: WeightedSampler<RefBrand>
  modelsByBrand: Map<number, WeightedSampler<RefModel>>
  cities: WeightedSampler<RefCity>
  cityById: Map<number, RefCity>
  colours: WeightedSampler<RefColour>
  /** Chance of right-hand drive for a Japanese brand, tuned so about 3% of all listings are RHD. */
  rhdChanceJapanese: number
  currentYear: number
  yearSamplers: Map<number, WeightedSampler<number>>
}

const RHD_TARGET_SHARE = 0.03
export const RHD_CHANCE_OTHER = 0.002
/** Right-hand-drive cars on the market are used Japanese imports, not recent cars. */
export const RHD_MIN_AGE = 5
/** Brands that keep old cars on the road long after the average (Soviet-era Ladas, 90s Japanese imports). */
const LONG_TAIL_SLUGS = new Set(['lada', 'vaz', 'gaz', 'uaz', 'moskvich'])

const byPopularity = (item: { popularity: number }) => item.popularity
const byPopulation = (city: RefCity) => city.populationK

function usableModel(model: RefModel): boolean {
  return model.modifications.length > 0 && model.bodyTypes.length > 0 && model.newPriceKzt > 0
}

const preparedCache = new WeakMap<DemoReference, Map<number, PreparedReference>>()

export function prepareReference(ref: DemoReference, currentYear: number): PreparedReference {
  let byYear = preparedCache.get(ref)
  if (!byYear) {
    byYear = new Map()
    preparedCache.set(ref, byYear)
  }
  const cached = byYear.get(currentYear)
  if (cached) return cached

  const brands = ref.brands
    .map((brand) => ({ ...brand, models: brand.models.filter(usableModel) }))
    .filter((brand) => brand.models.length > 0 && brand.popularity > 0)
  if (brands.length === 0) throw new Error('The reference data has no brand with a usable model')
  if (ref.cities.length === 0) throw new Error('The reference data has no city')
  if (ref.colours.length === 0) throw new Error('The reference data has no colour')

  const modelsByBrand = new Map<number, WeightedSampler<RefModel>>()
  for (const brand of brands) modelsByBrand.set(brand.id, weightedSampler(brand.models, byPopularity))

  const totalPopularity = brands.reduce((sum, b) => sum + b.popularity, 0)
  const japaneseShare =
    brands.filter((b) => b.country === 'JP').reduce((sum, b) => sum + b.popularity, 0) / totalPopularity
  // Only cars of RHD_MIN_AGE years and more (roughly 70% of listings) can be RHD: compensate for that.
  const eligible = 0.7
  const rhdChanceJapanese =
    japaneseShare > 0
      ? Math.min(0.5, (RHD_TARGET_SHARE / eligible - RHD_CHANCE_OTHER * (1 - japaneseShare)) / japaneseShare)
      : 0

  const prepared: PreparedReference = {
    ref,
    brands: weightedSampler(brands, byPopularity),
    modelsByBrand,
    cities: weightedSampler(ref.cities, byPopulation),
    cityById: new Map(ref.cities.map((c) => [c.id, c])),
    colours: weightedSampler(ref.colours, (c: RefColour) => Math.max(1, c.popularity)),
    rhdChanceJapanese,
    currentYear,
    yearSamplers: new Map(),
  }
  byYear.set(currentYear, prepared)
  return prepared
}

/** Relative weight of a model year: flat-ish over the last 12 years, decaying before. */
function yearWeight(age: number, longTail: boolean): number {
  if (age < 0) return 0
  if (age <= 1) return 1.15
  if (age <= 12) return 1 - (age - 1) * 0.025
  return 0.7 * Math.exp(-(age - 12) / (longTail ? 9 : 5))
}

function yearSampler(prepared: PreparedReference, brand: RefBrand, model: RefModel): WeightedSampler<number> {
  const cached = prepared.yearSamplers.get(model.id)
  if (cached) return cached
  const { currentYear } = prepared
  const longTail = LONG_TAIL_SLUGS.has(brand.slug) || brand.country === 'JP'
  const last = Math.min(model.yearTo ?? currentYear, currentYear)
  const first = Math.min(model.yearFrom, last)
  const years: number[] = []
  for (let y = first; y <= last; y++) years.push(y)
  const sampler = weightedSampler(years, (y: number) => Math.max(1e-6, yearWeight(currentYear - y, longTail)))
  prepared.yearSamplers.set(model.id, sampler)
  return sampler
}

export function generationFor(model: RefModel, year: number, rng: Rng): RefGeneration | null {
  const matching = model.generations.filter((g) => g.yearFrom <= year && (g.yearTo === null || g.yearTo >= year))
  if (matching.length === 0) return null
  return matching.length === 1 ? (matching[0] as RefGeneration) : rng.pick(matching)
}

export interface CarSpec {
  brand: RefBrand
  model: RefModel
  year: number
  age: number
  generation: RefGeneration | null
  modification: RefModification
  transmission: string
  drive: string
  bodyType: string
  colour: RefColour
}

export function pickCar(rng: Rng, prepared: PreparedReference): CarSpec {
  const brand = prepared.brands.draw(rng)
  const model = (prepared.modelsByBrand.get(brand.id) as WeightedSampler<RefModel>).draw(rng)
  const year = yearSampler(prepared, brand, model).draw(rng)
  const age = prepared.currentYear - year
  const modification = rng.pick(model.modifications)
  const transmissions = modification.transmissions.length > 0 ? modification.transmissions : ['MT']
  // Older cars on the market are more often manuals.
  const transmission = age > 15 && transmissions.includes('MT') && rng.chance(0.6) ? 'MT' : rng.pick(transmissions)
  const drives = modification.drives.length > 0 ? modification.drives : ['FWD']
  return {
    brand,
    model,
    year,
    age,
    generation: generationFor(model, year, rng),
    modification,
    transmission,
    drive: rng.pick(drives),
    bodyType:
      model.bodyTypes.length === 1 || rng.chance(0.75) ? (model.bodyTypes[0] as string) : rng.pick(model.bodyTypes),
    colour: prepared.colours.draw(rng),
  }
}

export type Condition = 'excellent' | 'good' | 'fair' | 'needs_repair'

export function pickCondition(rng: Rng, age: number, isNew: boolean, isDamaged: boolean): Condition {
  if (isNew) return 'excellent'
  if (isDamaged) return rng.chance(0.6) ? 'needs_repair' : 'fair'
  const r = rng.next()
  if (age <= 3) return r < 0.6 ? 'excellent' : r < 0.96 ? 'good' : 'fair'
  if (age <= 10) return r < 0.28 ? 'excellent' : r < 0.82 ? 'good' : r < 0.98 ? 'fair' : 'needs_repair'
  return r < 0.1 ? 'excellent' : r < 0.55 ? 'good' : r < 0.9 ? 'fair' : 'needs_repair'
}

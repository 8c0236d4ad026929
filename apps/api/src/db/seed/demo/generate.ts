import { type CarSpec, pickCar, pickCondition, prepareReference, RHD_CHANCE_OTHER, RHD_MIN_AGE } from './car.ts'
import { describeListing } from './describe.ts'
import {
  pickDates,
  pickInspection,
  pickPhotos,
  pickPriceHistory,
  pickStatus,
  pickViews,
  wasPublished,
} from './lifecycle.ts'
import { pickOptions } from './options.ts'
import { estimatePrice, kmToMiles, mileageFor, milesToKm } from './pricing.ts'
import { createRng, mixSeed, type Rng, weightedSampler } from './random.ts'
import type { DemoOwner, DemoReference, GeneratedBatch, ListingRow, RefOption } from './types.ts'
import { generateBodyNumber, generateVin, wmiForBrand } from './vin.ts'
import { applySighting, carForStory, type StorySlot, storySlots } from './vin-histories.ts'

/**
 * Pure generation of demo listings (no I/O): the same reference, options and seed always give the same rows.
 * Large runs call this once per chunk with consecutive `firstId`s; the seed is mixed with `firstId`, so chunks
 * are independent and the whole run stays deterministic.
 */

export interface GenerateOptions {
  count: number
  seed: number
  now: Date
  owners: readonly DemoOwner[]
  /** Id of the first listing; ids are consecutive. */
  firstId?: number
  /**
   * Start with the cars seen more than once (vin-histories.ts): set for the first chunk of a new market, so a
   * fresh demo has VIN histories for the vehicle check to find.
   */
  withVinStories?: boolean
}

const SHARES = {
  customsCleared: 0.95,
  damaged: 0.03,
  /** Of eligible cars (<= 12 years, undamaged, LHD, cleared, published at some point): ~4% of all. */
  tulpar: 0.07,
  hot: 0.05,
  /** Of cars up to 10 years old: ~30% of all. */
  credit: 0.48,
  bargain: 0.6,
  exchange: 0.25,
  milesAmongImported: 0.05,
  noVin: 0.08,
  /** Of drafts: left incomplete (no price, description or photos yet). */
  incompleteDraft: 0.5,
} as const

/** Brands made in the region; every other brand's used cars count as imported (miles are possible). */
const DOMESTIC_COUNTRIES = new Set(['RU', 'KZ', 'UZ', 'BY'])

/** A few sellers are small dealers with many listings. */
const ownerWeight = (owner: DemoOwner) => (owner.n % 23 === 0 ? 12 : 1)

export function generateListings(ref: DemoReference, options: GenerateOptions): GeneratedBatch {
  const { count, now, owners } = options
  const firstId = options.firstId ?? 1
  if (owners.length === 0) throw new Error('generateListings needs at least one owner')
  const currentYear = now.getUTCFullYear()
  const prepared = prepareReference(ref, currentYear)
  const ownerSampler = weightedSampler(owners, ownerWeight)
  const rng = createRng(mixSeed(options.seed, firstId))
  const batch: GeneratedBatch = { listings: [], photos: [], priceHistory: [], inspections: [] }

  const stories: StorySlot[] = options.withVinStories && count >= storySlots().length ? storySlots() : []

  for (let i = 0; i < count; i++) {
    const id = firstId + i
    const owner = ownerSampler.draw(rng)
    const slot = stories[i]
    const storyCar = slot ? carForStory(prepared, slot.story, rng) : null
    const status = slot && storyCar ? slot.sighting.status : pickStatus(rng)
    const car = storyCar ?? pickCar(rng, prepared)
    const city = rng.chance(0.85)
      ? (prepared.cityById.get(owner.cityId) ?? prepared.cities.draw(rng))
      : prepared.cities.draw(rng)
    const row = buildListing(rng, {
      id,
      owner,
      status,
      car,
      cityId: city.id,
      now,
      rhdChanceJapanese: prepared.rhdChanceJapanese,
      allOptions: ref.options,
    })
    if (slot && storyCar) applySighting(rng, row, slot, storyCar, prepared, now)
    const published = wasPublished(row.status)
    const endAt = row.status === 'published' ? now : row.statusChangedAt

    const incompleteDraft = row.status === 'draft' && rng.chance(SHARES.incompleteDraft)
    if (!incompleteDraft) {
      const photos = pickPhotos(rng, id, car.bodyType, car.colour.hex, row.createdAt)
      batch.photos.push(...photos)
      row.photoCount = photos.length
    }
    row.description = describeListing(rng, {
      brandName: car.brand.name,
      modelName: car.model.name,
      year: car.year,
      age: car.age,
      mileage: row.mileage as number,
      mileageUnit: row.mileageUnit,
      condition: row.condition ?? 'good',
      isNew: row.isNew,
      isDamaged: row.isDamaged,
      steering: row.steering ?? 'left',
      isCustomsCleared: row.isCustomsCleared,
      hasWarranty: row.hasWarranty,
      transmission: car.transmission,
      drive: car.drive,
      engineType: car.modification.engineType,
      hasGasEquipment: row.hasGasEquipment,
      options: row.options,
      isBargainAllowed: row.isBargainAllowed,
      isExchangeAccepted: row.isExchangeAccepted,
      isCreditAvailable: row.isCreditAvailable,
      isTulpar: row.isTulpar,
      cityName: city.nameRu,
      rangeKm: row.rangeKm,
    })
    if (incompleteDraft) makeIncomplete(rng, row)

    const { views, reveals } = pickViews(rng, row.publishedAt, endAt, row.isHot || row.isTulpar)
    row.viewsCount = views
    row.phoneRevealsCount = reveals
    if (published && row.publishedAt && row.priceKzt !== null) {
      const history = pickPriceHistory(rng, id, row.priceKzt, row.publishedAt, endAt)
      batch.priceHistory.push(...history)
      const lastChange = (history.at(-1) as { changedAt: Date }).changedAt
      if (lastChange > row.updatedAt) row.updatedAt = lastChange
    }
    if (row.isTulpar && row.vin)
      batch.inspections.push(pickInspection(rng, id, row.vin, row.publishedAt, row.createdAt))
    batch.listings.push(row)
  }
  return batch
}

interface BuildInput {
  id: number
  owner: DemoOwner
  status: ListingRow['status']
  car: CarSpec
  cityId: number
  now: Date
  rhdChanceJapanese: number
  allOptions: readonly RefOption[]
}

function buildListing(rng: Rng, input: BuildInput): ListingRow {
  const { car, now, status } = input
  const { brand, model, modification: mod, age } = car
  const currentYear = now.getUTCFullYear()
  const electric = mod.engineType === 'electric'

  const brandNew = age <= 1 && rng.chance(0.35)
  const steering: 'left' | 'right' =
    !brandNew && age >= RHD_MIN_AGE && rng.chance(brand.country === 'JP' ? input.rhdChanceJapanese : RHD_CHANCE_OTHER)
      ? 'right'
      : 'left'
  const isCustomsCleared = brandNew || rng.chance(SHARES.customsCleared)
  const isDamaged = !brandNew && rng.chance(SHARES.damaged)
  const mileageKmRaw = mileageFor(age, rng, brandNew)
  const imported = !DOMESTIC_COUNTRIES.has(brand.country) && !brandNew && steering === 'left'
  const inMiles = imported && rng.chance(SHARES.milesAmongImported)
  const mileage = inMiles ? kmToMiles(mileageKmRaw) : mileageKmRaw
  const mileageKm = inMiles ? milesToKm(mileage) : mileageKmRaw
  const isNew = car.year >= currentYear - 1 && mileageKm < 100
  const hasWarranty = isNew || (age <= 3 && !isDamaged && steering === 'left' && isCustomsCleared && rng.chance(0.8))
  const condition = pickCondition(rng, age, isNew, isDamaged)
  const hasGasEquipment = mod.engineType === 'petrol' && age > 8 && rng.chance(0.07)

  const price = estimatePrice({
    newPriceKzt: model.newPriceKzt,
    year: car.year,
    mileageKm,
    isDamaged,
    steering,
    isCustomsCleared,
    currentYear,
    rng,
  })
  const vin =
    steering === 'right'
      ? generateBodyNumber(rng, brand.slug)
      : rng.chance(SHARES.noVin)
        ? null
        : generateVin(rng, wmiForBrand(rng, brand.slug), car.year)

  const dates = pickDates(rng, status, now)
  const everPublished = wasPublished(status)
  const isTulpar =
    everPublished &&
    age <= 12 &&
    !isDamaged &&
    steering === 'left' &&
    isCustomsCleared &&
    vin !== null &&
    rng.chance(SHARES.tulpar)
  const isCreditAvailable =
    isTulpar || (age <= 10 && steering === 'left' && isCustomsCleared && rng.chance(SHARES.credit))

  return {
    id: input.id,
    ownerId: input.owner.id,
    status,
    brandId: brand.id,
    modelId: model.id,
    generationId: car.generation?.id ?? null,
    year: car.year,
    bodyType: car.bodyType,
    steering,
    engineType: mod.engineType,
    hasGasEquipment,
    transmission: car.transmission,
    drive: car.drive,
    engineVolumeCc: electric || mod.engineVolumeCc <= 0 ? null : mod.engineVolumeCc,
    powerHp: mod.powerHp,
    colour: car.colour.code,
    options: pickOptions(rng, input.allOptions, {
      newPriceKzt: model.newPriceKzt,
      year: car.year,
      bodyType: car.bodyType,
      engineType: mod.engineType,
    }),
    mileage,
    mileageUnit: inMiles ? 'mi' : 'km',
    mileageKm,
    isNew,
    isCustomsCleared,
    isDamaged,
    hasWarranty,
    condition,
    rangeKm: electric ? model.rangeKm : null,
    priceKzt: price,
    vin,
    description: null,
    contactPhone: input.owner.phone,
    isBargainAllowed: rng.chance(SHARES.bargain),
    isExchangeAccepted: rng.chance(SHARES.exchange),
    cityId: input.cityId,
    isTulpar,
    isInspected: isTulpar,
    isHot: everPublished && rng.chance(SHARES.hot),
    isCreditAvailable,
    viewsCount: 0,
    phoneRevealsCount: 0,
    coverPhotoKey: null,
    photoCount: 0,
    rejectionReason: null,
    createdAt: dates.createdAt,
    updatedAt: dates.statusChangedAt,
    publishedAt: dates.publishedAt,
    statusChangedAt: dates.statusChangedAt,
  }
}

/** A draft saved half-way: the car is chosen, the price, description and some details are not yet. */
function makeIncomplete(rng: Rng, row: ListingRow): void {
  row.priceKzt = null
  row.description = null
  row.photoCount = 0
  if (rng.chance(0.5)) {
    row.colour = null
    row.mileage = null
    row.mileageKm = null
    row.vin = null
  }
  if (rng.chance(0.3)) {
    row.cityId = null
    row.condition = null
  }
}

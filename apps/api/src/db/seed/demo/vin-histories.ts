import { type CarSpec, generationFor, type PreparedReference } from './car.ts'
import { estimatePrice } from './pricing.ts'
import type { Rng } from './random.ts'
import type { ListingRow, ListingStatusValue } from './types.ts'
import { modelYearCode, vinCheckDigit } from './vin.ts'

/*
 * Cars the demo market has seen more than once: sold in one city, offered again a year or two later in
 * another, as real used cars are. The vehicle check report and the car page's "VIN seen before" line read
 * these from the listings, so a fresh start shows real histories: one Camry whose odometer went back by
 * 39,000 km between two sales (the rollback the report must flag), one clean Tucson, one Rio whose reading went
 * back a little, and one Granta with three ordinary sales.
 */

interface VinSighting {
  /** When the listing was created, in months before the seed's `now`. */
  monthsAgo: number
  km: number
  status: Extract<ListingStatusValue, 'published' | 'sold' | 'archived'>
  city: string
}

export interface VinStory {
  vin: string
  brand: string
  model: string
  year: number
  sightings: readonly VinSighting[]
}

/** A VIN with its model-year code and check digit filled in (positions 10 and 9). */
function storyVin(wmi: string, vds: string, year: number, plantAndSerial: string): string {
  const draft = `${wmi}${vds}0${modelYearCode(year)}${plantAndSerial}`
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`
}

export const DEMO_VIN_STORIES: readonly VinStory[] = [
  {
    vin: storyVin('XW7', 'BF4FK', 2016, 'S104417'),
    brand: 'toyota',
    model: 'camry',
    year: 2016,
    sightings: [
      { monthsAgo: 40, km: 98_000, status: 'sold', city: 'almaty' },
      { monthsAgo: 22, km: 151_000, status: 'sold', city: 'astana' },
      { monthsAgo: 1, km: 112_000, status: 'published', city: 'shymkent' },
    ],
  },
  {
    vin: storyVin('KMH', 'J3816', 2019, 'U903152'),
    brand: 'hyundai',
    model: 'tucson',
    year: 2019,
    sightings: [
      { monthsAgo: 30, km: 42_000, status: 'sold', city: 'almaty' },
      { monthsAgo: 2, km: 79_000, status: 'published', city: 'almaty' },
    ],
  },
  {
    vin: storyVin('XWE', 'FC413', 2015, 'Y024880'),
    brand: 'kia',
    model: 'rio',
    year: 2015,
    sightings: [
      { monthsAgo: 26, km: 171_000, status: 'sold', city: 'karaganda' },
      { monthsAgo: 3, km: 164_000, status: 'published', city: 'astana' },
    ],
  },
  {
    vin: storyVin('XTA', '21901', 2018, 'Y538016'),
    brand: 'lada',
    model: 'granta',
    year: 2018,
    sightings: [
      { monthsAgo: 52, km: 31_000, status: 'sold', city: 'kostanay' },
      { monthsAgo: 29, km: 74_000, status: 'archived', city: 'kostanay' },
      { monthsAgo: 6, km: 118_000, status: 'published', city: 'pavlodar' },
    ],
  },
]

/** The Camry: its odometer read 151,000 km at a sale and 112,000 km when offered again. */
export const DEMO_ROLLED_BACK_VIN = (DEMO_VIN_STORIES[0] as VinStory).vin
/** The Tucson: two sales, the readings rising as they should. */
export const DEMO_CLEAN_VIN = (DEMO_VIN_STORIES[1] as VinStory).vin

export interface StorySlot {
  story: VinStory
  sighting: VinSighting
}

/** The listings the stories need, oldest sighting first within each story. */
export function storySlots(stories: readonly VinStory[] = DEMO_VIN_STORIES): StorySlot[] {
  return stories.flatMap((story) => story.sightings.map((sighting) => ({ story, sighting })))
}

/** The story's car from the reference, or null when this reference lacks the brand, model or a modification. */
export function carForStory(prepared: PreparedReference, story: VinStory, rng: Rng): CarSpec | null {
  const brand = prepared.ref.brands.find((b) => b.slug === story.brand)
  const model = brand?.models.find((m) => m.slug === story.model)
  if (!brand || !model || model.modifications.length === 0 || model.bodyTypes.length === 0) return null
  const modification = model.modifications[0] as (typeof model.modifications)[number]
  const colour = prepared.ref.colours[0]
  if (!colour) return null
  return {
    brand,
    model,
    year: story.year,
    age: prepared.currentYear - story.year,
    generation: generationFor(model, story.year, rng),
    modification,
    transmission: modification.transmissions[0] ?? 'AT',
    drive: modification.drives[0] ?? 'FWD',
    bodyType: model.bodyTypes[0] as string,
    colour,
  }
}

const DAY_MS = 86_400_000

/**
 * Turns a generated listing of the story's car into the sighting: its VIN, reading (in km), city, dates and a
 * price for the car's age at the time. Sold and archived listings were on sale for five weeks.
 */
export function applySighting(
  rng: Rng,
  row: ListingRow,
  slot: StorySlot,
  car: CarSpec,
  prepared: PreparedReference,
  now: Date,
): void {
  const { story, sighting } = slot
  const createdAt = new Date(now.getTime() - sighting.monthsAgo * 30 * DAY_MS)
  const publishedAt = new Date(createdAt.getTime() + 6 * 3_600_000)
  const statusChangedAt = sighting.status === 'published' ? publishedAt : new Date(publishedAt.getTime() + 35 * DAY_MS)
  const city = prepared.ref.cities.find((c) => c.slug === sighting.city)
  Object.assign(row, {
    status: sighting.status,
    vin: story.vin,
    steering: 'left',
    isCustomsCleared: true,
    isDamaged: false,
    isNew: false,
    hasWarranty: false,
    isTulpar: false,
    isInspected: false,
    isHot: false,
    mileage: sighting.km,
    mileageUnit: 'km',
    mileageKm: sighting.km,
    cityId: city?.id ?? row.cityId,
    priceKzt: estimatePrice({
      newPriceKzt: car.model.newPriceKzt,
      year: story.year,
      mileageKm: sighting.km,
      isDamaged: false,
      steering: 'left',
      isCustomsCleared: true,
      currentYear: createdAt.getUTCFullYear(),
      rng,
    }),
    createdAt,
    publishedAt,
    statusChangedAt,
    updatedAt: statusChangedAt,
  } satisfies Partial<ListingRow>)
}

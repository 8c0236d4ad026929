import { clamp, type Rng } from './random.ts'

/**
 * Demo prices and mileages. Prices follow the model's new price, the car's age and mileage, with the
 * discounts the Kazakhstan market applies to damaged, right-hand-drive (cannot be registered since 2007,
 * KZ-FACTS) and customs-uncleared cars.
 */

/** Average yearly mileage the market considers normal. */
const NORMAL_KM_PER_YEAR = 17_000
export const MIN_PRICE_KZT = 400_000
/** A car never falls below this share of the model's new price (before the discounts). */
const PRICE_FLOOR_SHARE = 0.12
const ROUND_TO = 10_000

/** Yearly depreciation rate for the n-th year of a car's life (1-based): steep first, flatter later. */
function depreciationRate(yearOfLife: number): number {
  if (yearOfLife <= 3) return 0.14
  if (yearOfLife <= 6) return 0.11
  if (yearOfLife <= 10) return 0.08
  if (yearOfLife <= 15) return 0.06
  return 0.04
}

/** Share of the new price a car of `age` full years keeps (mileage and condition aside). */
export function retainedShare(age: number): number {
  let share = 1
  const whole = Math.floor(Math.max(0, age))
  for (let year = 1; year <= whole; year++) share *= 1 - depreciationRate(year)
  return Math.max(PRICE_FLOOR_SHARE, share)
}

/** 1 at the norm for the age; up to +6% for low mileage, down to -30% for very high mileage. */
export function mileageFactor(age: number, mileageKm: number): number {
  const norm = Math.max(0.5, drivenYears(age)) * NORMAL_KM_PER_YEAR
  const excess = (mileageKm - norm) / norm
  return clamp(1 - 0.18 * excess, 0.7, 1.06)
}

export interface PriceInput {
  newPriceKzt: number
  year: number
  mileageKm: number
  isDamaged: boolean
  steering: 'left' | 'right'
  isCustomsCleared: boolean
  currentYear: number
  rng: Rng
}

export function estimatePrice(input: PriceInput): number {
  const { rng } = input
  const age = Math.max(0, input.currentYear - input.year)
  let price = input.newPriceKzt * retainedShare(age) * mileageFactor(age, input.mileageKm)
  if (input.isDamaged) price *= 1 - rng.float(0.25, 0.4)
  if (input.steering === 'right') price *= 1 - rng.float(0.15, 0.25)
  if (!input.isCustomsCleared) price *= 1 - rng.float(0.2, 0.3)
  price *= 1 + rng.float(-0.08, 0.08)
  return roundPrice(price)
}

/** Rounded to 10 000 ₸, never below the minimum. */
export function roundPrice(price: number): number {
  return Math.max(MIN_PRICE_KZT, Math.round(price / ROUND_TO) * ROUND_TO)
}

/** Years of driving a car of `age` has had: cars older than 15 years are driven about half as much. */
export function drivenYears(age: number): number {
  return age <= 15 ? age : 15 + (age - 15) * 0.5
}

/**
 * A mileage in km that fits the age: about 12 000-25 000 km a year (old cars less), with noise; a new car
 * has 0-50 km. Sellers often round to the thousand.
 */
export function mileageFor(age: number, rng: Rng, isNew = false): number {
  if (isNew) return rng.int(0, 50)
  const years = Math.max(0.3, drivenYears(age) + rng.float(0, 0.8))
  const mean = age > 12 ? 15_000 : 17_500
  const perYear = clamp(rng.normal(mean, 3_800), 8_000, 35_000)
  const km = perYear * years
  if (rng.chance(0.45)) return Math.max(1000, Math.round(km / 1000) * 1000)
  return Math.max(100, Math.round(km / 10) * 10)
}

const KM_PER_MILE = 1.609344

export function milesToKm(miles: number): number {
  return Math.round(miles * KM_PER_MILE)
}

export function kmToMiles(km: number): number {
  return Math.round(km / KM_PER_MILE)
}

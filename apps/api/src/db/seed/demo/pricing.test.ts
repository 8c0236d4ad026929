import { describe, expect, test } from 'vitest'
import {
  drivenYears,
  estimatePrice,
  kmToMiles,
  MIN_PRICE_KZT,
  mileageFactor,
  mileageFor,
  milesToKm,
  type PriceInput,
  retainedShare,
} from './pricing.ts'
import { createRng } from './random.ts'

const base: Omit<PriceInput, 'rng'> = {
  newPriceKzt: 15_000_000,
  year: 2020,
  mileageKm: 100_000,
  isDamaged: false,
  steering: 'left',
  isCustomsCleared: true,
  currentYear: 2026,
}

function average(input: Partial<PriceInput>, n = 400, seed = 1): number {
  const rng = createRng(seed)
  let sum = 0
  for (let i = 0; i < n; i++) sum += estimatePrice({ ...base, ...input, rng })
  return sum / n
}

describe('estimatePrice', () => {
  test('older cars are cheaper on average', () => {
    const prices = [2025, 2022, 2018, 2012, 2005].map((year) => average({ year, mileageKm: (2026 - year) * 17_000 }))
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeLessThan(prices[i - 1] as number)
  })

  test('more mileage is cheaper', () => {
    expect(average({ mileageKm: 250_000 })).toBeLessThan(average({ mileageKm: 100_000 }))
    expect(average({ mileageKm: 100_000 })).toBeLessThan(average({ mileageKm: 40_000 }))
  })

  test('damaged, right-hand-drive and uncleared cars are cheaper', () => {
    const normal = average({})
    expect(average({ isDamaged: true })).toBeLessThan(normal * 0.8)
    expect(average({ steering: 'right' })).toBeLessThan(normal * 0.88)
    expect(average({ isCustomsCleared: false })).toBeLessThan(normal * 0.82)
  })

  test('always at least the minimum and rounded to 10 000 tenge', () => {
    const rng = createRng(9)
    for (let i = 0; i < 3000; i++) {
      const price = estimatePrice({
        newPriceKzt: rng.int(2_000_000, 120_000_000),
        year: rng.int(1985, 2026),
        mileageKm: rng.int(0, 600_000),
        isDamaged: rng.chance(0.2),
        steering: rng.chance(0.2) ? 'right' : 'left',
        isCustomsCleared: rng.chance(0.8),
        currentYear: 2026,
        rng,
      })
      expect(price).toBeGreaterThanOrEqual(MIN_PRICE_KZT)
      expect(price % 10_000).toBe(0)
      expect(Number.isInteger(price)).toBe(true)
    }
  })

  test('a cheap old car hits the minimum', () => {
    expect(estimatePrice({ ...base, newPriceKzt: 2_000_000, year: 1990, isDamaged: true, rng: createRng(1) })).toBe(
      MIN_PRICE_KZT,
    )
  })

  test('the value curve is steep first and flattens, with a floor', () => {
    expect(retainedShare(0)).toBe(1)
    expect(1 - retainedShare(1)).toBeGreaterThanOrEqual(0.12)
    expect(1 - retainedShare(1)).toBeLessThanOrEqual(0.15)
    const firstYears = retainedShare(0) - retainedShare(3)
    const laterYears = retainedShare(12) - retainedShare(15)
    expect(laterYears).toBeLessThan(firstYears / 3)
    expect(retainedShare(60)).toBe(0.12)
    expect(mileageFactor(5, 5 * 17_000)).toBeCloseTo(1)
  })
})

describe('mileageFor', () => {
  test('a new car has 0-50 km', () => {
    const rng = createRng(2)
    for (let i = 0; i < 100; i++) {
      const km = mileageFor(0, rng, true)
      expect(km).toBeGreaterThanOrEqual(0)
      expect(km).toBeLessThanOrEqual(50)
    }
  })

  test('fits the age: roughly 12 000-25 000 km a year driven on average, never absurd', () => {
    const rng = createRng(3)
    for (const age of [1, 3, 6, 10, 15, 25]) {
      let sum = 0
      for (let i = 0; i < 500; i++) {
        const km = mileageFor(age, rng)
        expect(km).toBeGreaterThanOrEqual(drivenYears(age) * 8_000 * 0.95)
        expect(km).toBeLessThanOrEqual((drivenYears(age) + 1) * 35_000)
        sum += km
      }
      const perYear = sum / 500 / (drivenYears(age) + 0.4)
      expect(perYear).toBeGreaterThan(11_000)
      expect(perYear).toBeLessThan(25_000)
    }
  })

  test('miles convert both ways', () => {
    expect(milesToKm(100)).toBe(161)
    expect(kmToMiles(161)).toBe(100)
  })
})

import { describe, expect, test } from 'vitest'
import {
  adjustPrice,
  type ComparableCar,
  estimateMarketPrice,
  fitPriceSlopes,
  isComparable,
  mileageBucket,
  type PricedCar,
  percentile,
  rateDeal,
} from './market-estimate.ts'
import { MARKET_RULES } from './market-rules.ts'

const flat = { perYear: 0, perKm: 0 }
const car = (priceKzt: number, year = 2020, mileageKm = 80_000): PricedCar => ({ priceKzt, year, mileageKm })
const prices = (...p: number[]) => p.map((x) => car(x))

describe('percentile (as PostgreSQL percentile_cont)', () => {
  test('interpolates between ranks', () => {
    expect(percentile([10, 20, 30, 40], 0.5)).toBe(25)
    expect(percentile([10, 20, 30, 40], 0.25)).toBe(17.5)
    expect(percentile([10, 20, 30, 40, 50], 0.75)).toBe(40)
    expect(percentile([7], 0.25)).toBe(7)
  })
  test('refuses an empty list', () => {
    expect(() => percentile([], 0.5)).toThrow(RangeError)
  })
})

describe('deal rating thresholds', () => {
  const band = { estimate: 10_000_000, low: 9_500_000, high: 10_500_000 }
  test.each([
    [8_000_000, 'great'],
    [9_000_000, 'great'], // exactly 10% below and below the band
    [9_000_001, 'good'],
    [9_700_000, 'good'], // exactly 3% below
    [9_700_001, 'fair'],
    [10_000_000, 'fair'],
    [10_600_000, 'fair'], // exactly 6% above
    [10_600_001, 'high'],
    [14_000_000, 'high'],
  ] as const)('%i ₸ against 10,000,000 is %s', (price, rating) => {
    expect(rateDeal(price, band)).toBe(rating)
  })

  test('within a wide band a low price is only good, a high one only fair', () => {
    const wide = { estimate: 10_000_000, low: 8_000_000, high: 12_000_000 }
    expect(rateDeal(8_500_000, wide)).toBe('good')
    expect(rateDeal(11_500_000, wide)).toBe('fair')
  })
})

describe('estimate from comparables', () => {
  test(`no estimate and no rating below ${MARKET_RULES.minComparables} comparables`, () => {
    const result = estimateMarketPrice(car(5_000_000), prices(9e6, 9e6, 9e6, 9e6), flat)
    expect(result).toEqual({ comparables: 4, estimate: null })
  })

  test('median, interquartile band and rating, rounded to 10,000 ₸', () => {
    const result = estimateMarketPrice(
      car(8_000_000),
      prices(9_800_000, 10_000_000, 10_200_000, 10_400_000, 9_600_000),
      flat,
    )
    expect(result).toEqual({
      comparables: 5,
      estimate: { estimateKzt: 10_000_000, lowKzt: 9_800_000, highKzt: 10_200_000, rating: 'great' },
    })
  })

  test('a clearly expensive car is high, an ordinary one fair', () => {
    const comps = prices(9_800_000, 10_000_000, 10_200_000, 10_400_000, 9_600_000, 10_100_000)
    expect(estimateMarketPrice(car(12_000_000), comps, flat).estimate?.rating).toBe('high')
    expect(estimateMarketPrice(car(10_050_000), comps, flat).estimate?.rating).toBe('fair')
  })

  test('one absurd listing does not move the estimate (median, not mean)', () => {
    const comps = prices(10_000_000, 10_100_000, 9_900_000, 10_050_000, 9_950_000)
    const withTypo = [...comps, car(100_000_000)]
    expect(estimateMarketPrice(car(10e6), withTypo, flat).estimate?.estimateKzt).toBe(10_030_000)
  })

  test('older and higher-mileage comparables are priced up to the subject, newer ones down', () => {
    const slopes = { perYear: 0.1, perKm: -0.000_002 }
    const subject = { year: 2020, mileageKm: 80_000 }
    expect(adjustPrice(car(10e6, 2019, 80_000), subject, slopes)).toBeCloseTo(10e6 * Math.exp(0.1), 0)
    expect(adjustPrice(car(10e6, 2021, 80_000), subject, slopes)).toBeCloseTo(10e6 * Math.exp(-0.1), 0)
    expect(adjustPrice(car(10e6, 2020, 130_000), subject, slopes)).toBeCloseTo(10e6 * Math.exp(0.1), 0)
    // So a 2020 car at the price of 2019 cars (about 9.5% cheaper) is a good deal, not "fair".
    const olderComps = [1, 2, 3, 4, 5].map((i) => car(9_000_000 + i * 10_000, 2019))
    const r = estimateMarketPrice({ priceKzt: 9_030_000, ...subject }, olderComps, slopes)
    expect(r.estimate?.estimateKzt).toBe(Math.round((9_030_000 * Math.exp(0.1)) / 10_000) * 10_000)
    expect(r.estimate?.rating).toBe('good')
  })
})

describe('price slopes from the model market', () => {
  /** Synthetic market: ln price falls 8% a model year and 1.5% per 10,000 km, mileage only loosely tied to age. */
  const market = (n: number): PricedCar[] =>
    Array.from({ length: n }, (_, i) => {
      const year = 2010 + (i % 15)
      const mileageKm = (2026 - year) * 15_000 + ((i * 7919) % 60_000)
      return { year, mileageKm, priceKzt: Math.round(20e6 * Math.exp(-0.08 * (2026 - year) - 0.000_001_5 * mileageKm)) }
    })

  test('recovers the slopes the market was built with', () => {
    const slopes = fitPriceSlopes(market(200))
    expect(slopes.perYear).toBeCloseTo(0.08, 3)
    expect(slopes.perKm).toBeCloseTo(-0.000_001_5, 7)
  })

  test('falls back with too few listings, or when year and mileage move together', () => {
    const fallback = { perYear: 0.09, perKm: -0.000_002 }
    expect(fitPriceSlopes(market(29))).toEqual(fallback)
    const lockstep = Array.from({ length: 50 }, (_, i) =>
      car(10e6 - i * 1e5, 2000 + (i % 20), (26 - (i % 20)) * 15_000),
    )
    expect(fitPriceSlopes(lockstep)).toEqual(fallback)
  })

  test('clamps a nonsensical fit (older cars dearer) to no year effect', () => {
    const inverted = market(100).map((c) => ({ ...c, priceKzt: Math.round(1e12 / c.priceKzt) }))
    const slopes = fitPriceSlopes(inverted)
    expect(slopes.perYear).toBe(0)
    expect(slopes.perKm).toBe(0)
  })
})

describe('which listings are comparable', () => {
  const subject: ComparableCar = {
    id: 1,
    brandId: 10,
    modelId: 100,
    steering: 'left',
    isCustomsCleared: true,
    isDamaged: false,
    priceKzt: 10e6,
    year: 2020,
    mileageKm: 100_000,
  }
  const other = (o: Partial<ComparableCar>): ComparableCar => ({ ...subject, id: 2, ...o })

  test('mileage buckets are about 20% wide at ordinary mileages', () => {
    expect(mileageBucket(0)).toBe(0)
    expect(mileageBucket(100_000)).toBe(11)
    expect(mileageBucket(64_000)).toBe(10)
    expect(mileageBucket(63_000)).toBe(9)
    expect(mileageBucket(124_000)).toBe(12)
    expect(mileageBucket(125_000)).toBe(13)
  })

  test('same model, steering, customs status and damage; year within 2; mileage within a bucket', () => {
    expect(isComparable(subject, other({}))).toBe(true)
    expect(isComparable(subject, subject)).toBe(false)
    expect(isComparable(subject, other({ year: 2018 }))).toBe(true)
    expect(isComparable(subject, other({ year: 2022 }))).toBe(true)
    expect(isComparable(subject, other({ year: 2017 }))).toBe(false)
    expect(isComparable(subject, other({ year: 2023 }))).toBe(false)
    expect(isComparable(subject, other({ mileageKm: 64_000 }))).toBe(true)
    expect(isComparable(subject, other({ mileageKm: 63_000 }))).toBe(false)
    expect(isComparable(subject, other({ mileageKm: 124_000 }))).toBe(true)
    expect(isComparable(subject, other({ mileageKm: 125_000 }))).toBe(false)
    expect(isComparable(subject, other({ modelId: 101 }))).toBe(false)
    expect(isComparable(subject, other({ steering: 'right' }))).toBe(false)
    expect(isComparable(subject, other({ isCustomsCleared: false }))).toBe(false)
    expect(isComparable(subject, other({ isDamaged: true }))).toBe(false)
  })
})

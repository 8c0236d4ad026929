import type { DealRating, Steering } from '@tulpar/contracts'
import { MARKET_RULES, type MarketRules } from './market-rules.ts'

/*
 * The reference implementation of the market estimate (pure, no I/O). The refresh in valuation.repository.ts
 * runs the same method in SQL for every published listing at once; the integration tests check that both
 * give the same answers.
 */

export interface PricedCar {
  priceKzt: number
  year: number
  mileageKm: number
}

/** What makes two listings comparable besides year and mileage. */
export interface ComparableCar extends PricedCar {
  id: number
  brandId: number
  modelId: number
  steering: Steering
  isCustomsCleared: boolean
  isDamaged: boolean
}

/** Slopes of ln(price): per model year (≥ 0) and per km (≤ 0). */
export interface PriceSlopes {
  perYear: number
  perKm: number
}

export interface MarketEstimateResult {
  /** Comparable listings found (the subject itself excluded). */
  comparables: number
  /** Null below `minComparables`. */
  estimate: { estimateKzt: number; lowKzt: number; highKzt: number; rating: DealRating } | null
}

export function mileageBucket(km: number, rules: MarketRules = MARKET_RULES): number {
  return Math.floor(Math.log(1 + km / rules.mileage.reachKm) / rules.mileage.step)
}

/** Same model, steering, customs status and damage; model year and mileage bucket within the windows. */
export function isComparable(subject: ComparableCar, other: ComparableCar, rules: MarketRules = MARKET_RULES) {
  return (
    other.id !== subject.id &&
    other.brandId === subject.brandId &&
    other.modelId === subject.modelId &&
    other.steering === subject.steering &&
    other.isCustomsCleared === subject.isCustomsCleared &&
    other.isDamaged === subject.isDamaged &&
    Math.abs(other.year - subject.year) <= rules.yearWindow &&
    Math.abs(mileageBucket(other.mileageKm, rules) - mileageBucket(subject.mileageKm, rules)) <=
      rules.mileage.bucketWindow
  )
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v))

/** Population moments of year, mileage and ln(price) over a model's clean listings, as PostgreSQL aggregates them. */
export interface PriceMoments {
  n: number
  /** var_pop(year), var_pop(km), covar_pop(year, km), covar_pop(year, ln price), covar_pop(km, ln price). */
  s11: number
  s22: number
  s12: number
  s1y: number
  s2y: number
}

/** Population (co)variances of the cars, as PostgreSQL's var_pop/covar_pop. */
function priceMoments(cars: readonly PricedCar[]): PriceMoments {
  const n = cars.length
  if (n === 0) return { n, s11: 0, s22: 0, s12: 0, s1y: 0, s2y: 0 }
  const mean = (f: (c: PricedCar) => number) => cars.reduce((s, c) => s + f(c), 0) / n
  const y = (c: PricedCar) => Math.log(c.priceKzt)
  const yr = (c: PricedCar) => c.year
  const km = (c: PricedCar) => c.mileageKm
  const [my, m1, m2] = [mean(y), mean(yr), mean(km)]
  const cov = (f: (c: PricedCar) => number, mf: number, g: (c: PricedCar) => number, mg: number) =>
    cars.reduce((s, c) => s + (f(c) - mf) * (g(c) - mg), 0) / n
  return {
    n,
    s11: cov(yr, m1, yr, m1),
    s22: cov(km, m2, km, m2),
    s12: cov(yr, m1, km, m2),
    s1y: cov(yr, m1, y, my),
    s2y: cov(km, m2, y, my),
  }
}

/**
 * Least squares slopes of ln(price) = a + perYear·year + perKm·km from a model's moments (see
 * MARKET_RULES.adjustment), clamped and rounded; the fallback slopes when the data cannot support a fit.
 */
export function slopesFromMoments(m: PriceMoments, rules: MarketRules = MARKET_RULES): PriceSlopes {
  const { adjustment } = rules
  const fallback = { perYear: adjustment.perYear.fallback, perKm: adjustment.perKm.fallback }
  const { n, s11, s22, s12, s1y, s2y } = m
  if (n < adjustment.minListings) return fallback
  if (!(s11 > 0 && s22 > 0 && s12 * s12 < adjustment.maxCollinearity * s11 * s22)) return fallback
  const det = s11 * s22 - s12 * s12
  const round = (v: number, digits: number) => Number(v.toFixed(digits))
  return {
    perYear: round(
      clamp((s22 * s1y - s12 * s2y) / det, adjustment.perYear.min, adjustment.perYear.max),
      adjustment.slopeDigits.perYear,
    ),
    perKm: round(
      clamp((s11 * s2y - s12 * s1y) / det, adjustment.perKm.min, adjustment.perKm.max),
      adjustment.slopeDigits.perKm,
    ),
  }
}

/** fitPriceSlopes over the cars themselves (the reference the SQL refresh is tested against). */
export function fitPriceSlopes(cars: readonly PricedCar[], rules: MarketRules = MARKET_RULES): PriceSlopes {
  return slopesFromMoments(priceMoments(cars), rules)
}

/** A comparable's price as if it had the subject's model year and mileage. */
export function adjustPrice(comparable: PricedCar, to: Omit<PricedCar, 'priceKzt'>, slopes: PriceSlopes): number {
  return (
    comparable.priceKzt *
    Math.exp(slopes.perYear * (to.year - comparable.year) + slopes.perKm * (to.mileageKm - comparable.mileageKm))
  )
}

/** Linear interpolation between the closest ranks, as PostgreSQL's percentile_cont. `sorted` must be ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of nothing')
  const pos = p * (sorted.length - 1)
  const lo = Math.floor(pos)
  const low = sorted[lo] as number
  const high = sorted[Math.min(lo + 1, sorted.length - 1)] as number
  return low + (pos - lo) * (high - low)
}

/** The rating of a price against an estimate and its band (unrounded values), per MARKET_RULES.thresholds. */
export function rateDeal(
  priceKzt: number,
  band: { estimate: number; low: number; high: number },
  rules: MarketRules = MARKET_RULES,
): DealRating {
  const ratio = priceKzt / band.estimate
  const { greatAtMost, goodAtMost, fairAtMost } = rules.thresholds
  if (ratio <= greatAtMost && priceKzt < band.low) return 'great'
  if (ratio <= goodAtMost) return 'good'
  if (ratio > fairAtMost && priceKzt > band.high) return 'high'
  return 'fair'
}

const roundTo = (v: number, step: number) => Math.round(v / step) * step

/**
 * The estimate for `subject` from its comparables' prices, each adjusted to the subject's year and mileage:
 * median, interquartile band and rating; no estimate below `minComparables`.
 */
export function estimateMarketPrice(
  subject: PricedCar,
  comparables: readonly PricedCar[],
  slopes: PriceSlopes,
  rules: MarketRules = MARKET_RULES,
): MarketEstimateResult {
  if (comparables.length < rules.minComparables) return { comparables: comparables.length, estimate: null }
  const adjusted = comparables.map((c) => adjustPrice(c, subject, slopes)).sort((a, b) => a - b)
  const band = {
    estimate: percentile(adjusted, 0.5),
    low: percentile(adjusted, rules.band.low),
    high: percentile(adjusted, rules.band.high),
  }
  return {
    comparables: comparables.length,
    estimate: {
      estimateKzt: roundTo(band.estimate, rules.roundToKzt),
      lowKzt: roundTo(band.low, rules.roundToKzt),
      highKzt: roundTo(band.high, rules.roundToKzt),
      rating: rateDeal(subject.priceKzt, band, rules),
    },
  }
}

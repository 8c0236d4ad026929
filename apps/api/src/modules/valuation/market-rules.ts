import { VALUATION_METHOD as M } from '@tulpar/contracts/car-page-constants'

/*
 * The market estimate's method in numbers: which listings are comparable, how their prices are adjusted, and
 * where the deal ratings start. market-estimate.ts (the reference, unit-tested) and valuation.repository.ts
 * (the same method as one set-based SQL statement) both read these, and docs/valuation.md explains them.
 */
export const MARKET_RULES = {
  /** No estimate and no rating with fewer comparable listings than this (the listing itself not counted). */
  minComparables: M.minComparables,
  /** Comparables are at most this many model years older or newer. */
  yearWindow: M.yearWindow,
  /**
   * Mileage is compared on a log scale: bucket = floor(ln(1 + km / reachKm) / step), and comparables lie within
   * `bucketWindow` buckets. A step of 0.2 makes a bucket about 20% of mileage wide above ~50,000 km, so 100,000 km
   * compares with roughly 64,000-125,000 km; near zero the buckets are a few thousand km, so new cars compare
   * with nearly new ones.
   */
  mileage: { reachKm: 10_000, step: 0.2, bucketWindow: 1 },
  /**
   * Year and mileage differences inside the window are priced with the model's own market: an ordinary least
   * squares fit of ln(price) on model year and mileage over the model's published, undamaged, left-hand-drive,
   * cleared listings. With too few of them, or year and mileage too collinear to separate, the defaults apply.
   * Slopes are clamped so a noisy fit cannot turn an old car dearer than a new one.
   */
  adjustment: {
    minListings: 30,
    /** Above this squared correlation of year and mileage the fit cannot separate them. */
    maxCollinearity: 0.98,
    /** ln(price) per model year: 0.09 ≈ 9% a year, the middle of the 4-14% a year a car loses in its first 15 years. */
    perYear: { fallback: 0.09, min: 0, max: 0.25 },
    /** ln(price) per km: -0.000002 ≈ -2% per 10,000 km; at most -1% per 1,000 km. */
    perKm: { fallback: -0.000_002, min: -0.000_01, max: 0 },
    /**
     * Decimal places the fitted slopes are rounded to: summing a million rows in a different order changes the
     * last bits of a fit, and without rounding a few estimates would flip at a rounding edge on every refresh.
     */
    slopeDigits: { perYear: 5, perKm: 10 },
  },
  /** The estimate is the median of the adjusted comparable prices; the band their interquartile range. */
  band: { low: 0.25, high: 0.75 },
  /**
   * Rating by price / estimate: great at most 0.90 (10% or more below) and below the band; good at most 0.97;
   * high above 1.06 and above the band; fair in between. The band conditions keep a model whose prices scatter
   * widely from calling ordinary scatter a bargain.
   */
  thresholds: {
    greatAtMost: (100 - M.greatBelowPct) / 100,
    goodAtMost: (100 - M.goodBelowPct) / 100,
    fairAtMost: (100 + M.highAbovePct) / 100,
  },
  /** Stored and shown rounded: the comparables do not support more precision. */
  roundToKzt: 10_000,
} as const
export type MarketRules = typeof MARKET_RULES

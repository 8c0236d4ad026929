import type { Steering } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { type ComparableCar, estimateMarketPrice, isComparable, slopesFromMoments } from './market-estimate.ts'
import { MARKET_RULES } from './market-rules.ts'
import { findComparableCandidates, findModelPriceMoments } from './valuation.repository.ts'

/** A car that is not (or not only) a listing: a garage car, a paid check's subject. */
export interface CarToValue {
  brandId: number
  modelId: number
  year: number
  mileageKm: number
  /** Left when not known (most cars in Kazakhstan). */
  steering?: Steering
  /** Cleared when not known. */
  isCustomsCleared?: boolean
  isDamaged?: boolean
  /**
   * Listings that are this very car (a paid check's earlier listings of its VIN): its own asking price must not
   * value it, least of all a price set on a rolled-back reading.
   */
  excludeListingIds?: readonly number[]
}

export interface CarEstimate {
  /** Comparable published listings found. */
  comparables: number
  /** Null with fewer comparables than the method needs (the same rule as the listings' estimates). */
  estimate: { estimateKzt: number; lowKzt: number; highKzt: number } | null
  /** Up to six comparables closest in year and mileage, to show as evidence. */
  comparableIds: number[]
}

const SHOWN_COMPARABLES = 6

/**
 * The market estimate of any car by the listings' method (market-estimate.ts): the model's fitted slopes over
 * its clean published listings, the comparable published listings (same model, steering, customs and damage;
 * year and mileage bucket within the windows), their prices adjusted to this car's year and mileage.
 */
export async function estimateCar(db: Db, car: CarToValue): Promise<CarEstimate> {
  const R = MARKET_RULES
  const subject: ComparableCar = {
    id: -1,
    brandId: car.brandId,
    modelId: car.modelId,
    year: car.year,
    mileageKm: car.mileageKm,
    priceKzt: 1,
    steering: car.steering ?? 'left',
    isCustomsCleared: car.isCustomsCleared ?? true,
    isDamaged: car.isDamaged ?? false,
  }
  const [moments, candidates] = await Promise.all([
    findModelPriceMoments(db, car),
    findComparableCandidates(db, {
      brandId: car.brandId,
      modelId: car.modelId,
      steering: subject.steering,
      isCustomsCleared: subject.isCustomsCleared,
      isDamaged: subject.isDamaged,
      yearFrom: car.year - R.yearWindow,
      yearTo: car.year + R.yearWindow,
    }),
  ])
  const m = moments ?? { n: 0, s11: 0, s22: 0, s12: 0, s1y: 0, s2y: 0 }
  const slopes = slopesFromMoments(m)
  const itself = new Set(car.excludeListingIds ?? [])
  const comparables = candidates
    .filter((r) => !itself.has(r.id))
    .map((r) => ({ ...subject, id: r.id, priceKzt: r.price, year: r.year, mileageKm: r.km }))
    .filter((other) => isComparable(subject, other))
  const result = estimateMarketPrice(subject, comparables, slopes)
  const closest = comparables
    .map((c) => ({ id: c.id, distance: Math.abs(c.year - car.year) * 20_000 + Math.abs(c.mileageKm - car.mileageKm) }))
    .sort((a, b) => a.distance - b.distance || a.id - b.id)
    .slice(0, SHOWN_COMPARABLES)
    .map((c) => c.id)
  return {
    comparables: result.comparables,
    estimate: result.estimate
      ? { estimateKzt: result.estimate.estimateKzt, lowKzt: result.estimate.lowKzt, highKzt: result.estimate.highKzt }
      : null,
    comparableIds: closest,
  }
}

import type { Steering } from '@tulpar/contracts'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { type ComparableCar, estimateMarketPrice, isComparable, slopesFromMoments } from './market-estimate.ts'
import { MARKET_RULES } from './market-rules.ts'

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

const Moments = z.object({
  rows: z.array(
    z.object({
      n: z.coerce.number(),
      s11: z.coerce.number(),
      s22: z.coerce.number(),
      s12: z.coerce.number(),
      s1y: z.coerce.number(),
      s2y: z.coerce.number(),
    }),
  ),
})
const Candidates = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      price: z.coerce.number(),
      year: z.coerce.number(),
      km: z.coerce.number(),
    }),
  ),
})

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
  const published = sql`status = 'published' and price_kzt > 0 and year is not null and mileage_km is not null
    and steering is not null and brand_id = ${car.brandId} and model_id = ${car.modelId}`
  const [moments, candidates] = await Promise.all([
    db.execute(sql`
      select count(*) as n, coalesce(var_pop(year::float8), 0) as s11, coalesce(var_pop(mileage_km::float8), 0) as s22,
             coalesce(covar_pop(year::float8, mileage_km::float8), 0) as s12,
             coalesce(covar_pop(year::float8, ln(price_kzt::float8)), 0) as s1y,
             coalesce(covar_pop(mileage_km::float8, ln(price_kzt::float8)), 0) as s2y
      from listings
      where ${published} and steering = 'left' and is_customs_cleared and not is_damaged`),
    db.execute(sql`
      select id, price_kzt as price, year, mileage_km as km
      from listings
      where ${published} and steering = ${subject.steering} and is_customs_cleared = ${subject.isCustomsCleared}
        and is_damaged = ${subject.isDamaged} and year between ${car.year - R.yearWindow} and ${car.year + R.yearWindow}`),
  ])
  const m = Moments.parse(moments).rows[0] ?? { n: 0, s11: 0, s22: 0, s12: 0, s1y: 0, s2y: 0 }
  const slopes = slopesFromMoments(m)
  const itself = new Set(car.excludeListingIds ?? [])
  const comparables = Candidates.parse(candidates)
    .rows.filter((r) => !itself.has(r.id))
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

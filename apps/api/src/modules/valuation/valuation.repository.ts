import { DealRating } from '@tulpar/contracts'
import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { MARKET_RULES as R } from './market-rules.ts'

/*
 * The market estimate of market-estimate.ts as one set-based statement, so a million listings are valued in
 * one pass instead of a million queries:
 *
 * 1. `fit`/`coef`: per model, the least-squares slopes of ln(price) on year and mileage (clamped, with
 *    fallbacks), from population (co)variances, as fitPriceSlopes.
 * 2. Cells: listings sharing model, steering, customs status, damage, model year and mileage bucket have the
 *    same comparables. Each listing "fans out" its price to the cells it is comparable to (year ±2, bucket ±1:
 *    at most 15 cells), adjusted to that cell's year and to 0 km: price · exp(b·Δyear − c·km).
 * 3. Per cell, the sorted array of those prices. For each listing, the percentiles of its cell's array with its
 *    own entry left out, then scaled to its mileage by exp(c·km): the same numbers as adjusting every
 *    comparable to the listing's exact year and mileage.
 *
 * Leaving one's own entry out of a sorted array `a` costs O(1): with v the listing's own value, the i-th
 * element of the array without it is a[i] when a[i] < v, else a[i + 1].
 */

const n = (v: number) => sql.raw(String(v))
const { adjustment: adj, mileage, thresholds: th } = R

/** percentile_cont(p) of `a` (sorted, 1-based) without one element equal to `v0`; `cnt` = cardinality(a) - 1. */
function percentileWithoutSelf(p: number): SQL {
  const pos = sql`(1 + ${n(p)} * (cnt - 1))`
  const lo = sql`floor(${pos})::int`
  const frac = sql`(${pos} - floor(${pos}))`
  const at = (i: SQL) => sql`(case when a[${i}] < v0 then a[${i}] else a[${i} + 1] end)`
  return sql`(case when ${frac} = 0 then ${at(lo)} else ${at(lo)} + ${frac} * (${at(sql`${lo} + 1`)} - ${at(lo)}) end)`
}

const roundTo = (v: SQL) => sql`(round(${v} / ${n(R.roundToKzt)}) * ${n(R.roundToKzt)})::bigint`

/**
 * Builds the refresh. `listingId` null: every published listing; otherwise only that one (its model's fit and
 * its neighbouring cells are all that is read).
 */
function refreshStatement(listingId: number | null): SQL {
  const subject =
    listingId === null ? null : sql`(select brand_id, model_id, year, mileage_km from listings where id = ${listingId})`
  const modelScope = subject ? sql`and (brand_id, model_id) = (select brand_id, model_id from ${subject} s)` : sql``
  const bucket = (km: SQL) => sql`floor(ln(1 + ${km} / ${n(mileage.reachKm)}.0) / ${n(mileage.step)})::int`
  const neighbourScope = subject
    ? sql`and m.year between (select year from ${subject} s) - ${n(R.yearWindow)} and (select year from ${subject} s) + ${n(R.yearWindow)}
          and m.mb between (select ${bucket(sql`mileage_km`)} from ${subject} s) - ${n(mileage.bucketWindow)}
                       and (select ${bucket(sql`mileage_km`)} from ${subject} s) + ${n(mileage.bucketWindow)}`
    : sql``
  const subjectScope = listingId === null ? sql`` : sql`and p.id = ${listingId}`
  const key = sql`brand_id, model_id, steering, is_customs_cleared, is_damaged, year, mb`
  return sql`
    with pub as (
      select id, brand_id, model_id, year::int as year, mileage_km, price_kzt::float8 as price, steering,
             is_customs_cleared, is_damaged, ${bucket(sql`mileage_km`)} as mb
      from listings
      where status = 'published' and price_kzt > 0 and year is not null and mileage_km is not null
        and brand_id is not null and model_id is not null and steering is not null ${modelScope}
    ),
    fit as (
      select brand_id, model_id, count(*) as cnt,
             var_pop(year::float8) as s11, var_pop(mileage_km::float8) as s22,
             covar_pop(year::float8, mileage_km::float8) as s12,
             covar_pop(year::float8, ln(price)) as s1y, covar_pop(mileage_km::float8, ln(price)) as s2y
      from pub
      where steering = 'left' and is_customs_cleared and not is_damaged
      group by brand_id, model_id
    ),
    coef as (
      select brand_id, model_id,
             least(greatest((s22 * s1y - s12 * s2y) / (s11 * s22 - s12 * s12), ${n(adj.perYear.min)}), ${n(adj.perYear.max)}) as b,
             least(greatest((s11 * s2y - s12 * s1y) / (s11 * s22 - s12 * s12), ${n(adj.perKm.min)}), ${n(adj.perKm.max)}) as c
      from fit
      where cnt >= ${n(adj.minListings)} and s11 > 0 and s22 > 0 and s12 * s12 < ${n(adj.maxCollinearity)} * s11 * s22
    ),
    priced as (
      select p.*, coalesce(k.b, ${n(adj.perYear.fallback)}) as b, coalesce(k.c, ${n(adj.perKm.fallback)}) as c
      from pub p left join coef k using (brand_id, model_id)
    ),
    cells as (
      select distinct ${key} from priced p where true ${subjectScope}
    ),
    fan as (
      select m.brand_id, m.model_id, m.steering, m.is_customs_cleared, m.is_damaged,
             m.year + dy as year, m.mb + dm as mb, m.price * exp(m.b * dy - m.c * m.mileage_km) as v
      from priced m
      cross join generate_series(${n(-R.yearWindow)}, ${n(R.yearWindow)}) as dy
      cross join generate_series(${n(-mileage.bucketWindow)}, ${n(mileage.bucketWindow)}) as dm
      where true ${neighbourScope}
    ),
    arrays as (
      select ${key}, array_agg(f.v order by f.v) as a
      from fan f join cells using (${key})
      group by ${key}
    ),
    own as (
      -- v0 repeats fan's expression with dy = 0, so it equals the listing's own entry in its cell's array.
      select p.id, p.price, p.mileage_km, p.c, ar.a, cardinality(ar.a) - 1 as cnt,
             p.price * exp(p.b * 0 - p.c * p.mileage_km) as v0
      from priced p join arrays ar using (${key})
      where true ${subjectScope}
    ),
    band as (
      select id, price, cnt,
             case when cnt >= ${n(R.minComparables)} then ${percentileWithoutSelf(0.5)} * exp(c * mileage_km) end as est,
             case when cnt >= ${n(R.minComparables)} then ${percentileWithoutSelf(R.band.low)} * exp(c * mileage_km) end as low,
             case when cnt >= ${n(R.minComparables)} then ${percentileWithoutSelf(R.band.high)} * exp(c * mileage_km) end as high
      from own
    ),
    updated as (
      update listings l set
        estimate_kzt = ${roundTo(sql`b.est`)},
        estimate_low_kzt = ${roundTo(sql`b.low`)},
        estimate_high_kzt = ${roundTo(sql`b.high`)},
        estimate_comparables = b.cnt,
        deal_rating = (case
          when b.est is null then null
          when b.price / b.est <= ${n(th.greatAtMost)} and b.price < b.low then 'great'
          when b.price / b.est <= ${n(th.goodAtMost)} then 'good'
          when b.price / b.est > ${n(th.fairAtMost)} and b.price > b.high then 'high'
          else 'fair' end)::deal_rating,
        estimated_at = now()
      from band b
      where l.id = b.id
      returning l.deal_rating
    )
    select deal_rating as rating, count(*)::int as n from updated group by deal_rating`
}

const RatingCount = z.object({ rating: DealRating.nullable(), n: z.coerce.number().int() })
const QueryRows = z.object({ rows: z.array(z.unknown()) })

export interface RefreshCounts {
  listings: number
  byRating: Record<DealRating | 'unrated', number>
}

async function runRefresh(db: Db, listingId: number | null): Promise<RefreshCounts> {
  const result = QueryRows.parse(await db.execute(refreshStatement(listingId)))
  const counts: RefreshCounts = { listings: 0, byRating: { great: 0, good: 0, fair: 0, high: 0, unrated: 0 } }
  for (const raw of result.rows) {
    const row = RatingCount.parse(raw)
    counts.byRating[row.rating ?? 'unrated'] += row.n
    counts.listings += row.n
  }
  return counts
}

/** Recomputes the estimate, band, comparables and rating of every published listing in one statement. */
export function refreshAllEstimates(db: Db): Promise<RefreshCounts> {
  return runRefresh(db, null)
}

/** The same for one listing (after it is published or its price changes); nothing when it is not published. */
export function refreshListingEstimate(db: Db, listingId: number): Promise<RefreshCounts> {
  return runRefresh(db, listingId)
}

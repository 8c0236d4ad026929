import { DealRating, type Steering } from '@tulpar/contracts'
import { max, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { PriceMoments } from './market-estimate.ts'
import { MARKET_RULES as R } from './market-rules.ts'
import { valuationRuns } from './valuation.tables.ts'

/*
 * The market estimate of market-estimate.ts as one set-based statement, so a million listings are valued in
 * one pass instead of a million queries:
 *
 * 1. `fit`/`coef`: per model, the least-squares slopes of ln(price) on year and mileage (clamped, with
 *    fallbacks), from population (co)variances, as fitPriceSlopes.
 * 2. Cells: listings sharing model, steering, customs status, damage, model year and mileage bucket have the
 *    same comparables. Each listing "fans out" its price to the cells it is comparable to (year ±2, bucket ±1:
 *    at most 15 cells), adjusted to that cell's year and to 0 km: price · exp(b·Δyear − c·km).
 * 3. Per cell, the sorted array of those prices. A listing's percentiles are those of its cell's array with its
 *    own entry left out, scaled to its mileage by exp(c·km): the same numbers as adjusting every comparable to
 *    the listing's exact year and mileage.
 *
 * Leaving one's own entry out is O(1). With N entries in the cell (the listing's own among them) and v its own
 * value, the i-th of the N − 1 others is a[i] when a[i] < v, else a[i + 1]. percentile_cont(p) of the others
 * reads ranks lo and lo + 1 with lo = floor(1 + p·(N − 2)), which depends only on N: so each cell keeps just
 * a[lo], a[lo + 1], a[lo + 2] per percentile, and the arrays never travel further than their cell.
 *
 * A cell is one bigint (model, steering, customs, damage, year, bucket packed in bit fields), so the 15-fold
 * fan-out sorts and hashes one number rather than seven columns, and a neighbouring cell is cell + Δyear·64 + Δbucket.
 */

const n = (v: number) => sql.raw(String(v))
const { adjustment: adj, mileage, thresholds: th } = R
const PERCENTILES = { mid: 0.5, low: R.band.low, high: R.band.high } as const
type Percentile = keyof typeof PERCENTILES

/** Rank position (1-based, among the `cnt` others) of percentile p, its floor and fraction. */
const pos = (p: number) => sql`(1 + ${n(p)} * (cnt - 1))`
const lo = (p: number) => sql`floor(${pos(p)})::int`

/** Per cell: the three array entries percentile `name` may need, and the interpolation fraction. */
function cellEntries(name: Percentile): SQL {
  const p = PERCENTILES[name]
  return sql`a[${lo(p)}] as ${sql.raw(`${name}0`)}, a[${lo(p)} + 1] as ${sql.raw(`${name}1`)},
    a[${lo(p)} + 2] as ${sql.raw(`${name}2`)}, (${pos(p)} - floor(${pos(p)})) as ${sql.raw(`${name}f`)}`
}

/** Per listing: percentile `name` of its cell without its own entry `v0`, from the entries kept by cellEntries. */
function percentileWithoutSelf(name: Percentile): SQL {
  const [e0, e1, e2, f] = ['0', '1', '2', 'f'].map((suffix) => sql.raw(`${name}${suffix}`))
  const r0 = sql`(case when ${e0} < v0 then ${e0} else ${e1} end)`
  const r1 = sql`(case when ${e1} < v0 then ${e1} else ${e2} end)`
  return sql`(case when ${f} = 0 then ${r0} else ${r0} + ${f} * (${r1} - ${r0}) end)`
}

const roundTo = (v: SQL) => sql`(round(${v} / ${n(R.roundToKzt)}) * ${n(R.roundToKzt)})::bigint`

/**
 * Builds the refresh. `listingId` null: every published listing; otherwise only that one (its model's fit and
 * its neighbouring cells are all that is read).
 */
export function refreshStatement(listingId: number | null): SQL {
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
  // Bits from the top: model id, right-hand drive, not cleared, damaged (1 each), year - 1900 (8), bucket + 1 (6).
  // Buckets stop at 61 (about 2 million km is bucket 26), so a neighbour's bucket never spills into the year.
  const cell = sql`(model_id::bigint * 131072 + (steering = 'right')::int * 65536 + (not is_customs_cleared)::int * 32768
    + is_damaged::int * 16384 + (year - 1900) * 64 + least(mb, 61) + 1)`
  return sql`
    with pub as materialized (
      select id, brand_id, model_id, year::int as year, mileage_km, price_kzt::float8 as price, steering,
             is_customs_cleared, is_damaged, ${bucket(sql`mileage_km`)} as mb,
             (estimate_kzt, estimate_low_kzt, estimate_high_kzt, estimate_comparables, deal_rating) as stored,
             price_kzt, estimated_at
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
             round(least(greatest((s22 * s1y - s12 * s2y) / (s11 * s22 - s12 * s12), ${n(adj.perYear.min)}), ${n(adj.perYear.max)})::numeric, ${n(adj.slopeDigits.perYear)})::float8 as b,
             round(least(greatest((s11 * s2y - s12 * s1y) / (s11 * s22 - s12 * s12), ${n(adj.perKm.min)}), ${n(adj.perKm.max)})::numeric, ${n(adj.slopeDigits.perKm)})::float8 as c
      from fit
      where cnt >= ${n(adj.minListings)} and s11 > 0 and s22 > 0 and s12 * s12 < ${n(adj.maxCollinearity)} * s11 * s22
    ),
    priced as materialized (
      select p.id, p.year, p.mb, p.mileage_km, p.price, p.stored, ${cell} as cell,
             coalesce(k.b, ${n(adj.perYear.fallback)}) as b, coalesce(k.c, ${n(adj.perKm.fallback)}) as c
      from pub p left join coef k using (brand_id, model_id)
    ),
    fan as materialized (
      select m.cell + dy * 64 + dm as cell, m.price * exp(m.b * dy - m.c * m.mileage_km) as v
      from priced m
      cross join generate_series(${n(-R.yearWindow)}, ${n(R.yearWindow)}) as dy
      cross join generate_series(${n(-mileage.bucketWindow)}, ${n(mileage.bucketWindow)}) as dm
      where true ${neighbourScope}
    ),
    cells as (
      select cell, cardinality(a) - 1 as cnt, a
      from (
        select cell, array_agg(v order by v) as a
        from fan
        where cell in (select cell from priced p where true ${subjectScope})
        group by cell
      ) grouped
    ),
    kept as (
      select cell, cnt, ${cellEntries('mid')}, ${cellEntries('low')}, ${cellEntries('high')} from cells
    ),
    own as (
      -- v0 repeats fan's expression with dy = 0, so it equals the listing's own entry in its cell's array.
      select k.*, p.id, p.price, p.stored, p.mileage_km, p.c, p.price * exp(p.b * 0 - p.c * p.mileage_km) as v0
      from priced p join kept k using (cell)
      where true ${subjectScope}
    ),
    band as (
      select id, price, stored, cnt,
             case when cnt >= ${n(R.minComparables)} then ${percentileWithoutSelf('mid')} * exp(c * mileage_km) end as est,
             case when cnt >= ${n(R.minComparables)} then ${percentileWithoutSelf('low')} * exp(c * mileage_km) end as low,
             case when cnt >= ${n(R.minComparables)} then ${percentileWithoutSelf('high')} * exp(c * mileage_km) end as high
      from own
    ),
    rated as (
      select id, cnt, stored,
             ${roundTo(sql`est`)} as est, ${roundTo(sql`low`)} as low, ${roundTo(sql`high`)} as high,
             (case
               when est is null then null
               when price / est <= ${n(th.greatAtMost)} and price < low then 'great'
               when price / est <= ${n(th.goodAtMost)} then 'good'
               when price / est > ${n(th.fairAtMost)} and price > high then 'high'
               else 'fair' end)::deal_rating as rating
      from band
    ),
    changes as materialized (
      select id, cnt, est, low, high, rating from rated where stored is distinct from (est, low, high, cnt, rating)
    ),
    ${listingId === null ? stageChanges : writeChanges}
    select rating, count(*)::int as n, (select count(*) from updated)::int as changed from rated group by rating`
}

/**
 * One listing's refresh writes its change at once: only what changed is written (a written row also rewrites its
 * index entries), found by primary key.
 */
const writeChanges = sql`
    updated as (
      update listings l set
        estimate_kzt = r.est, estimate_low_kzt = r.low, estimate_high_kzt = r.high,
        estimate_comparables = r.cnt, deal_rating = r.rating, estimated_at = now()
      from changes r
      where l.id = r.id and l.id = any(array(select id from changes))
      returning l.id
    )`

/**
 * The full refresh stages its changes with what each was computed from, for writePendingEstimates (most estimates
 * survive an hourly refresh: only the changed ones are staged).
 */
const stageChanges = sql`
    updated as (
      insert into valuation_pending (listing_id, estimate_kzt, estimate_low_kzt, estimate_high_kzt,
        estimate_comparables, deal_rating, price_kzt, year, mileage_km, model_id, steering, is_customs_cleared,
        is_damaged, estimated_at)
      select c.id, c.est, c.low, c.high, c.cnt, c.rating::text, p.price_kzt, p.year, p.mileage_km, p.model_id,
             p.steering::text, p.is_customs_cleared, p.is_damaged, p.estimated_at
      from changes c join pub p using (id)
      returning listing_id
    )`

/** Listings per batch of writePendingEstimates: each batch's row locks last a fraction of a second. */
const PENDING_BATCH = 1000

/**
 * Writes the staged estimates to their listings, PENDING_BATCH at a time, each batch its own transaction, so a
 * seller's change of price waits for one batch at most rather than for the whole refresh. A listing whose price,
 * car or status changed since it was valued, or that was valued on its own since (its new price), keeps what it
 * has. Batches taken by another process at the same time are skipped (SKIP LOCKED). Returns the estimates written.
 */
export async function writePendingEstimates(db: Db, batch = PENDING_BATCH): Promise<number> {
  let written = 0
  for (;;) {
    const result = await db.execute(sql`
      with taken as (
        delete from valuation_pending where listing_id in (
          select listing_id from valuation_pending order by listing_id limit ${batch} for update skip locked)
        returning *
      ),
      updated as (
        update listings l set
          estimate_kzt = t.estimate_kzt, estimate_low_kzt = t.estimate_low_kzt, estimate_high_kzt = t.estimate_high_kzt,
          estimate_comparables = t.estimate_comparables, deal_rating = t.deal_rating::deal_rating, estimated_at = now()
        from taken t
        where l.id = t.listing_id and l.status = 'published' and l.price_kzt = t.price_kzt and l.year = t.year
          and l.mileage_km = t.mileage_km and l.model_id = t.model_id and l.steering::text = t.steering
          and l.is_customs_cleared = t.is_customs_cleared and l.is_damaged = t.is_damaged
          and l.estimated_at is not distinct from t.estimated_at
        returning l.id
      )
      select (select count(*) from taken)::int as taken, (select count(*) from updated)::int as written`)
    const row = Batch.parse(result).rows[0]
    if (!row || row.taken === 0) return written
    written += row.written
  }
}

const Batch = z.object({ rows: z.array(z.object({ taken: z.coerce.number(), written: z.coerce.number() })) })

const RatingCount = z.object({
  rating: DealRating.nullable(),
  n: z.coerce.number().int(),
  changed: z.coerce.number().int(),
})
const QueryRows = z.object({ rows: z.array(z.unknown()) })

export interface RefreshCounts {
  /** Published listings valued. */
  listings: number
  /** Of those, how many got a new estimate, band, number of comparables or rating. */
  changed: number
  byRating: Record<DealRating | 'unrated', number>
}

/** Sorting ten million fanned-out prices into their cells wants far more than the default 4 MB of sort memory. */
const REFRESH_WORK_MEM = '256MB'

async function runRefresh(db: Db, listingId: number | null): Promise<RefreshCounts> {
  return db.transaction(async (tx) => {
    // What a refresh that stopped before writing all it found left: computed from an older market.
    if (listingId === null) await tx.execute(sql`delete from valuation_pending`)
    await tx.execute(sql`select set_config('work_mem', ${REFRESH_WORK_MEM}, true)`)
    // JIT spent 15 of 125 s compiling this statement at a million listings, and saved less than that.
    await tx.execute(sql`select set_config('jit', 'off', true)`)
    const result = QueryRows.parse(await tx.execute(refreshStatement(listingId)))
    const counts: RefreshCounts = {
      listings: 0,
      changed: 0,
      byRating: { great: 0, good: 0, fair: 0, high: 0, unrated: 0 },
    }
    for (const raw of result.rows) {
      const row = RatingCount.parse(raw)
      counts.byRating[row.rating ?? 'unrated'] += row.n
      counts.listings += row.n
      counts.changed = row.changed
    }
    return counts
  })
}

/**
 * Recomputes the estimate, band, comparables and rating of every published listing and writes the changed ones
 * (valueAllListings, then writePendingEstimates).
 */
export async function refreshAllEstimates(db: Db): Promise<RefreshCounts & { written: number }> {
  const counts = await valueAllListings(db)
  return { ...counts, written: await writePendingEstimates(db) }
}

/**
 * Recomputes the estimate, band, comparables and rating of every published listing in one statement, stages the
 * changed ones for writePendingEstimates and records the run in `valuation_runs` (so the periodic refresh is not due
 * again while they are written). `changed` counts the staged estimates.
 */
export async function valueAllListings(db: Db): Promise<RefreshCounts> {
  const startedAt = new Date()
  const started = performance.now()
  const counts = await runRefresh(db, null)
  await db.insert(valuationRuns).values({
    startedAt,
    listings: counts.listings,
    changed: counts.changed,
    byRating: counts.byRating,
    ms: Math.round(performance.now() - started),
  })
  return counts
}

/** The same for one listing (after it is published or its price changes); nothing when it is not published. */
export function refreshListingEstimate(db: Db, listingId: number): Promise<RefreshCounts> {
  return runRefresh(db, listingId)
}

/** When the last full refresh finished; null before the first. */
export async function findLastRefresh(db: Db): Promise<Date | null> {
  const [row] = await db.select({ last: max(valuationRuns.finishedAt) }).from(valuationRuns)
  return row?.last ?? null
}

/** Any fixed number shared by every process: only one of them refreshes at a time. */
const REFRESH_LOCK = 4_242_026

const Locked = z.object({ rows: z.array(z.object({ ok: z.boolean() })) })

/** Takes the refresh's advisory lock for the rest of the transaction `tx`; false when another process holds it. */
export async function tryLockRefresh(tx: Db): Promise<boolean> {
  const lock = Locked.parse(await tx.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as ok`))
  return lock.rows[0]?.ok ?? false
}

// The estimate of one car (car-estimate.ts): its model's price moments and its candidate comparables.

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

/** The model's published listings with a price, year, mileage and steering. */
const publishedOfModel = (m: { brandId: number; modelId: number }) =>
  sql`status = 'published' and price_kzt > 0 and year is not null and mileage_km is not null
    and steering is not null and brand_id = ${m.brandId} and model_id = ${m.modelId}`

/** Price moments over the model's clean published listings (left-hand drive, cleared, not damaged); null for none. */
export async function findModelPriceMoments(
  db: Db,
  m: { brandId: number; modelId: number },
): Promise<PriceMoments | null> {
  const result = await db.execute(sql`
      select count(*) as n, coalesce(var_pop(year::float8), 0) as s11, coalesce(var_pop(mileage_km::float8), 0) as s22,
             coalesce(covar_pop(year::float8, mileage_km::float8), 0) as s12,
             coalesce(covar_pop(year::float8, ln(price_kzt::float8)), 0) as s1y,
             coalesce(covar_pop(mileage_km::float8, ln(price_kzt::float8)), 0) as s2y
      from listings
      where ${publishedOfModel(m)} and steering = 'left' and is_customs_cleared and not is_damaged`)
  return Moments.parse(result).rows[0] ?? null
}

/** The model's published listings with this steering, customs status and damage, made in the years given. */
export async function findComparableCandidates(
  db: Db,
  c: {
    brandId: number
    modelId: number
    steering: Steering
    isCustomsCleared: boolean
    isDamaged: boolean
    yearFrom: number
    yearTo: number
  },
): Promise<{ id: number; price: number; year: number; km: number }[]> {
  const result = await db.execute(sql`
      select id, price_kzt as price, year, mileage_km as km
      from listings
      where ${publishedOfModel(c)} and steering = ${c.steering} and is_customs_cleared = ${c.isCustomsCleared}
        and is_damaged = ${c.isDamaged} and year between ${c.yearFrom} and ${c.yearTo}`)
  return Candidates.parse(result).rows
}

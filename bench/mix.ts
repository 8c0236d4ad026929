import { ListingSearchQuery } from '@tulpar/contracts'
import { BODY_TYPES, type LISTING_SORTS } from '@tulpar/contracts/constants'
import { createRng, type Rng } from '../apps/api/src/db/seed/demo/random.ts'
import { BRANDS, CITIES } from '../apps/api/src/db/seed/reference/index.ts'
import type { BrandSeed, ModelSeed } from '../apps/api/src/db/seed/reference/types.ts'

/*
 * The search mix: a FIXED pool of catalogue searches (GET /api/cars/ query strings, parameter names from
 * packages/contracts/src/listings.ts `ListingSearchQuery`) shaped like real traffic, and a repeatable
 * request sequence drawn from it. Both come from a seeded PRNG over the committed reference data, so every
 * run on every machine sends the same requests in the same order.
 *
 * Traffic shape (share of requests per kind; each kind is a set of distinct queries with equal weight):
 */
const MIX_KINDS = [
  { kind: 'brand', share: 18, queries: 36, what: 'brand only' },
  { kind: 'brand+model', share: 20, queries: 40, what: 'brand and model' },
  { kind: 'brand+model+city', share: 10, queries: 20, what: 'brand, model and city' },
  { kind: 'city', share: 6, queries: 12, what: 'city only' },
  { kind: 'price', share: 8, queries: 16, what: 'price range (half with a brand)' },
  { kind: 'year', share: 7, queries: 14, what: 'year range (half with brand and model)' },
  { kind: 'hot', share: 5, queries: 10, what: 'hot offers (half with a city)' },
  { kind: 'tulpar', share: 4, queries: 8, what: "the company's own cars (half with a brand)" },
  { kind: 'body', share: 6, queries: 12, what: 'body type (half with a city)' },
  {
    kind: 'mixed',
    share: 10,
    queries: 20,
    what: 'brand/model/city with price, year, mileage, gearbox, drive, fuel, new/used, customs, credit, warranty',
  },
  { kind: 'all', share: 6, queries: 12, what: 'no filter (the catalogue landing page)' },
] as const

/** Sort shares (every query gets one): most people keep the default. */
const SORT_SHARES: Record<(typeof LISTING_SORTS)[number], number> = {
  newest: 55,
  price_asc: 20,
  price_desc: 8,
  year_desc: 10,
  mileage_asc: 7,
}
/** Page shares: few people go past page 2. */
const PAGE_SHARES = [70, 14, 8, 5, 3] as const

const PRICE_BANDS: [number | undefined, number | undefined][] = [
  [undefined, 3_000_000],
  [3_000_000, 5_000_000],
  [5_000_000, 8_000_000],
  [8_000_000, 12_000_000],
  [12_000_000, 20_000_000],
  [20_000_000, 35_000_000],
  [35_000_000, undefined],
]
const MILEAGE_MAX = [50_000, 100_000, 150_000, 200_000]

type MixKind = (typeof MIX_KINDS)[number]['kind']
export interface MixQuery {
  kind: MixKind
  /** The query string parameters, in a stable order. */
  params: Record<string, string>
  /** `?brand=...` (empty for no parameters). */
  search: string
  weight: number
}

const MIX_SEED = 20261121

function weightedIndex(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((a, b) => a + b, 0)
  let r = rng.next() * total
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] ?? 0
    if (r < 0) return i
  }
  return weights.length - 1
}

/** The fixed pool of distinct searches, validated against the contract (a bad name fails here, not at run time). */
export function buildMix(seed = MIX_SEED): MixQuery[] {
  const rng = createRng(seed)
  const brandPop = (b: BrandSeed) => b.popularity
  const modelPop = (m: ModelSeed) => m.popularity
  const cityPop = (c: (typeof CITIES)[number]) => c.populationK
  const brand = () => rng.weighted(BRANDS, brandPop)
  const city = () => rng.weighted(CITIES, cityPop).slug
  const brandModel = () => {
    const b = brand()
    return { brand: b.slug, model: rng.weighted(b.models, modelPop).slug }
  }
  const sorts = Object.keys(SORT_SHARES) as (keyof typeof SORT_SHARES)[]
  const sortWeights = sorts.map((s) => SORT_SHARES[s])
  const half = () => rng.chance(0.5)
  const price = () => {
    const [from, to] = rng.pick(PRICE_BANDS)
    return { ...(from ? { priceFrom: String(from) } : {}), ...(to ? { priceTo: String(to) } : {}) }
  }
  const years = () => {
    const from = rng.int(2005, 2022)
    return { yearFrom: String(from), ...(half() ? { yearTo: String(Math.min(2026, from + rng.int(3, 8))) } : {}) }
  }

  const filters: Record<MixKind, () => Record<string, string>> = {
    brand: () => ({ brand: brand().slug }),
    'brand+model': () => brandModel(),
    'brand+model+city': () => ({ ...brandModel(), city: city() }),
    city: () => ({ city: city() }),
    price: () => ({ ...(half() ? { brand: brand().slug } : {}), ...price() }),
    year: () => ({ ...(half() ? brandModel() : {}), ...years() }),
    hot: () => ({ hot: 'true', ...(half() ? { city: city() } : {}) }),
    tulpar: () => ({ tulpar: 'true', ...(half() ? { brand: brand().slug } : {}) }),
    body: () => ({ bodyType: rng.pick(BODY_TYPES), ...(half() ? { city: city() } : {}) }),
    mixed: () => {
      const q: Record<string, string> = rng.chance(0.7) ? brandModel() : { brand: brand().slug }
      if (half()) q.city = city()
      const extras: (() => void)[] = [
        () => Object.assign(q, price()),
        () => Object.assign(q, years()),
        () => {
          q.mileageMax = String(rng.pick(MILEAGE_MAX))
        },
        () => {
          q.transmission = rng.pick(['AT', 'MT', 'CVT'])
        },
        () => {
          q.drive = rng.pick(['FWD', '4WD'])
        },
        () => {
          q.engineType = rng.pick(['petrol', 'diesel', 'hybrid'])
        },
        () => {
          q.newness = rng.pick(['new', 'used'])
        },
        () => {
          q.customsCleared = 'true'
        },
        () => {
          q.credit = 'true'
        },
        () => {
          q.warranty = 'true'
        },
      ]
      for (const add of rng.sample(extras, rng.int(2, 4))) add()
      return q
    },
    all: () => ({}),
  }

  const pool: MixQuery[] = []
  const seen = new Set<string>()
  for (const k of MIX_KINDS) {
    let made = 0
    for (let attempt = 0; made < k.queries && attempt < k.queries * 50; attempt++) {
      const params: Record<string, string> = { ...filters[k.kind]() }
      const sort = sorts[weightedIndex(rng, sortWeights)] ?? 'newest'
      if (sort !== 'newest') params.sort = sort
      const page = weightedIndex(rng, PAGE_SHARES) + 1
      if (page > 1) params.page = String(page)
      const search = toSearch(params)
      if (seen.has(search)) continue
      seen.add(search)
      const parsed = ListingSearchQuery.safeParse(params)
      if (!parsed.success) throw new Error(`mix query ${search} breaks the contract: ${parsed.error.message}`)
      pool.push({ kind: k.kind, params, search, weight: k.share / k.queries })
      made++
    }
  }
  return pool
}

function toSearch(params: Record<string, string>): string {
  const s = new URLSearchParams(params).toString()
  return s ? `?${s}` : ''
}

/** A repeatable sequence of `count` requests drawn from the pool by weight. */
export function drawSequence(pool: readonly MixQuery[], count: number, seed = MIX_SEED + 1): MixQuery[] {
  const rng = createRng(seed)
  const weights = pool.map((q) => q.weight)
  return Array.from({ length: count }, () => pool[weightedIndex(rng, weights)] as MixQuery)
}

/** The mix in words, for the run's table (bench/report.ts). */
export function describeMix(pool: readonly MixQuery[]): string {
  const lines = MIX_KINDS.map((k) => `${k.share}% ${k.what} (${pool.filter((q) => q.kind === k.kind).length} queries)`)
  const sorts = Object.entries(SORT_SHARES)
    .map(([s, w]) => `${s} ${w}%`)
    .join(', ')
  const pages = PAGE_SHARES.map((w, i) => `${i + 1}: ${w}%`).join(', ')
  return `${lines.join('; ')}. Sorts: ${sorts}. Pages ${pages}.`
}

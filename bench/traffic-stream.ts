import { DEFAULT_LOCALE, type Locale, similarCarsPath } from '@tulpar/contracts'
import { BODY_TYPES } from '@tulpar/contracts/constants'
import { createRng, type Rng } from '../apps/api/src/db/seed/demo/random.ts'
import { catalogueHref } from '../apps/web/app/features/catalogue/href.ts'
import type { PublishedCars } from './database.ts'
import type { MixQuery } from './mix.ts'

/*
 * The market's request stream (issue 39, `npm run bench -- --only traffic`): who asks for what, drawn with a seeded
 * PRNG, so every run sends the same sessions in the same order (which of the connections takes a session depends on
 * the server's speed; the stream does not). docs/performance.md ("A benchmark that looks like a market") explains
 * every number below.
 */

/** What a drawn request asks for, and its share of the drawn requests. Photos are left out (the choice). */
const TRAFFIC_KINDS = [
  { kind: 'car', share: 50, what: 'car page /cars/{id}' },
  { kind: 'catalogue', share: 20, what: "catalogue page /auto/... (the search mix's filters as readable URLs)" },
  { kind: 'home', share: 5, what: 'home page /' },
  { kind: 'api-car', share: 13, what: 'car detail API GET /api/cars/{id}/' },
  { kind: 'api-search', share: 12, what: "search API GET /api/cars/?... (the search mix's queries)" },
] as const
/** A kind a session draws. */
export type DrawnKind = (typeof TRAFFIC_KINDS)[number]['kind']

/**
 * What a car page's browser asks for once the page has loaded (decision 045): its similar cars, at an address shared
 * by every car of the car's model, body type and price band. Drawn by no one: it follows every car page view on the
 * same connection. A request of the mix (real work for the server) but not a page view.
 */
export const SIMILAR_FOLLOW_UP = {
  kind: 'similar',
  what: 'similar cars GET /api/cars/similar/?...',
} as const
export type TrafficKind = DrawnKind | typeof SIMILAR_FOLLOW_UP.kind

/** Every kind in the order the report lists them: the car pages' follow-ups right after the car pages. */
export const REPORTED_KINDS: readonly TrafficKind[] = TRAFFIC_KINDS.flatMap((k) =>
  k.kind === 'car' ? [k.kind, SIMILAR_FOLLOW_UP.kind] : [k.kind],
)

/** A quarter of the sessions are signed in (their session cookie on every request), the rest guests. */
const SIGNED_IN_SHARE = 0.25
/** A guest's language cookie: none (Russian, the default) for most; Kazakh and English for some. */
export const GUEST_LOCALES = [
  { locale: null, share: 85 },
  { locale: 'kk', share: 10 },
  { locale: 'en', share: 5 },
] as const
/** Returning guests carry the visitor id the car page's view beacon set (`tulpar_vid`); new ones no cookie at all. */
const RETURNING_GUEST_SHARE = 0.7
/**
 * The city a browser that has run a page's scripts has chosen (returning guests and signed-in visitors): the city
 * dialog opens on a first visit until one is chosen and keeps the choice in the `city` cookie, which the guests' page
 * key names. Weights are the cities' populations in thousands (rounded, the bench's assumption; KZ-FACTS.md names
 * the largest), and "all Kazakhstan" (`city=all`) for ALL_KAZAKHSTAN_SHARE of them. New guests (no cookie at all)
 * have none. Until 2026-11-27 (fourth session) no session carried one.
 */
const CITY_WEIGHTS: Record<string, number> = {
  almaty: 2300,
  astana: 1400,
  shymkent: 1250,
  aktobe: 580,
  karaganda: 500,
  taraz: 430,
  pavlodar: 360,
  semey: 350,
  oskemen: 340,
  oral: 330,
  atyrau: 300,
  aktau: 260,
  kostanay: 260,
  kyzylorda: 250,
  petropavl: 220,
  turkistan: 200,
  temirtau: 170,
  zhanaozen: 160,
  kokshetau: 150,
  taldykorgan: 150,
  ekibastuz: 135,
  rudny: 110,
  zhezkazgan: 90,
  balkhash: 70,
  konaev: 60,
}
const ALL_KAZAKHSTAN_SHARE = 0.15
/** Requests per session: 1 + a geometric draw of this mean (so 6 on average), at most SESSION_MAX. */
const SESSION_EXTRA_MEAN = 5
const SESSION_MAX = 40

/**
 * Car popularity: Zipf's law over every published listing, P(rank k) ∝ 1 / k^ZIPF_EXPONENT. The rank order mixes
 * recency and chance: each listing's key is RECENCY_WEIGHT × its place among the newest (0 the newest, 1 the
 * oldest) + (1 − RECENCY_WEIGHT) × a uniform draw, the smallest key the most popular. So the head of the
 * distribution is made of recent listings, but not strictly the newest ones.
 */
export const ZIPF_EXPONENT = 1
const RECENCY_WEIGHT = 0.5

export const TRAFFIC_SEED = 20261126

/**
 * A browser's request headers, as Chrome sends them for a page (over HTTPS, and to 127.0.0.1): it takes Zstandard,
 * as Edge, Firefox, Opera, Yandex Browser and the app's Android WebView do (decision 027). The focused runs use them.
 */
export const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
} as const

/**
 * Sessions whose browser takes no Zstandard (Safari, iPhones' browsers): brotli at most. About a fifth of the
 * country's page views are Safari's (an assumption of this bench, not a measurement of ours). Until 2026-11-27 every
 * session asked `br, gzip`.
 */
const NO_ZSTD_SHARE = 0.2
const NO_ZSTD_ACCEPT_ENCODING = 'gzip, deflate, br'

/** What a car's similar cars are asked by: similarCarsPath's car. */
type SimilarCarsKey = Parameters<typeof similarCarsPath>[0]

/**
 * Published listings in order of popularity (index 0 the most popular) and a Zipf draw over them. Beside each id,
 * what its similar cars' address is written from, in typed arrays (17 bytes a car).
 */
export class Popularity {
  readonly ids: Int32Array
  private readonly modelIds: Int32Array
  private readonly brandIds: Int32Array
  private readonly bodyTypes: Uint8Array
  private readonly pricesKzt: Float64Array
  private readonly cumulative: Float64Array

  /** `newestFirst`: the published listings, newest publication first (bench/database.ts reads them). */
  constructor(newestFirst: PublishedCars, seed = TRAFFIC_SEED) {
    const n = newestFirst.ids.length
    if (n === 0) throw new Error('no published listings to draw car pages from')
    const rng = createRng(seed)
    const keys = new Float64Array(n)
    for (let i = 0; i < n; i++) keys[i] = (RECENCY_WEIGHT * i) / n + (1 - RECENCY_WEIGHT) * rng.next()
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number))
    this.ids = new Int32Array(n)
    this.modelIds = new Int32Array(n)
    this.brandIds = new Int32Array(n)
    this.bodyTypes = new Uint8Array(n)
    this.pricesKzt = new Float64Array(n)
    for (let rank = 0; rank < n; rank++) {
      const i = order[rank] as number
      this.ids[rank] = newestFirst.ids[i] as number
      this.modelIds[rank] = newestFirst.modelIds[i] as number
      this.brandIds[rank] = newestFirst.brandIds[i] as number
      this.bodyTypes[rank] = newestFirst.bodyTypes[i] as number
      this.pricesKzt[rank] = newestFirst.pricesKzt[i] as number
    }
    this.cumulative = new Float64Array(n)
    let total = 0
    for (let k = 0; k < n; k++) {
      total += 1 / (k + 1) ** ZIPF_EXPONENT
      this.cumulative[k] = total
    }
  }

  get size(): number {
    return this.ids.length
  }

  /** The share of car page views that go to the `top` most popular cars. */
  headShare(top: number): number {
    const last = this.cumulative.length - 1
    return (this.cumulative[Math.min(top, this.cumulative.length) - 1] ?? 0) / (this.cumulative[last] ?? 1)
  }

  /** The listing at popularity rank `rank` (0 the most popular). */
  at(rank: number): number {
    return this.ids[rank] ?? 0
  }

  /** What the similar cars of the listing at popularity rank `rank` are asked by. */
  similarKeyAt(rank: number): SimilarCarsKey {
    return {
      modelId: this.modelIds[rank] ?? 0,
      brandId: this.brandIds[rank] ?? 0,
      bodyType: BODY_TYPES[(this.bodyTypes[rank] ?? 0) - 1] ?? null,
      priceKzt: this.pricesKzt[rank] ?? 0,
    }
  }

  /** A popularity rank drawn by Zipf's law (one draw of `rng`). */
  drawRank(rng: Rng): number {
    const target = rng.next() * (this.cumulative[this.cumulative.length - 1] ?? 0)
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.cumulative[mid] as number) > target) hi = mid
      else lo = mid + 1
    }
    return lo
  }

  /** A listing id drawn by Zipf's law. */
  draw(rng: Rng): number {
    return this.at(this.drawRank(rng))
  }
}

interface TrafficRequest {
  kind: TrafficKind
  path: string
  /**
   * Asked by the page's script, not as a page: decision 045's island fetches its similar cars without cookies,
   * accepting JSON (features/car/similar-cars.tsx).
   */
  fromScript?: true
}

export interface Session {
  signedIn: boolean
  /** The Cookie header of every request of the session ('' for a new guest). */
  cookie: string
  /** The Accept-Encoding of its browser. */
  acceptEncoding: string
  requests: TrafficRequest[]
}

/** Draws index i with probability weights[i] / sum. */
function sampler(weights: readonly number[]): (rng: Rng) => number {
  const cumulative: number[] = []
  let total = 0
  for (const w of weights) {
    total += w
    cumulative.push(total)
  }
  return (rng) => {
    const target = rng.next() * total
    const i = cumulative.findIndex((c) => c > target)
    return i < 0 ? weights.length - 1 : i
  }
}

const VID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const visitorId = (rng: Rng) => Array.from({ length: 22 }, () => VID_ALPHABET[rng.int(0, 63)]).join('')

/** The catalogue page of a search of the mix: its filters as the web writes them (features/catalogue/href.ts). */
const catalogueUrlOf = (q: MixQuery) => catalogueHref(q.params)

/**
 * An endless, repeatable stream of sessions. `signedInCookies` are the bench users' session cookies (none: every
 * session is a guest's). `kinds` narrows the stream to some kinds (their shares kept relative to each other). Every
 * car page is followed by its similar cars' follow-up unless `followSimilar` is false; the follow-ups draw nothing,
 * so the sessions' drawn requests are the same either way.
 */
export function createSessionStream(options: {
  popularity: Popularity
  pool: readonly MixQuery[]
  signedInCookies: readonly string[]
  kinds?: readonly DrawnKind[]
  followSimilar?: boolean
  seed?: number
  /** The database's city ids by slug: the `city` cookie's values (none: no session carries one). */
  cityIds?: ReadonlyMap<string, number>
}): () => Session {
  const { popularity, pool, signedInCookies } = options
  const rng = createRng(options.seed ?? TRAFFIC_SEED + 1)
  // Drawn apart, so the sessions (kinds, cars, cookies) are the ones every earlier run drew.
  const browserRng = createRng((options.seed ?? TRAFFIC_SEED + 1) + 7)
  const kinds = TRAFFIC_KINDS.filter((k) => !options.kinds || options.kinds.includes(k.kind))
  if (kinds.length === 0) throw new Error('the session stream needs at least one kind')
  const drawKind = sampler(kinds.map((k) => k.share))
  const drawQuery = sampler(pool.map((q) => q.weight))
  const drawLocale = sampler(GUEST_LOCALES.map((l) => l.share))
  // Drawn apart too: the cities change no other draw.
  const cityRng = createRng((options.seed ?? TRAFFIC_SEED + 1) + 13)
  const cities = Object.entries(CITY_WEIGHTS).flatMap(([slug, weight]) => {
    const id = options.cityIds?.get(slug)
    return id === undefined ? [] : [{ id, weight }]
  })
  const drawCity = cities.length > 0 ? sampler(cities.map((c) => c.weight)) : null
  const cataloguePaths = pool.map(catalogueUrlOf)
  const followSimilar = options.followSimilar ?? true
  const request = (kind: Exclude<DrawnKind, 'car'>): TrafficRequest => {
    switch (kind) {
      case 'api-car':
        return { kind, path: `/api/cars/${popularity.draw(rng)}/` }
      case 'catalogue':
        return { kind, path: cataloguePaths[drawQuery(rng)] ?? '/auto' }
      case 'api-search':
        return { kind, path: `/api/cars/${pool[drawQuery(rng)]?.search ?? ''}` }
      case 'home':
        return { kind, path: '/' }
    }
  }
  /** The requests of one drawn kind: the request, and a car page's follow-up after it. */
  const requestsOf = (kind: DrawnKind, locale: Locale): TrafficRequest[] => {
    if (kind !== 'car') return [request(kind)]
    const rank = popularity.drawRank(rng)
    const page: TrafficRequest = { kind, path: `/cars/${popularity.at(rank)}` }
    if (!followSimilar) return [page]
    // The band of the price the car had when the run began. A browser reads it from the page, after the change
    // stream's changes (1-5%, now and then across a band's edge); the stream keeps the first so every run is the same.
    const path = similarCarsPath(popularity.similarKeyAt(rank), locale)
    return [page, { kind: SIMILAR_FOLLOW_UP.kind, path, fromScript: true }]
  }
  return () => {
    const signedIn = signedInCookies.length > 0 && rng.chance(SIGNED_IN_SHARE)
    const cookies: string[] = []
    if (signedIn) cookies.push(signedInCookies[rng.int(0, signedInCookies.length - 1)] as string)
    // A returning guest's browser has run a page's scripts too (their mark, which no page depends on).
    const ranScripts = signedIn || rng.chance(RETURNING_GUEST_SHARE)
    if (ranScripts) cookies.push(`tulpar_vid=${visitorId(rng)}`)
    if (!signedIn && cookies.length > 0) cookies.push('tulpar_js=1')
    const locale = signedIn ? null : GUEST_LOCALES[drawLocale(rng)]?.locale
    if (locale) cookies.push(`locale=${locale}`)
    // Drawn for every session (the same sessions get the same cities whatever the cookies), sent by those whose
    // browser ran the city dialog.
    const city = cityRng.chance(ALL_KAZAKHSTAN_SHARE) ? 'all' : cities[drawCity?.(cityRng) ?? -1]?.id
    if (drawCity && ranScripts && city !== undefined) cookies.push(`city=${city}`)
    // Geometric: each further request with probability mean / (mean + 1).
    let length = 1
    while (length < SESSION_MAX && rng.chance(SESSION_EXTRA_MEAN / (SESSION_EXTRA_MEAN + 1))) length++
    // The follow-up asks in the page's language: the cookie's, else Russian (signed-in sessions carry none).
    const pageLocale = locale ?? DEFAULT_LOCALE
    const requests = Array.from({ length }, () => requestsOf(kinds[drawKind(rng)]?.kind ?? 'car', pageLocale)).flat()
    const acceptEncoding = browserRng.chance(NO_ZSTD_SHARE)
      ? NO_ZSTD_ACCEPT_ENCODING
      : BROWSER_HEADERS['accept-encoding']
    return { signedIn, cookie: cookies.join('; '), acceptEncoding, requests }
  }
}

function cityWords(): string {
  const total = Object.values(CITY_WEIGHTS).reduce((a, b) => a + b, 0)
  const almaty = Math.round(((1 - ALL_KAZAKHSTAN_SHARE) * 100 * (CITY_WEIGHTS.almaty ?? 0)) / total)
  return (
    `signed-in and returning sessions carry a city cookie (${Math.round(ALL_KAZAKHSTAN_SHARE * 100)}% all ` +
    `Kazakhstan, the rest by population: Almaty ${almaty}%)`
  )
}

/** The stream in words, for the run's results. */
export function describeTraffic(cityCookies = true, followSimilar = true): string {
  const kinds = TRAFFIC_KINDS.map((k) => `${k.share}% ${k.what}`).join(', ')
  const locales = GUEST_LOCALES.map((l) => `${l.share}% ${l.locale ?? 'no locale cookie'}`).join(', ')
  const followUp = followSimilar
    ? `each car page followed on its connection by its ${SIMILAR_FOLLOW_UP.what}, as its browser asks once the page ` +
      "has loaded (decision 045: the band of the car's price, the session's language, no cookies), a request of the " +
      'mix but not a page view'
    : 'no car page followed by its similar cars (--traffic-no-follow-similar)'
  return (
    `Requests drawn: ${kinds}; ${followUp}; no photos. Sessions: ${Math.round(SIGNED_IN_SHARE * 100)}% signed in (session cookie, ` +
    `tulpar_vid and tulpar_js), ${Math.round((1 - SIGNED_IN_SHARE) * 100)}% guests (${Math.round(RETURNING_GUEST_SHARE * 100)}% ` +
    `with a tulpar_vid and tulpar_js; ${locales}); ${cityCookies ? cityWords() : 'no city cookie (--traffic-no-city)'}; 1 + geometric(mean ${SESSION_EXTRA_MEAN}) requests each, at most ${SESSION_MAX}. ` +
    `Cars: Zipf exponent ${ZIPF_EXPONENT} over every published listing, ranked by ${RECENCY_WEIGHT} x recency + ` +
    `${1 - RECENCY_WEIGHT} x chance. Accept-Encoding: ${Math.round((1 - NO_ZSTD_SHARE) * 100)}% of sessions ` +
    `${BROWSER_HEADERS['accept-encoding']} (the focused runs too), ${Math.round(NO_ZSTD_SHARE * 100)}% ${NO_ZSTD_ACCEPT_ENCODING}.`
  )
}

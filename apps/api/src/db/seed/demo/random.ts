/**
 * A small seeded PRNG for demo data: mulberry32 (32-bit state, fast, good enough for sampling) plus the
 * helpers the generator needs. The same seed always gives the same sequence.
 */

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** Uniform float in [min, max). */
  float(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /**
   * Draws an item with probability proportional to `weightFn(item)`. The cumulative weights are computed
   * once per (items, weightFn) pair and cached, so pass the same array and the same function (not a new
   * arrow function per call) when drawing repeatedly.
   */
  weighted<T>(items: readonly T[], weightFn: (item: T) => number): T
  chance(p: number): boolean
  /** Normally distributed (Box-Muller). */
  normal(mean: number, sd: number): number
  /** `count` distinct items in random order (partial Fisher-Yates on a copy). */
  sample<T>(items: readonly T[], count: number): T[]
  shuffle<T>(items: T[]): T[]
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  let spareNormal: number | null = null

  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() from an empty array')
      return items[Math.floor(next() * items.length)] as (typeof items)[number]
    },
    weighted: (items, weightFn) => weightedSampler(items, weightFn).draw(rng),
    chance: (p) => next() < p,
    normal: (mean, sd) => {
      if (spareNormal !== null) {
        const z = spareNormal
        spareNormal = null
        return mean + sd * z
      }
      let u = 0
      while (u === 0) u = next()
      const v = next()
      const radius = Math.sqrt(-2 * Math.log(u))
      spareNormal = radius * Math.sin(2 * Math.PI * v)
      return mean + sd * radius * Math.cos(2 * Math.PI * v)
    },
    sample: (items, count) => {
      const copy = items.slice()
      const n = Math.min(count, copy.length)
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i))
        const tmp = copy[i] as (typeof copy)[number]
        copy[i] = copy[j] as (typeof copy)[number]
        copy[j] = tmp
      }
      return copy.slice(0, n)
    },
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        const tmp = items[i] as (typeof items)[number]
        items[i] = items[j] as (typeof items)[number]
        items[j] = tmp
      }
      return items
    },
  }
  return rng
}

export interface WeightedSampler<T> {
  readonly items: readonly T[]
  readonly total: number
  draw(rng: Rng): T
}

// biome-ignore lint/suspicious/noExplicitAny: the cache holds samplers of any item type.
const samplerCache = new WeakMap<readonly unknown[], Map<(item: any) => number, WeightedSampler<unknown>>>()

/**
 * Precomputes the cumulative weights of `items` (weights ≤ 0 are never drawn) and draws with a binary
 * search: O(log n) per draw. Cached per (items, weightFn).
 */
export function weightedSampler<T>(items: readonly T[], weightFn: (item: T) => number): WeightedSampler<T> {
  let byFn = samplerCache.get(items)
  if (!byFn) {
    byFn = new Map()
    samplerCache.set(items, byFn)
  }
  const cached = byFn.get(weightFn)
  if (cached) return cached as WeightedSampler<T>
  const sampler = buildSampler(items, weightFn)
  byFn.set(weightFn, sampler as WeightedSampler<unknown>)
  return sampler
}

function buildSampler<T>(items: readonly T[], weightFn: (item: T) => number): WeightedSampler<T> {
  const cumulative = new Float64Array(items.length)
  let total = 0
  items.forEach((item, i) => {
    const w = weightFn(item)
    total += Number.isFinite(w) && w > 0 ? w : 0
    cumulative[i] = total
  })
  if (total <= 0) throw new Error('weighted(): no item has a positive weight')
  return {
    items,
    total,
    draw(rng) {
      const target = rng.next() * total
      let lo = 0
      let hi = cumulative.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if ((cumulative[mid] as number) > target) hi = mid
        else lo = mid + 1
      }
      return items[lo] as T
    },
  }
}

/** Mixes integers into one 32-bit seed (for per-chunk and per-purpose streams). */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5
  for (const part of parts) {
    let x = Math.floor(part) >>> 0
    const hi = Math.floor(part / 4294967296) >>> 0
    x ^= Math.imul(hi, 0x9e3779b1)
    h = Math.imul(h ^ x, 0x01000193) >>> 0
    h ^= h >>> 15
    h = Math.imul(h, 0x2c1b3c6d) >>> 0
    h ^= h >>> 12
  }
  return h >>> 0
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max)
}

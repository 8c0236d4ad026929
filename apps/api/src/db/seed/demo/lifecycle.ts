import { roundPrice } from './pricing.ts'
import type { Rng } from './random.ts'
import type { InspectionItem, InspectionRow, ListingStatusValue, PhotoSpec, PriceHistoryRow } from './types.ts'

/** Status, dates, counters, price history, photos and inspection reports of a demo listing. */

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
const SPREAD_DAYS = 90

const STATUS_SHARES: readonly (readonly [ListingStatusValue, number])[] = [
  ['published', 0.92],
  ['sold', 0.03],
  ['moderation', 0.02],
  ['draft', 0.02],
  ['archived', 0.01],
]

export function pickStatus(rng: Rng): ListingStatusValue {
  let r = rng.next()
  for (const [status, share] of STATUS_SHARES) {
    if (r < share) return status
    r -= share
  }
  return 'published'
}

/** Whether the listing has been visible to buyers (and so has a publication date and a price history). */
export function wasPublished(status: ListingStatusValue): boolean {
  return status === 'published' || status === 'sold' || status === 'archived'
}

export interface ListingDates {
  createdAt: Date
  publishedAt: Date | null
  statusChangedAt: Date
}

/** Created within the last 90 days; published 1-48 h after creation; moderation and drafts are recent. */
export function pickDates(rng: Rng, status: ListingStatusValue, now: Date): ListingDates {
  const nowMs = now.getTime()
  if (status === 'moderation') {
    const createdAt = new Date(nowMs - rng.float(0.05, 3) * DAY_MS)
    return { createdAt, publishedAt: null, statusChangedAt: new Date(createdAt.getTime() + rng.float(1, 30) * 60_000) }
  }
  // Skewed towards recent days: a marketplace grows, and old listings get sold or archived.
  const ageDays = SPREAD_DAYS * rng.next() ** 1.3
  const createdMs = nowMs - ageDays * DAY_MS
  if (status === 'draft') {
    const createdAt = new Date(createdMs)
    return { createdAt, publishedAt: null, statusChangedAt: createdAt }
  }
  const publishedMs = Math.min(nowMs, createdMs + rng.float(1, 48) * HOUR_MS)
  const publishedAt = new Date(publishedMs)
  if (status === 'published') return { createdAt: new Date(createdMs), publishedAt, statusChangedAt: publishedAt }
  const changedMs = publishedMs + rng.float(0.2, 0.95) * (nowMs - publishedMs)
  return { createdAt: new Date(createdMs), publishedAt, statusChangedAt: new Date(changedMs) }
}

/** Views grow with days online (most in the first week); hot and Tulpar cars get more attention. */
export function pickViews(
  rng: Rng,
  publishedAt: Date | null,
  endAt: Date,
  boosted: boolean,
): { views: number; reveals: number } {
  if (!publishedAt) return { views: 0, reveals: 0 }
  const days = Math.max(0, (endAt.getTime() - publishedAt.getTime()) / DAY_MS)
  const perDay = Math.exp(rng.normal(Math.log(9), 0.6)) * (boosted ? 2.2 : 1)
  const effectiveDays = Math.min(days, 7) + Math.max(0, days - 7) * 0.35
  const views = Math.round(perDay * effectiveDays + rng.int(0, 5))
  return { views, reveals: Math.round(views * rng.float(0.02, 0.08)) }
}

/**
 * Price history ending at the current price: ~30% of listings were first offered 1-3 times at higher prices
 * (2-8% steps), the first at publication, then spread over the time online.
 */
export function pickPriceHistory(
  rng: Rng,
  listingId: number,
  currentPrice: number,
  publishedAt: Date,
  endAt: Date,
): PriceHistoryRow[] {
  const earlier = rng.chance(0.3) ? rng.int(1, 3) : 0
  const prices = [currentPrice]
  for (let i = 0; i < earlier; i++) {
    const previous = prices[0] as number
    const higher = roundPrice(previous * (1 + rng.float(0.02, 0.08)))
    prices.unshift(higher > previous ? higher : previous + 10_000)
  }
  const start = publishedAt.getTime()
  const span = Math.max(0, endAt.getTime() - start)
  const times = [start]
  for (let i = 1; i < prices.length; i++) times.push(start + span * rng.float(0.05, 0.95))
  times.sort((a, b) => a - b)
  return prices.map((priceKzt, i) => ({ listingId, priceKzt, changedAt: new Date(times[i] as number) }))
}

/** 1-3 illustrations: scene 0 (the cover) first, then the other scenes in random order. */
export function pickPhotos(
  rng: Rng,
  listingId: number,
  bodyType: string,
  colourHex: string,
  createdAt: Date,
): PhotoSpec[] {
  const count = rng.int(1, 3)
  const rest: (1 | 2)[] = rng.chance(0.5) ? [1, 2] : [2, 1]
  const scenes: (0 | 1 | 2)[] = [0, ...rest].slice(0, count) as (0 | 1 | 2)[]
  return scenes.map((scene, position) => ({ listingId, position, bodyType, colourHex, scene, createdAt }))
}

const INSPECTION_CODES = [
  'body_paint',
  'engine',
  'gearbox',
  'suspension',
  'electrics',
  'legal_history',
  'mileage_check',
  'test_drive',
] as const

const MINOR_NOTES: Readonly<Record<string, readonly string[]>> = {
  body_paint: ['Локальный окрас заднего бампера', 'Мелкие сколы на капоте'],
  suspension: ['Рекомендуется замена передних стоек стабилизатора', 'Износ сайлентблоков рычагов'],
  electrics: ['Слабый аккумулятор, рекомендуется замена'],
  engine: ['Запотевание клапанной крышки'],
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The TulparAutoCheck report of a company car: ready with a date, or a few still generating. */
export function pickInspection(
  rng: Rng,
  listingId: number,
  vin: string,
  publishedAt: Date | null,
  createdAt: Date,
): InspectionRow {
  const generating = rng.chance(0.04)
  const checkedAt = new Date((publishedAt ?? createdAt).getTime() - rng.float(1, 5) * DAY_MS)
  const summary: InspectionItem[] = INSPECTION_CODES.map((code) => ({ code, ok: true }))
  // Company cars pass the check; a minority get one minor remark.
  if (rng.chance(0.2)) {
    const codes = Object.keys(MINOR_NOTES)
    const code = rng.pick(codes)
    const item = summary.find((s) => s.code === code) as InspectionItem
    item.ok = false
    item.note = rng.pick(MINOR_NOTES[code] as readonly string[])
  }
  return {
    listingId,
    requestedBy: null,
    name: 'TulparAutoCheck',
    vin,
    reportDate: generating ? null : isoDate(checkedAt),
    status: generating ? 'generating' : 'ready',
    summary,
    fileKey: null,
    createdAt: checkedAt,
  }
}

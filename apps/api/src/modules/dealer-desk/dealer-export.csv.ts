import type { DealerStats } from '@tulpar/contracts'
import { csvField } from '../audit/index.ts'

/** A CSV line (RFC 4180, CRLF), each text through the audit export's field writer (formula-safe). */
const line = (fields: (string | number | null)[]) =>
  `${fields.map((f) => csvField(f === null ? null : String(f))).join(',')}\r\n`

export const STOCK_CSV_HEADER = line([
  'id',
  'external_id',
  'status',
  'make',
  'model',
  'year',
  'price_kzt',
  'mileage',
  'mileage_unit',
  'vin',
  'published_at',
  'updated_at',
])

export interface StockCsvRow {
  id: number
  externalId: string | null
  status: string
  brand: string | null
  model: string | null
  year: number | null
  priceKzt: number | null
  mileage: number | null
  mileageUnit: string | null
  vin: string | null
  publishedAt: Date | null
  updatedAt: Date
}

export function stockCsvLine(r: StockCsvRow): string {
  return line([
    r.id,
    r.externalId,
    r.status,
    r.brand,
    r.model,
    r.year,
    r.priceKzt,
    r.mileage,
    r.mileageUnit,
    r.vin,
    r.publishedAt?.toISOString() ?? null,
    r.updatedAt.toISOString(),
  ])
}

const STATS_CSV_HEADER = line([
  'listing_id',
  'title',
  'day',
  'views',
  'phone_reveals',
  'favourites',
  'callbacks',
  'chats',
])

/** One line per car and day with something counted, oldest day first; a car with nothing counted gets one line. */
export function statsCsv(stats: DealerStats): string {
  let out = STATS_CSV_HEADER
  for (const car of stats.cars) {
    if (car.days.length === 0) out += line([car.id, car.title, null, 0, 0, 0, 0, 0])
    for (const d of car.days)
      out += line([car.id, car.title, d.day, d.views, d.reveals, d.favourites, d.callbacks, d.chats])
  }
  return out
}

import { FEED_FIELDS, type FeedField } from '@tulpar/contracts'

/*
 * The fields of a feed car, one set for CSV columns and XML elements (docs/feeds.md). Each field has its documented
 * name and the other names dealers' exports use for it (kolesa.kz and auto.ru style exports, Russian headers of
 * spreadsheets); a name is compared lower-cased, with spaces, dashes and dots as underscores.
 */

/** A car as read from the feed: text values (lists for options and photos), nothing checked yet. */
export interface RawCar {
  /** 1 for the first car of the feed. */
  row: number
  /** The line of the file the car starts on. */
  line: number
  values: Partial<Record<CarField, string>>
  options: string[]
  photos: string[]
  /** Set when the row itself is broken (a CSV line with the wrong number of cells). */
  broken?: 'columns'
}

export type CarField = Exclude<FeedField, 'options' | 'photo_urls' | 'row'>

const ALIASES: Record<CarField, string[]> = {
  external_id: ['external_id', 'id', 'internal_id', 'unique_id', 'stock_id', 'stock_number', 'артикул', 'код'],
  make: ['make', 'mark', 'mark_id', 'brand', 'марка'],
  model: ['model', 'folder_id', 'модель'],
  year: ['year', 'год', 'год_выпуска'],
  generation: ['generation', 'поколение'],
  modification: ['modification', 'modification_id', 'модификация', 'комплектация_двигателя'],
  body: ['body', 'body_type', 'кузов', 'тип_кузова'],
  engine_volume: ['engine_volume', 'volume', 'объем', 'объём', 'объем_двигателя', 'объём_двигателя'],
  fuel: ['fuel', 'engine_type', 'топливо', 'двигатель', 'тип_двигателя'],
  power_hp: ['power_hp', 'power', 'мощность'],
  transmission: ['transmission', 'gearbox', 'кпп', 'коробка', 'коробка_передач'],
  drive: ['drive', 'привод'],
  steering: ['steering', 'wheel', 'руль'],
  color: ['color', 'colour', 'цвет'],
  mileage_km: ['mileage_km', 'mileage', 'run', 'пробег'],
  price_kzt: ['price_kzt', 'price', 'цена'],
  currency: ['currency', 'валюта'],
  vin: ['vin', 'vin_code', 'вин'],
  city: ['city', 'город', 'poi_id'],
  description: ['description', 'описание'],
  is_new: ['is_new', 'new', 'новый'],
  customs_cleared: ['customs_cleared', 'custom', 'растаможен'],
  damaged: ['damaged', 'state_damaged', 'аварийный', 'битый'],
  warranty: ['warranty', 'гарантия'],
  bargain: ['bargain', 'торг'],
  exchange: ['exchange', 'обмен'],
}
/** Names of the option and photo lists (a CSV column with `|` between items, or an XML element of items). */
const LIST_ALIASES = {
  options: ['options', 'extras', 'equipment', 'опции', 'комплектация'],
  photo_urls: ['photo_urls', 'photos', 'images', 'photo', 'фото'],
} as const

/** A header cell or element name as compared: lower case, `_` for spaces, dashes and dots, no BOM. */
const nameKey = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s.-]+/g, '_')

const BY_NAME = new Map<string, CarField | 'options' | 'photo_urls'>()
for (const [field, names] of Object.entries(ALIASES) as [CarField, string[]][])
  for (const n of names) BY_NAME.set(nameKey(n), field)
for (const [field, names] of Object.entries(LIST_ALIASES) as ['options' | 'photo_urls', readonly string[]][])
  for (const n of names) BY_NAME.set(nameKey(n), field)

/** The field a column header or element name stands for; null for one we do not read. */
export function fieldOf(name: string): CarField | 'options' | 'photo_urls' | null {
  return BY_NAME.get(nameKey(name)) ?? null
}

/** Without these a feed cannot be read at all: a CSV whose header lacks one is refused whole. */
export const REQUIRED_COLUMNS = ['external_id', 'make', 'model', 'year', 'mileage_km', 'price_kzt'] as const

/**
 * The CSV template's columns, in the documented order: the feed's fields but the currency (tenge is assumed) and the row
 * (a report's own field, not a column).
 */
const TEMPLATE_COLUMNS = FEED_FIELDS.filter((f) => f !== 'currency' && f !== 'row')

const TEMPLATE_ROWS = [
  [
    'A-1001',
    'Toyota',
    'Camry',
    '2019',
    'XV70',
    '2.5 AT (181 л.с.)',
    'sedan',
    '2.5',
    'petrol',
    '181',
    'AT',
    'FWD',
    'left',
    'white',
    '64000',
    '15900000',
    'JTNB11HK503012345',
    'Алматы',
    'Один владелец, обслуживание у дилера.',
    'abs|esp|front_airbags|rear_camera',
    'https://dealer.example.kz/photos/a-1001-1.jpg|https://dealer.example.kz/photos/a-1001-2.jpg',
    'no',
    'yes',
    'no',
    'no',
    'yes',
    'no',
  ],
  [
    'A-1002',
    'Lada',
    'Granta',
    '2023',
    '',
    '1.6 MT',
    'sedan',
    '1.6',
    'petrol',
    '98',
    'MT',
    'FWD',
    'left',
    'grey',
    '0',
    '6200000',
    '',
    'Астана',
    'Новая машина, на гарантии; "Lada Granta" 2023 года',
    'air_conditioning',
    'https://dealer.example.kz/photos/a-1002-1.jpg',
    'yes',
    'yes',
    'no',
    'yes',
    'no',
    'no',
  ],
] as const

/** The downloadable CSV template: the documented header and two example cars, comma-separated, UTF-8. */
export function feedTemplateCsv(): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)
  return `${[TEMPLATE_COLUMNS.join(','), ...TEMPLATE_ROWS.map((r) => r.map(quote).join(','))].join('\r\n')}\r\n`
}

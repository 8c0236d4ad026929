import { isIP } from 'node:net'
import {
  type BodyType,
  classifyVin,
  type Drive,
  type EngineType,
  type FeedField,
  type FeedRowCode,
  MAX_DESCRIPTION_LENGTH,
  MAX_LISTING_PHOTOS,
  MAX_MILEAGE_KM,
  MAX_PRICE_KZT,
  MIN_YEAR,
  NEW_CAR_MAX_KM,
  normaliseVin,
  type Steering,
  type Transmission,
} from '@tulpar/contracts'
import { isPublicAddress } from '../../lib/public-address.ts'
import type { CarField, RawCar } from './feed-fields.ts'
import { foldName } from './feed-names.ts'

/*
 * The rules one feed car is held to before its names are matched (pure, no I/O): the same bounds as the listing
 * form (contracts: year from MIN_YEAR to next year, price 1..MAX_PRICE_KZT tenge, mileage up to MAX_MILEAGE_KM, the VIN
 * rule, MAX_LISTING_PHOTOS photos), and the words of the documented vocabularies (fuel, gearbox, drive, steering,
 * body, yes/no) in the codes listings use.
 */

export interface RowProblem {
  code: FeedRowCode
  field: FeedField
  value: string | null
  params?: Record<string, string | number>
}

/** A car whose values are checked and turned into our codes; names still to be matched to the reference data. */
export interface CheckedCar {
  externalId: string | null
  names: { make: string | null; model: string | null; generation: string | null; modification: string | null }
  city: string | null
  color: string | null
  options: string[]
  year: number | null
  bodyType: BodyType | null
  engineType: EngineType | null
  engineVolumeCc: number | null
  powerHp: number | null
  transmission: Transmission | null
  drive: Drive | null
  steering: Steering
  mileageKm: number | null
  priceKzt: number | null
  vin: string | null
  description: string | null
  photoUrls: string[]
  isNew: boolean
  isCustomsCleared: boolean
  isDamaged: boolean
  hasWarranty: boolean
  isBargainAllowed: boolean
  isExchangeAccepted: boolean
  problems: RowProblem[]
}

const MAX_EXTERNAL_ID = 100
const MAX_NAME = 200
const MAX_URL = 2048

/** Word lists: each code with the words dealers write for it (compared folded: case, spaces and script ignored). */
function vocabulary<T extends string>(words: Record<T, string[]>): (text: string) => T | null {
  const map = new Map<string, T>()
  for (const [code, list] of Object.entries(words) as [T, string[]][]) {
    map.set(foldName(code), code)
    for (const w of list) map.set(foldName(w), code)
  }
  return (text) => map.get(foldName(text)) ?? null
}

const fuelOf = vocabulary<EngineType>({
  petrol: ['бензин', 'бензиновый', 'gasoline', 'benzin', 'petrol'],
  diesel: ['дизель', 'дизельный', 'дизел', 'diesel'],
  hybrid: ['гибрид', 'hybrid', 'hev'],
  plugin_hybrid: ['подключаемый гибрид', 'plug-in hybrid', 'plugin hybrid', 'phev', 'қосылатын гибрид'],
  electric: ['электро', 'электричество', 'электромобиль', 'электр', 'electric', 'ev', 'bev'],
  gas: ['газ', 'газ-бензин', 'lpg', 'cng', 'gas'],
})
const transmissionOf = vocabulary<Transmission>({
  MT: ['механика', 'механическая', 'мкпп', 'manual', 'mt', 'механикалық'],
  AT: ['автомат', 'автоматическая', 'акпп', 'automatic', 'auto', 'at', 'автоматты'],
  CVT: ['вариатор', 'cvt', 'variator'],
  DCT: ['робот', 'роботизированная', 'dct', 'dsg', 'amt', 'robot'],
})
const driveOf = vocabulary<Drive>({
  FWD: ['передний', 'передний привод', 'front', 'fwd', 'алдыңғы'],
  RWD: ['задний', 'задний привод', 'rear', 'rwd', 'артқы'],
  '4WD': ['полный', 'полный привод', 'awd', '4x4', '4wd', 'full', 'толық'],
})
const steeringOf = vocabulary<Steering>({
  left: ['левый', 'слева', 'left', 'lhd', 'сол'],
  right: ['правый', 'справа', 'right', 'rhd', 'оң'],
})
const bodyOf = vocabulary<BodyType>({
  sedan: ['седан', 'sedan', 'saloon'],
  hatchback: ['хэтчбек', 'хетчбек', 'hatchback', 'хэтчбек 5 дв', 'хэтчбек 3 дв'],
  liftback: ['лифтбек', 'liftback'],
  wagon: ['универсал', 'wagon', 'estate', 'combi'],
  crossover: ['кроссовер', 'crossover', 'cuv'],
  suv: ['внедорожник', 'suv', 'offroad', 'жол талғамайтын көлік', 'джип'],
  coupe: ['купе', 'coupe'],
  convertible: ['кабриолет', 'convertible', 'cabriolet', 'родстер', 'roadster'],
  minivan: ['минивэн', 'минивен', 'minivan', 'mpv', 'компактвэн'],
  pickup: ['пикап', 'pickup', 'pick-up'],
  van: ['фургон', 'van', 'микроавтобус'],
})
const YES = new Set(['1', 'yes', 'y', 'true', 'да', 'д', 'иә', 'ия', '+'].map(foldName))
const NO = new Set(['0', 'no', 'n', 'false', 'нет', 'н', 'жоқ', '-'].map(foldName))
const KZT = new Set(['kzt', 'тенге', 'теңге', '₸', 'тг'].map(foldName))

/** A whole number as dealers write it: `15 900 000`, `15,900,000`, `64000 км`; null when it is not one. */
function wholeNumber(text: string): number | null {
  const bare = text
    .replace(/(км|km|тг|тенге|₸|kzt)\.?$/i, '')
    .replace(/[\s\u00A0\u202F'’]/g, '')
    .replace(/^(\d{1,3})([,.]\d{3})+$/, (m) => m.replace(/[,.]/g, ''))
  if (!/^\d{1,20}$/.test(bare)) return null
  return Number(bare)
}

/** Engine volume in cc from litres (`2.5`, `2,5`) or cc (`2494`); null when unreadable. */
function engineVolumeCc(text: string): number | null {
  const bare = text.replace(/\s*(л|l|cc|см3|куб\.?\s*см)\.?$/i, '').replace(',', '.')
  if (!/^\d{1,5}(\.\d{1,3})?$/.test(bare)) return null
  const value = Number(bare)
  if (value === 0) return 0
  return value < 20 ? Math.round(value * 1000) : Math.round(value)
}

/** An http(s) URL a photo can be fetched from later; hosts that are IP literals must be public addresses. */
function isPhotoUrl(text: string, allowedHosts: ReadonlySet<string>): boolean {
  if (text.length > MAX_URL) return false
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (url.username || url.password) return false
  const host = url.hostname.replace(/^\[|\]$/g, '')
  // A host the operator allows (FEED_FETCH_ALLOWED_HOSTS) is fetched whatever its address.
  if (allowedHosts.has(host.toLowerCase())) return true
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return false
  return isIP(host) === 0 || isPublicAddress(host)
}

const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text)

/** Checks one car's values; the problems make it refused. `now` gives the latest year allowed (next year). */
export function checkCar(raw: RawCar, now: Date, allowedHosts: ReadonlySet<string> = new Set()): CheckedCar {
  const problems: RowProblem[] = []
  const v = raw.values
  const problem = (code: FeedRowCode, field: FeedField, params?: Record<string, string | number>) => {
    const value = field === 'photo_urls' || field === 'options' || field === 'row' ? null : (v[field] ?? null)
    problems.push({ code, field, value: value === null ? null : cut(value), ...(params ? { params } : {}) })
  }
  if (raw.broken) problem('columns', 'row')
  const text = (field: CarField, max = MAX_NAME): string | null => {
    const value = v[field]?.trim()
    if (!value) return null
    if (value.length > max) {
      problem('too_long', field, { max })
      return null
    }
    return value
  }
  const required = (field: CarField, max?: number) => {
    if (!v[field]?.trim()) {
      problem('required', field)
      return null
    }
    return text(field, max)
  }
  const word = <T>(field: CarField, of: (t: string) => T | null): T | null => {
    const value = v[field]?.trim()
    if (!value) return null
    const code = of(value)
    if (code === null) problem('not_in_list', field)
    return code
  }
  const flag = (field: CarField, fallback: boolean): boolean =>
    word(field, (t) => (YES.has(foldName(t)) ? true : NO.has(foldName(t)) ? false : null)) ?? fallback
  const number = (field: CarField): number | null => {
    const value = v[field]?.trim()
    if (!value) {
      problem('required', field)
      return null
    }
    const n = wholeNumber(value)
    if (n === null) problem('number', field)
    return n
  }

  const externalId = required('external_id', MAX_EXTERNAL_ID)
  const make = required('make')
  const model = required('model')

  let year = number('year')
  const maxYear = now.getUTCFullYear() + 1
  if (year !== null && (year < MIN_YEAR || year > maxYear)) {
    problem('year_range', 'year', { min: MIN_YEAR, max: maxYear })
    year = null
  }

  const isNew = flag('is_new', false)
  let mileageKm = number('mileage_km')
  if (mileageKm !== null && mileageKm > MAX_MILEAGE_KM) {
    problem('mileage_range', 'mileage_km', { max: MAX_MILEAGE_KM })
    mileageKm = null
  } else if (mileageKm !== null && isNew && mileageKm > NEW_CAR_MAX_KM) {
    problem('new_mileage', 'mileage_km', { max: NEW_CAR_MAX_KM })
  }

  let priceKzt = number('price_kzt')
  if (priceKzt !== null && (priceKzt <= 0 || priceKzt > MAX_PRICE_KZT)) {
    problem('price_range', 'price_kzt', { max: MAX_PRICE_KZT })
    priceKzt = null
  }
  const currency = v.currency?.trim()
  if (currency && !KZT.has(foldName(currency))) problem('currency', 'currency')

  let vin: string | null = null
  if (v.vin?.trim()) {
    vin = normaliseVin(v.vin)
    if (!classifyVin(vin)) {
      problem('vin', 'vin')
      vin = null
    }
  }

  let volume: number | null = null
  if (v.engine_volume?.trim()) {
    volume = engineVolumeCc(v.engine_volume)
    if (volume === null) problem('number', 'engine_volume')
  }
  let powerHp: number | null = null
  if (v.power_hp?.trim()) {
    powerHp = wholeNumber(v.power_hp.replace(/\s*(л\.?\s*с\.?|hp|лс|ps)$/i, ''))
    if (powerHp === null || powerHp > 3000) {
      problem('number', 'power_hp')
      powerHp = null
    }
  }

  const description = text('description', MAX_DESCRIPTION_LENGTH)
  const photoUrls = [...new Set(raw.photos)]
  for (const url of photoUrls) {
    if (!isPhotoUrl(url, allowedHosts)) {
      problems.push({ code: 'photo_url', field: 'photo_urls', value: cut(url) })
      break
    }
  }
  if (photoUrls.length > MAX_LISTING_PHOTOS)
    problems.push({ code: 'too_many_photos', field: 'photo_urls', value: null, params: { max: MAX_LISTING_PHOTOS } })

  return {
    externalId,
    names: { make, model, generation: text('generation'), modification: text('modification') },
    city: text('city'),
    color: text('color'),
    options: [...new Set(raw.options)],
    year,
    bodyType: word('body', bodyOf),
    engineType: word('fuel', fuelOf),
    engineVolumeCc: volume,
    powerHp,
    transmission: word('transmission', transmissionOf),
    drive: word('drive', driveOf),
    steering: word('steering', steeringOf) ?? 'left',
    mileageKm,
    priceKzt,
    vin,
    description,
    photoUrls,
    isNew,
    isCustomsCleared: flag('customs_cleared', true),
    isDamaged: flag('damaged', false),
    hasWarranty: flag('warranty', false),
    isBargainAllowed: flag('bargain', false),
    isExchangeAccepted: flag('exchange', false),
    problems,
  }
}

/** Within one feed, an external id seen before refuses the car: the answer names the row that had it first. */
export function createDuplicateCheck() {
  const firstRow = new Map<string, number>()
  return (externalId: string, row: number): number | null => {
    const first = firstRow.get(externalId)
    if (first !== undefined) return first
    firstRow.set(externalId, row)
    return null
  }
}

import type { LOCALES } from './constants.ts'

/*
 * Tenge, numbers, distances and dates in ru, kk and en, as both the API's own texts and the web write them.
 * Plain Intl (no zod): safe to import in browser code.
 */

type Locale = (typeof LOCALES)[number]

/** BCP 47 tags for Intl: Russian and Kazakh as written in Kazakhstan. */
export const INTL_LOCALE: Record<Locale, string> = { ru: 'ru-KZ', kk: 'kk-KZ', en: 'en-GB' }
/**
 * Numbers and units: Chromium ships without Kazakh ICU data and would fall back to English grouping
 * (10,000,000) after hydration. Kazakh writes numbers like Russian in Kazakhstan (10 000 000, 2,5 л, км),
 * so both use ru-KZ and the server and the browser render the same text.
 */
const NUMBER_LOCALE: Record<Locale, string> = { ru: 'ru-KZ', kk: 'ru-KZ', en: 'en-GB' }
/** The months in Kazakh, January first. */
export const KAZAKH_MONTHS = [
  'қаңтар',
  'ақпан',
  'наурыз',
  'сәуір',
  'мамыр',
  'маусым',
  'шілде',
  'тамыз',
  'қыркүйек',
  'қазан',
  'қараша',
  'желтоқсан',
] as const

/**
 * One formatter per purpose and language, made on first use. Building an Intl formatter costs far more than using
 * one (a car page formats a dozen dates and some forty numbers: building them per call was 4% of the server's time
 * rendering car pages), and looking one up by its options serialised per call was another 1%.
 */
function perLocale<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>()
  return (locale) => {
    let value = made.get(locale)
    if (value === undefined) {
      value = make(locale)
      made.set(locale, value)
    }
    return value
  }
}

const numbers = (options: Intl.NumberFormatOptions) =>
  perLocale((l) => new Intl.NumberFormat(NUMBER_LOCALE[l], options))
const oneDecimal = numbers({ maximumFractionDigits: 1 })
const whole = numbers({ maximumFractionDigits: 0 })
const kilometres = numbers({ style: 'unit', unit: 'kilometer', unitDisplay: 'short', maximumFractionDigits: 0 })
const litresFormat = numbers({
  style: 'unit',
  unit: 'liter',
  unitDisplay: 'short',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
})
const longDate = perLocale(
  (l) =>
    new Intl.DateTimeFormat(INTL_LOCALE[l], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Almaty',
    }),
)
/**
 * `2026-11-21` in Almaty, the same for every language: the Kazakh date is put together from its parts, as browsers
 * without Kazakh ICU data would write its month names otherwise than the server.
 */
const isoDayInAlmaty = perLocale(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }))

export function formatNumber(value: number, locale: Locale): string {
  return oneDecimal(locale).format(value)
}

/** Whole tenge with the language's grouping: `10 000 000 ₸`. */
export function formatPrice(kzt: number, locale: Locale): string {
  return `${whole(locale).format(kzt)} ₸`
}

const MILES: Record<Locale, string> = { ru: 'миль', kk: 'миля', en: 'mi' }

/** Kilometres (`120 000 км`) or miles (`52 000 миль`), as the seller entered them. */
export function formatDistance(value: number, unit: 'km' | 'mi', locale: Locale): string {
  if (unit === 'mi') return `${whole(locale).format(value)} ${MILES[locale]}`
  return kilometres(locale).format(value)
}

/** Litres with one decimal: `2.5 л` / `2,5 л`. */
export function formatLitres(litres: number, locale: Locale): string {
  return litresFormat(locale).format(litres)
}

/** `21 ноября 2026 г.`, `2026 ж. 21 қараша`, `21 November 2026` (Almaty time); an ISO-8601 text or a Date. */
export function formatDate(when: string | Date, locale: Locale): string {
  const date = new Date(when)
  if (locale === 'kk') {
    const [y, m, d] = isoDayInAlmaty(locale).format(date).split('-')
    return `${y} ж. ${Number(d)} ${KAZAKH_MONTHS[Number(m) - 1]}`
  }
  return longDate(locale).format(date)
}

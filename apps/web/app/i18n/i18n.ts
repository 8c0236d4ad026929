import type { Locale } from '@tulpar/contracts'
import type { ru } from './messages.ru.ts'

export type MessageKey = keyof typeof ru
/** Plural forms by Intl.PluralRules category; `other` is required. */
export type PluralMessage = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>
export type Message = string | PluralMessage
/** Every key of the Russian source must exist in every language. */
export type Messages = { [K in MessageKey]: (typeof ru)[K] extends string ? string : PluralMessage }
export type Params = Record<string, string | number>

/** BCP 47 tags for Intl: Russian and Kazakh as written in Kazakhstan. */
export const INTL_LOCALE: Record<Locale, string> = { ru: 'ru-KZ', kk: 'kk-KZ', en: 'en-GB' }
/**
 * Numbers and units: Chromium ships without Kazakh ICU data and would fall back to English grouping
 * (10,000,000) after hydration. Kazakh writes numbers like Russian in Kazakhstan (10 000 000, 2,5 л, км),
 * so both use ru-KZ and the server and the browser render the same text.
 */
const NUMBER_LOCALE: Record<Locale, string> = { ru: 'ru-KZ', kk: 'ru-KZ', en: 'en-GB' }
const KAZAKH_MONTHS = [
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
]
export const LOCALE_NAMES: Record<Locale, string> = { ru: 'Русский', kk: 'Қазақша', en: 'English' }
export const HTML_LANG: Record<Locale, string> = { ru: 'ru', kk: 'kk', en: 'en' }

const pluralRules = new Map<Locale, Intl.PluralRules>()
function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(INTL_LOCALE[locale])
    pluralRules.set(locale, rules)
  }
  return rules.select(count)
}

function interpolate(template: string, params: Params | undefined, locale: Locale): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name]
    if (value === undefined) return match
    return typeof value === 'number' ? formatNumber(value, locale) : value
  })
}

/**
 * Translates a key; plural messages choose their form from `params.count` with the language's rules. A key
 * missing from a partial set (the root error boundary's fallback) reads as the key itself.
 */
export function translate(messages: Partial<Messages>, locale: Locale, key: MessageKey, params?: Params): string {
  const message: Message | undefined = messages[key]
  if (message === undefined) return key
  if (typeof message === 'string') return interpolate(message, params, locale)
  const count = Number(params?.count ?? 0)
  const form = message[pluralCategory(locale, count)] ?? message.other
  return interpolate(form, params, locale)
}

const numberFormats = new Map<string, Intl.NumberFormat>()
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const cacheKey = `${locale}:${JSON.stringify(options)}`
  let format = numberFormats.get(cacheKey)
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE[locale], options)
    numberFormats.set(cacheKey, format)
  }
  return format
}

export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(value)
}

/** Whole tenge with the language's grouping: `10 000 000 ₸`. */
export function formatPrice(kzt: number, locale: Locale): string {
  return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(kzt)} ₸`
}

const MILES: Record<Locale, string> = { ru: 'миль', kk: 'миля', en: 'mi' }

/** Kilometres (`120 000 км`) or miles (`52 000 миль`), as the seller entered them. */
export function formatDistance(value: number, unit: 'km' | 'mi', locale: Locale): string {
  if (unit === 'mi') return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(value)} ${MILES[locale]}`
  return numberFormat(locale, {
    style: 'unit',
    unit: 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(value)
}

/** Litres with one decimal: `2.5 л` / `2,5 л`. */
export function formatLitres(litres: number, locale: Locale): string {
  return numberFormat(locale, {
    style: 'unit',
    unit: 'liter',
    unitDisplay: 'short',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(litres)
}

// Building an Intl.DateTimeFormat costs far more than using one: a car page formats a dozen dates, and
// building them per call was 4% of the server's time rendering car pages.
const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const cacheKey = `${tag}:${JSON.stringify(options)}`
  let format = dateFormats.get(cacheKey)
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options)
    dateFormats.set(cacheKey, format)
  }
  return format
}

/** `21 ноября 2026 г.`, `2026 ж. 21 қараша`, `21 November 2026` (Almaty time). */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso)
  if (locale === 'kk') {
    const [y, m, d] = dateFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(date).split('-')
    return `${y} ж. ${Number(d)} ${KAZAKH_MONTHS[Number(m) - 1]}`
  }
  return dateFormat(INTL_LOCALE[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Almaty',
  }).format(date)
}

const parsedMessages = new Map<string, Messages>()
/** Messages from the root loader's JSON text, parsed once per text (the server sends the same three strings). */
export function parseMessages(json: string): Messages {
  let messages = parsedMessages.get(json)
  if (!messages) {
    messages = JSON.parse(json) as Messages
    if (parsedMessages.size >= 24) parsedMessages.clear()
    parsedMessages.set(json, messages)
  }
  return messages
}

import type { Locale } from '@tulpar/contracts'
import type { ru } from './messages.ru.ts'

export type MessageKey = keyof typeof ru
/**
 * Plural forms by Intl.PluralRules category; `other` is required. `zero`, which ru, kk and en have no rule for, is
 * used for a count of 0 when given ("no views yet" reads better than "0 views").
 */
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

/**
 * Fills `{name}` with its parameter. A value that ends with its own full stop (a Russian date's "г.", an
 * abbreviation) takes the place of the sentence's full stop right after it: "ставки на 21 ноября 2026 г.", not "г..".
 */
function interpolate(template: string, params: Params | undefined, locale: Locale): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}(\.?)/g, (match, name: string, stop: string) => {
    const value = params[name]
    if (value === undefined) return match
    const text = typeof value === 'number' ? formatNumber(value, locale) : value
    return stop && !text.endsWith('.') ? `${text}.` : text
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
  const form = (count === 0 ? message.zero : undefined) ?? message[pluralCategory(locale, count)] ?? message.other
  return interpolate(form, params, locale)
}

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

/** `21 ноября 2026 г.`, `2026 ж. 21 қараша`, `21 November 2026` (Almaty time). */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso)
  if (locale === 'kk') {
    const [y, m, d] = isoDayInAlmaty(locale).format(date).split('-')
    return `${y} ж. ${Number(d)} ${KAZAKH_MONTHS[Number(m) - 1]}`
  }
  return longDate(locale).format(date)
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

import type { Locale } from '@tulpar/contracts'
import { formatNumber, INTL_LOCALE } from '@tulpar/contracts/format'
import type { ru } from './messages.ru.ts'

export {
  formatDate,
  formatDistance,
  formatLitres,
  formatNumber,
  formatPrice,
} from '@tulpar/contracts/format'

export type MessageKey = keyof typeof ru
/**
 * Plural forms by Intl.PluralRules category; `other` is required. `zero`, which ru, kk and en have no rule for, is
 * used for a count of 0 when given ("no views yet" reads better than "0 views").
 */
export type PluralMessage = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>
type Message = string | PluralMessage
/** Every key of the Russian source must exist in every language. */
export type Messages = { [K in MessageKey]: (typeof ru)[K] extends string ? string : PluralMessage }
export type Params = Record<string, string | number>

export const LOCALE_NAMES: Record<Locale, string> = { ru: 'Русский', kk: 'Қазақша', en: 'English' }
export const HTML_LANG: Record<Locale, string> = { ru: 'ru', kk: 'kk', en: 'en' }

const pluralRules = new Map<Locale, Intl.PluralRules>()
/** The language's plural form of `count` (one set of rules per language: making one costs 10-20 µs). */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
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

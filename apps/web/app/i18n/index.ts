import type { Locale } from '@tulpar/contracts'
import type { Messages } from './i18n.ts'
import { en } from './messages.en.ts'
import { kk } from './messages.kk.ts'
import { ru } from './messages.ru.ts'
import { ALWAYS_SENT_KEYS, ROUTE_NAMESPACES, type RouteNamespace } from './route-namespaces.ts'

export * from './i18n.ts'
export { ROUTE_NAMESPACES, type RouteNamespace } from './route-namespaces.ts'

/** Server-side: every language's messages. The browser receives only the current language's (MESSAGES_JSON's file). */
export const MESSAGES: Record<Locale, Messages> = { ru, kk, en }

const namespaceOf = (key: string) => key.slice(0, key.indexOf('.'))
const routeOnly = new Set<string>(ROUTE_NAMESPACES)

function pick(messages: Messages, keep: (namespace: string, key: string) => boolean): string {
  return JSON.stringify(Object.fromEntries(Object.entries(messages).filter(([key]) => keep(namespaceOf(key), key))))
}
const common = (ns: string, key: string) => !routeOnly.has(ns) || ALWAYS_SENT_KEYS.has(key)

/**
 * What every page uses: a language's messages as JSON text made once per process, served as one cached file per
 * language (base-messages.ts, decision 022) rather than in every page's loader data. The namespaces only a few
 * screens use (the back office, selling, the garage: ROUTE_NAMESPACES) are left out and sent by those screens'
 * loaders (`routeMessages`).
 */
export const MESSAGES_JSON: Record<Locale, string> = {
  ru: pick(ru, common),
  kk: pick(kk, common),
  en: pick(en, common),
}

const routeJson = new Map<string, string>()

/**
 * A screen's own namespaces, for its loader to return as `i18n` (the root layout merges every matched route's).
 * The test `route-messages.test.ts` checks that each screen sends what its components use.
 */
export function routeMessages(locale: Locale, ...namespaces: RouteNamespace[]): string {
  const cacheKey = `${locale}:${namespaces.join(',')}`
  let json = routeJson.get(cacheKey)
  if (json === undefined) {
    const wanted = new Set<string>(namespaces)
    json = pick(MESSAGES[locale], (ns) => wanted.has(ns))
    routeJson.set(cacheKey, json)
  }
  return json
}

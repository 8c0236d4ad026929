import type { Locale } from '@tulpar/contracts'
import type { Messages } from './i18n.ts'
import { en } from './messages.en.ts'
import { kk } from './messages.kk.ts'
import { ru } from './messages.ru.ts'

export * from './i18n.ts'

/** Server-side: every language's messages. The browser receives only the current language's, via the root loader. */
export const MESSAGES: Record<Locale, Messages> = { ru, kk, en }

/**
 * The same, as JSON text made once per process: the root loader sends a language's messages as one string
 * (parsed once in the browser, see parseMessages) rather than as an object React Router would encode value by
 * value on every page, which was 9% of the server's time rendering a car page.
 */
export const MESSAGES_JSON: Record<Locale, string> = {
  ru: JSON.stringify(ru),
  kk: JSON.stringify(kk),
  en: JSON.stringify(en),
}

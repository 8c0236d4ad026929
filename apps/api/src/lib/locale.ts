import { DEFAULT_LOCALE, LOCALES, type Locale } from '@tulpar/contracts'

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The locale of an API request: `?lang=` first, then Accept-Language, else Russian (spec 9). */
export function pickLocale(lang: unknown, acceptLanguage: string | undefined): Locale {
  if (isLocale(lang)) return lang
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase()
    if (isLocale(tag)) return tag
  }
  return DEFAULT_LOCALE
}

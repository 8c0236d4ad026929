import { DEFAULT_LOCALE, LOCALES, type Locale } from '@tulpar/contracts'

const LOCALE_COOKIE = 'locale'
const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v)

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return undefined
}

/** `?lang=` (hreflang links) wins, then the saved cookie, else Russian (spec: ru is the default). */
export function requestLocale(request: Request): { locale: Locale; fromQuery: boolean } {
  const lang = new URL(request.url).searchParams.get('lang')
  if (isLocale(lang)) return { locale: lang, fromQuery: true }
  const saved = readCookie(request.headers.get('cookie'), LOCALE_COOKIE)
  return { locale: isLocale(saved) ? saved : DEFAULT_LOCALE, fromQuery: false }
}

export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`
}

export { isLocale }

import { DEFAULT_LOCALE, LOCALES } from '@tulpar/contracts/constants'

/*
 * One rule for language versions of a page, used by every page's <link rel="alternate"> (root.tsx) and by
 * the sitemaps (apps/api/src/modules/seo/seo.xml.ts, which applies the same rule): Russian, the default,
 * is the plain URL and also x-default; Kazakh and English add `?lang=kk|en`. Search engines send no
 * cookie, so the plain URL always renders Russian for them.
 */

type Locale = (typeof LOCALES)[number]

/** The URL of `url`'s page in `locale` (absolute in, absolute out; any `lang` already there is replaced). */
export function localizedUrl(url: string, locale: Locale): string {
  const u = new URL(url)
  u.searchParams.delete('lang')
  if (locale !== DEFAULT_LOCALE) u.searchParams.set('lang', locale)
  return u.toString()
}

/** hreflang alternates of a page: ru, kk, en and x-default, all built from its canonical URL. */
export function alternateLinks(canonical: string): { hrefLang: string; href: string }[] {
  return [
    ...LOCALES.map((l) => ({ hrefLang: l, href: localizedUrl(canonical, l) })),
    { hrefLang: 'x-default', href: localizedUrl(canonical, DEFAULT_LOCALE) },
  ]
}

/** The `canonical` a route loader returned, from the deepest route that has one. */
export function canonicalFromMatches(matches: readonly { loaderData?: unknown }[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData
    if (data && typeof data === 'object' && 'canonical' in data && typeof data.canonical === 'string') {
      return data.canonical
    }
  }
  return null
}

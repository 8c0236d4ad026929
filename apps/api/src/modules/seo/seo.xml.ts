import { DEFAULT_LOCALE, LOCALES } from '@tulpar/contracts/constants'

/*
 * Sitemap XML (sitemaps.org protocol 0.9) with hreflang alternates (Google's xhtml:link extension).
 * Pure string building: the callers bound the size, these functions only write what they are given.
 */

/** Protocol limits for one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024

/** Slugs are at most 60 characters (the slug rule of ListingSearchQuery); longer ones never reach a sitemap. */
export const MAX_SLUG_LENGTH = 60

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const XHTML_NS = 'http://www.w3.org/1999/xhtml'
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'

export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`
export const URLSET_CLOSE = '</urlset>\n'

export interface SitemapUrl {
  /** Absolute URL of the default-language (Russian) page. */
  loc: string
  lastmod?: Date | null
}

export interface SitemapRef {
  loc: string
  lastmod?: Date | null
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const NEEDS_ESCAPE = /[&<>"']/

export function escapeXml(text: string): string {
  // Most URLs have nothing to escape; skipping the replace keeps a 50,000-URL file cheap to write.
  return NEEDS_ESCAPE.test(text) ? text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c) : text
}

/** W3C datetime, second precision, UTC. */
export function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`
}

const withLang = (loc: string, lang: string) => {
  const hash = loc.indexOf('#')
  const base = hash === -1 ? loc : loc.slice(0, hash)
  return `${base}${base.includes('?') ? '&' : '?'}lang=${lang}${hash === -1 ? '' : loc.slice(hash)}`
}

/**
 * The page in each language, the same rule as the pages' own `<link rel="alternate">`
 * (apps/web/app/features/seo/alternates.ts): Russian, the default, is the plain URL (also x-default);
 * Kazakh and English add `lang=`. `loc` is a URL we built, without a `lang` parameter.
 */
export function localeAlternates(loc: string): { hreflang: string; href: string }[] {
  return [
    ...LOCALES.map((l) => ({ hreflang: l, href: l === DEFAULT_LOCALE ? loc : withLang(loc, l) })),
    { hreflang: 'x-default', href: loc },
  ]
}

/** One `<url>` entry with its language alternates. */
export function urlEntry({ loc, lastmod }: SitemapUrl): string {
  let links = ''
  for (const a of localeAlternates(loc)) {
    links += `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`
  }
  const mod = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''
  return `<url><loc>${escapeXml(loc)}</loc>${mod}${links}</url>\n`
}

export function urlset(urls: Iterable<SitemapUrl>): string {
  let xml = URLSET_OPEN
  for (const u of urls) xml += urlEntry(u)
  return xml + URLSET_CLOSE
}

/**
 * The same document in pieces of `chunk` entries, yielding to the event loop between pieces: writing a full
 * 50,000-URL file takes a few hundred milliseconds of CPU, which must not stall every other request.
 */
export async function* urlsetChunks(urls: readonly SitemapUrl[], chunk = 2000): AsyncGenerator<string> {
  yield URLSET_OPEN
  for (let i = 0; i < urls.length; i += chunk) {
    let piece = ''
    for (const u of urls.slice(i, i + chunk)) piece += urlEntry(u)
    yield piece
    await new Promise((resolve) => setImmediate(resolve))
  }
  yield URLSET_CLOSE
}

export function sitemapIndex(sitemaps: SitemapRef[]): string {
  const entries = sitemaps.map(
    (s) =>
      `<sitemap><loc>${escapeXml(s.loc)}</loc>${s.lastmod ? `<lastmod>${w3cDate(s.lastmod)}</lastmod>` : ''}</sitemap>\n`,
  )
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('')}</sitemapindex>\n`
}

/**
 * How many consecutive listing ids one cars file covers: 50,000, or fewer when a long public URL would push
 * a full file of the longest ids past 50 MB. Fixed for a given public URL, so file n always means the same ids.
 */
export function listingIdsPerFile(publicUrl: string): number {
  return urlsPerFile(`${publicUrl}/cars/${Number.MAX_SAFE_INTEGER}`)
}

/** Catalogue URLs per file: as many of the longest possible `/auto/{brand}/{model}/{city}` as fit. */
export function catalogueUrlsPerFile(publicUrl: string): number {
  const slug = 'x'.repeat(MAX_SLUG_LENGTH)
  return urlsPerFile(`${publicUrl}/auto/${slug}/${slug}/${slug}`)
}

function urlsPerFile(longestLoc: string): number {
  const longest = urlEntry({ loc: longestLoc, lastmod: new Date() })
  const room = SITEMAP_MAX_BYTES - Buffer.byteLength(URLSET_OPEN) - Buffer.byteLength(URLSET_CLOSE)
  return Math.min(SITEMAP_MAX_URLS, Math.floor(room / Buffer.byteLength(longest)))
}

import { DEFAULT_LOCALE, LOCALES } from '@tulpar/contracts/constants'

/*
 * Sitemap XML (sitemaps.org protocol 0.9) with hreflang alternates (Google's xhtml:link extension).
 * Pure string building: the callers bound the size, these functions only write what they are given.
 */

/** Protocol limits for one sitemap file (and one index file). */
export const SITEMAP_MAX_URLS = 50_000
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024

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

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c)
}

/** W3C datetime, second precision, UTC. */
export function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`
}

/**
 * The page in each language, the same rule as the pages' own `<link rel="alternate">` (apps/web/app/root.tsx):
 * Russian, the default, is the plain URL (also x-default); Kazakh and English add `?lang=`.
 */
export function localeAlternates(loc: string): { hreflang: string; href: string }[] {
  const withLang = (lang: string) => {
    const url = new URL(loc)
    url.searchParams.set('lang', lang)
    return url.toString()
  }
  return [
    ...LOCALES.map((l) => ({ hreflang: l, href: l === DEFAULT_LOCALE ? loc : withLang(l) })),
    { hreflang: 'x-default', href: loc },
  ]
}

/** One `<url>` entry with its language alternates. */
export function urlEntry({ loc, lastmod }: SitemapUrl): string {
  const links = localeAlternates(loc)
    .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
    .join('')
  const mod = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''
  return `<url><loc>${escapeXml(loc)}</loc>${mod}${links}</url>\n`
}

export function urlset(urls: Iterable<SitemapUrl>): string {
  const entries: string[] = []
  for (const u of urls) entries.push(urlEntry(u))
  return wrapUrlset(entries)
}

/** A `<urlset>` file around already-rendered `<url>` entries. */
export function wrapUrlset(entries: readonly string[]): string {
  return `${URLSET_OPEN}${entries.join('')}${URLSET_CLOSE}`
}

export function sitemapIndex(sitemaps: SitemapRef[]): string {
  const entries = sitemaps.map(
    (s) =>
      `<sitemap><loc>${escapeXml(s.loc)}</loc>${s.lastmod ? `<lastmod>${w3cDate(s.lastmod)}</lastmod>` : ''}</sitemap>\n`,
  )
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('')}</sitemapindex>\n`
}

/**
 * Splits rendered entries into files that each stay within the protocol's URL and byte limits, keeping
 * their order.
 */
export function packFiles<T extends { xml: string }>(
  entries: readonly T[],
  limits = { maxUrls: SITEMAP_MAX_URLS, maxBytes: SITEMAP_MAX_BYTES },
): T[][] {
  const frame = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE)
  const files: T[][] = []
  let current: T[] = []
  let bytes = frame
  for (const entry of entries) {
    const size = Buffer.byteLength(entry.xml)
    if (current.length > 0 && (current.length >= limits.maxUrls || bytes + size > limits.maxBytes)) {
      files.push(current)
      current = []
      bytes = frame
    }
    current.push(entry)
    bytes += size
  }
  if (current.length > 0) files.push(current)
  return files
}

/**
 * How many consecutive listing ids one cars file covers: 50,000, or fewer when a long public URL would push
 * a full file of the longest ids past 50 MB. Fixed for a given public URL, so file n always means the same ids.
 */
export function listingIdsPerFile(publicUrl: string): number {
  const longest = urlEntry({ loc: `${publicUrl}/cars/${Number.MAX_SAFE_INTEGER}`, lastmod: new Date() })
  const room = SITEMAP_MAX_BYTES - Buffer.byteLength(URLSET_OPEN) - Buffer.byteLength(URLSET_CLOSE)
  return Math.min(SITEMAP_MAX_URLS, Math.floor(room / Buffer.byteLength(longest)))
}

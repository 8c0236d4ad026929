import { describe, expect, test } from 'vitest'
import { assertWellFormedXml } from '../../testing/xml.ts'
import {
  escapeXml,
  listingIdsPerFile,
  localeAlternates,
  packFiles,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntry,
  urlset,
  w3cDate,
} from './seo.xml.ts'

describe('sitemap XML', () => {
  test('escapes the five XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f')
  })

  test('writes W3C datetimes in UTC to the second', () => {
    expect(w3cDate(new Date('2026-11-21T10:11:12.345+05:00'))).toBe('2026-11-21T05:11:12Z')
  })

  test('gives every page its Russian (default), Kazakh and English versions and an x-default', () => {
    expect(localeAlternates('https://tulpar.kz/cars/7')).toEqual([
      { hreflang: 'ru', href: 'https://tulpar.kz/cars/7' },
      { hreflang: 'kk', href: 'https://tulpar.kz/cars/7?lang=kk' },
      { hreflang: 'en', href: 'https://tulpar.kz/cars/7?lang=en' },
      { hreflang: 'x-default', href: 'https://tulpar.kz/cars/7' },
    ])
  })

  test('an entry holds loc, lastmod and the alternates, escaped, and the file is well-formed', () => {
    const xml = urlset([{ loc: 'https://tulpar.kz/auto?a=1&b=2', lastmod: new Date('2026-01-02T03:04:05Z') }])
    assertWellFormedXml(xml)
    expect(xml).toContain('<loc>https://tulpar.kz/auto?a=1&amp;b=2</loc><lastmod>2026-01-02T03:04:05Z</lastmod>')
    expect(xml).toContain('hreflang="kk" href="https://tulpar.kz/auto?a=1&amp;b=2&amp;lang=kk"')
    expect(xml.match(/<xhtml:link /g)).toHaveLength(4)
  })

  test('an index without lastmod leaves the element out', () => {
    const xml = sitemapIndex([{ loc: 'https://tulpar.kz/sitemaps/static.xml' }])
    assertWellFormedXml(xml)
    expect(xml).not.toContain('lastmod')
  })

  test('the well-formedness check itself rejects broken XML', () => {
    const ok = urlset([{ loc: 'https://tulpar.kz/' }])
    expect(() => assertWellFormedXml(ok.replace('</loc>', ''))).toThrow(/closes/)
    expect(() => assertWellFormedXml(ok.replace('<loc>https://tulpar.kz/', '<loc>https://a&amp;b/'))).not.toThrow()
    expect(() => assertWellFormedXml(ok.replace('<loc>https://tulpar.kz/', '<loc>https://a&b/'))).toThrow(/bare &/)
    expect(() => assertWellFormedXml(ok.replace(' xmlns:xhtml="http://www.w3.org/1999/xhtml"', ''))).toThrow(
      /undeclared prefix xhtml/,
    )
    expect(() => assertWellFormedXml(`${ok}<urlset/>`)).toThrow(/second root/)
  })
})

describe('splitting at the protocol limits', () => {
  const entry = (i: number) => ({ xml: urlEntry({ loc: `https://tulpar.kz/auto/x${i}` }) })

  test('starts a new file after the maximum number of URLs', () => {
    const files = packFiles(
      Array.from({ length: 7 }, (_, i) => entry(i)),
      { maxUrls: 3, maxBytes: SITEMAP_MAX_BYTES },
    )
    expect(files.map((f) => f.length)).toEqual([3, 3, 1])
  })

  test('starts a new file before the byte limit, counting the urlset frame', () => {
    const one = Buffer.byteLength(entry(1).xml)
    const frame = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE)
    const files = packFiles(
      Array.from({ length: 5 }, (_, i) => entry(i)),
      { maxUrls: 1000, maxBytes: frame + 2 * one },
    )
    expect(files.map((f) => f.length)).toEqual([2, 2, 1])
  })

  test('one cars file covers 50,000 ids for a normal origin and fewer when a very long one would pass 50 MB', () => {
    expect(listingIdsPerFile('https://tulpar.kz')).toBe(SITEMAP_MAX_URLS)
    const long = `https://${'a'.repeat(240)}.kz`
    const perFile = listingIdsPerFile(long)
    expect(perFile).toBeLessThan(SITEMAP_MAX_URLS)
    const worst = urlEntry({ loc: `${long}/cars/${Number.MAX_SAFE_INTEGER}`, lastmod: new Date() })
    expect(perFile * Buffer.byteLength(worst)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES)
  })
})

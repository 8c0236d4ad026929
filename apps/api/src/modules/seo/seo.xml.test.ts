import { describe, expect, test } from 'vitest'
import { assertWellFormedXml } from '../../testing/xml.ts'
import {
  catalogueUrlsPerFile,
  escapeXml,
  listingIdsPerFile,
  localeAlternates,
  MAX_SLUG_LENGTH,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntry,
  urlset,
  urlsetChunks,
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

  test('the chunked document is the same as the whole one', async () => {
    const urls = Array.from({ length: 7 }, (_, i) => ({ loc: `https://tulpar.kz/cars/${i + 1}`, lastmod: new Date(i) }))
    let chunked = ''
    for await (const piece of urlsetChunks(urls, 3)) chunked += piece
    expect(chunked).toBe(urlset(urls))
    let empty = ''
    for await (const piece of urlsetChunks([], 3)) empty += piece
    expect(empty).toBe(urlset([]))
    assertWellFormedXml(empty)
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
  test('one cars file covers 50,000 ids for a normal origin and fewer when a very long one would pass 50 MB', () => {
    expect(listingIdsPerFile('https://tulpar.kz')).toBe(SITEMAP_MAX_URLS)
    const long = `https://${'a'.repeat(240)}.kz`
    const perFile = listingIdsPerFile(long)
    expect(perFile).toBeLessThan(SITEMAP_MAX_URLS)
    const worst = urlEntry({ loc: `${long}/cars/${Number.MAX_SAFE_INTEGER}`, lastmod: new Date() })
    expect(Buffer.byteLength(URLSET_OPEN + worst.repeat(perFile) + URLSET_CLOSE)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES)
    expect(Buffer.byteLength(URLSET_OPEN + worst.repeat(perFile + 1) + URLSET_CLOSE)).toBeGreaterThan(SITEMAP_MAX_BYTES)
  })

  test('a catalogue file of the longest possible make/model/city URLs stays within 50 MB', () => {
    const perFile = catalogueUrlsPerFile('https://tulpar.kz')
    const slug = 'x'.repeat(MAX_SLUG_LENGTH)
    const worst = urlEntry({ loc: `https://tulpar.kz/auto/${slug}/${slug}/${slug}`, lastmod: new Date() })
    expect(perFile).toBeGreaterThan(10_000)
    expect(perFile).toBeLessThanOrEqual(SITEMAP_MAX_URLS)
    expect(Buffer.byteLength(URLSET_OPEN + worst.repeat(perFile) + URLSET_CLOSE)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES)
  })
})

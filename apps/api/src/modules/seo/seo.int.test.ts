import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import { createUser, namedListings } from '../../testing/factories.ts'
import { useTestApp } from '../../testing/suite.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-app.ts'
import { assertWellFormedXml, elementTexts } from '../../testing/xml.ts'

const t = useTestApp()
const ids: Record<string, number> = {}
const BASE = TEST_PUBLIC_URL
const updated = new Date('2026-11-20T08:30:00Z')

beforeAll(async () => {
  const make = namedListings(t.db, (await createUser(t.db)).id, ids)
  const day = (n: number) => new Date(Date.UTC(2026, 10, n))
  // Ids from the sequence (1, 2, ...): the first file of 50,000 ids.
  await make('camry', { publishedAt: day(1), updatedAt: updated })
  await make('camryAstana', { city: 'astana', publishedAt: day(3) })
  await make('rav4', { model: 'rav4', publishedAt: day(2) })
  await make('granta', { brand: 'lada', model: 'granta', city: 'astana', publishedAt: day(4) })
  // Not published: none of these may appear anywhere, not even their brand or city pages.
  await make('draft', { brand: 'kia', model: 'rio', city: 'shymkent', status: 'draft', publishedAt: null })
  await make('moderation', { brand: 'kia', model: 'rio', city: 'shymkent', status: 'moderation', publishedAt: null })
  await make('sold', { brand: 'hyundai', model: 'tucson', status: 'sold', publishedAt: day(5) })
  await make('archived', { brand: 'hyundai', model: 'tucson', status: 'archived', publishedAt: day(5) })
  // Explicit ids spread over the 50,000-id files: file 2 has one published car, file 3 only a sold one,
  // file 4 one published car (a fourth brand).
  await make('second', { id: 50_001, brand: 'hyundai', model: 'accent', city: 'almaty', publishedAt: day(6) })
  await make('secondDraft', { id: 50_002, status: 'draft', publishedAt: null })
  await make('thirdSold', { id: 120_000, status: 'sold', publishedAt: day(7) })
  await make('fourth', { id: 160_123, brand: 'kia', model: 'cerato', city: 'karaganda', publishedAt: day(8) })
})

async function getXml(url: string) {
  const res = await t.app.inject(url)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
  assertWellFormedXml(res.body)
  return res
}

describe('GET /robots.txt', () => {
  test('disallows the API and private pages and points at the absolute sitemap URL', async () => {
    const res = await t.app.inject('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    const lines = res.body.split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const path of ['/api/', '/account', '/auth', '/admin', '/create-auto']) {
      expect(lines).toContain(`Disallow: ${path}`)
    }
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`)
    // The catalogue and car pages stay crawlable (/auth must not be a prefix of /auto).
    expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => '/auto/toyota'.startsWith(l.slice(10)))).toBe(
      false,
    )
  })
})

describe('GET /sitemap.xml', () => {
  test('lists the static and catalogue files and one cars file per 50,000 ids up to the highest id', async () => {
    const res = await getXml('/sitemap.xml')
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(elementTexts(res.body, 'loc')).toEqual([
      `${BASE}/sitemaps/static.xml`,
      `${BASE}/sitemaps/catalogue-1.xml`,
      `${BASE}/sitemaps/cars-1.xml`,
      `${BASE}/sitemaps/cars-2.xml`,
      `${BASE}/sitemaps/cars-3.xml`,
      `${BASE}/sitemaps/cars-4.xml`,
    ])
  })

  test('sitemaps are gzipped for clients that accept it', async () => {
    const plain = (await getXml('/sitemaps/catalogue-1.xml')).body
    const res = await t.app.inject({ url: '/sitemaps/catalogue-1.xml', headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toBe('accept-encoding')
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain)
  })
})

describe('GET /sitemaps/cars-{n}.xml', () => {
  test('holds exactly the published cars of its id range, with lastmod and language alternates', async () => {
    const body = (await getXml('/sitemaps/cars-1.xml')).body
    const published = [ids.camry, ids.camryAstana, ids.rav4, ids.granta]
    expect(elementTexts(body, 'loc')).toEqual(published.map((id) => `${BASE}/cars/${id}`))
    expect(body).toContain(`<loc>${BASE}/cars/${ids.camry}</loc><lastmod>2026-11-20T08:30:00Z</lastmod>`)
    expect(body).toContain(
      `<xhtml:link rel="alternate" hreflang="ru" href="${BASE}/cars/${ids.camry}"/>` +
        `<xhtml:link rel="alternate" hreflang="kk" href="${BASE}/cars/${ids.camry}?lang=kk"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${BASE}/cars/${ids.camry}?lang=en"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/cars/${ids.camry}"/>`,
    )
  })

  test('later ranges start where the previous one ended', async () => {
    expect(elementTexts((await getXml('/sitemaps/cars-2.xml')).body, 'loc')).toEqual([`${BASE}/cars/50001`])
    expect(elementTexts((await getXml('/sitemaps/cars-4.xml')).body, 'loc')).toEqual([`${BASE}/cars/160123`])
  })

  test('a range whose cars are all gone is a valid empty file; past the highest id or a bad name is 404', async () => {
    expect(elementTexts((await getXml('/sitemaps/cars-3.xml')).body, 'url')).toEqual([])
    for (const name of ['cars-5.xml', 'cars-0.xml', 'cars-01.xml', 'cars-x.xml', 'cars-1.xml.gz', 'other.xml']) {
      const res = await t.app.inject(`/sitemaps/${name}`)
      expect(res.statusCode, name).toBe(404)
      expect(res.json().code).toBe('sitemap.not_found')
    }
  })
})

describe('GET /sitemaps/catalogue-1.xml', () => {
  test('lists exactly the make, model and city pages that have published listings', async () => {
    const body = (await getXml('/sitemaps/catalogue-1.xml')).body
    const paths = elementTexts(body, 'loc').map((l) => l.slice(BASE.length))
    expect(paths).toEqual(
      [
        '/auto',
        '/auto/almaty',
        '/auto/astana',
        '/auto/karaganda',
        '/auto/toyota',
        '/auto/toyota/almaty',
        '/auto/toyota/astana',
        '/auto/toyota/camry',
        '/auto/toyota/camry/almaty',
        '/auto/toyota/camry/astana',
        '/auto/toyota/rav4',
        '/auto/toyota/rav4/almaty',
        '/auto/lada',
        '/auto/lada/astana',
        '/auto/lada/granta',
        '/auto/lada/granta/astana',
        '/auto/hyundai',
        '/auto/hyundai/almaty',
        '/auto/hyundai/accent',
        '/auto/hyundai/accent/almaty',
        '/auto/kia',
        '/auto/kia/karaganda',
        '/auto/kia/cerato',
        '/auto/kia/cerato/karaganda',
      ].sort(),
    )
    // Kia Rio in Shymkent exists only as a draft and a listing in moderation; Tucson only sold and archived.
    expect(body).not.toContain('shymkent')
    expect(body).not.toContain('tucson')
    expect(body).toContain(`<loc>${BASE}/auto/toyota/camry</loc><lastmod>2026-11-03T00:00:00Z</lastmod>`)
    expect(body).toContain(`hreflang="en" href="${BASE}/auto/lada/granta/astana?lang=en"`)
  })

  test('there is no second catalogue file for a catalogue this small', async () => {
    expect((await t.app.inject('/sitemaps/catalogue-2.xml')).statusCode).toBe(404)
  })
})

describe('GET /sitemaps/static.xml', () => {
  test('lists the home page, the Tulpar cars page and the company pages with alternates', async () => {
    const res = await getXml('/sitemaps/static.xml')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(elementTexts(res.body, 'loc')).toEqual([
      `${BASE}/`,
      `${BASE}/tulpar-auto`,
      `${BASE}/about`,
      `${BASE}/contacts`,
      `${BASE}/privacy-policy`,
      `${BASE}/user-agreements`,
    ])
    expect(res.body).toContain(`hreflang="kk" href="${BASE}/?lang=kk"`)
  })
})

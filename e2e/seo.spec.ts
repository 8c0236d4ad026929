import { describe, expect, inject, test } from 'vitest'

const baseUrl = inject('baseUrl')

/** `<link rel="alternate" hrefLang=...>` and `<link rel="canonical">` of a server-rendered page. */
async function headLinks(path: string) {
  const html = await (await fetch(`${baseUrl}${path}`)).text()
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`, 'i').exec(tag)?.[1]
  const tags = [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0])
  const alternates = Object.fromEntries(
    tags
      .filter((t) => /rel="alternate"/.test(t))
      .map((t) => [attr(t, 'hreflang'), (attr(t, 'href') ?? '').replaceAll('&amp;', '&')]),
  )
  const canonical = tags.filter((t) => /rel="canonical"/.test(t)).map((t) => attr(t, 'href')?.replaceAll('&amp;', '&'))
  return { alternates, canonical }
}

describe('search engines', () => {
  test('robots.txt comes from the server with the absolute sitemap URL', async () => {
    const res = await fetch(`${baseUrl}/robots.txt`)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toContain('Disallow: /api/')
    expect(text).toContain('Disallow: /account')
    expect(text).toContain(`Sitemap: ${baseUrl}/sitemap.xml`)
  })

  test('the sitemap index leads to car pages that answer 200', async () => {
    const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
    const cars = /<loc>([^<]*\/sitemaps\/cars-1\.xml)<\/loc>/.exec(index)?.[1]
    expect(cars).toBe(`${baseUrl}/sitemaps/cars-1.xml`)
    const file = await (await fetch(cars ?? '')).text()
    const first = /<loc>([^<]*\/cars\/\d+)<\/loc>/.exec(file)?.[1] ?? ''
    expect((await fetch(first)).status).toBe(200)
  })

  test('every language version of a page lists the same alternates, built from its canonical URL', async () => {
    const list = await (await fetch(`${baseUrl}/api/cars/`)).json()
    const car = `${baseUrl}/cars/${list.results[0].id}`
    const expected = { ru: car, kk: `${car}?lang=kk`, en: `${car}?lang=en`, 'x-default': car }
    for (const lang of ['', '?lang=kk', '?lang=en']) {
      const { alternates, canonical } = await headLinks(`/cars/${list.results[0].id}${lang}`)
      expect(alternates).toEqual(expected)
      expect(canonical).toHaveLength(1)
    }
    // The catalogue's alternates follow its canonical (normalised filters), not the raw query string.
    const catalogue = await headLinks('/cars?brand=toyota&page=1&lang=kk')
    const canonical = catalogue.canonical[0] ?? ''
    expect(catalogue.alternates.ru).toBe(canonical)
    expect(catalogue.alternates['x-default']).toBe(canonical)
    expect(catalogue.alternates.en).toBe(`${canonical}${canonical.includes('?') ? '&' : '?'}lang=en`)
  })
})

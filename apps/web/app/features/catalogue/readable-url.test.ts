import { describe, expect, test } from 'vitest'
import { readableFromLegacy, resolveSegments } from './readable-url.ts'

const ref = {
  brands: [
    { slug: 'toyota', name: 'Toyota' },
    { slug: 'kia', name: 'Kia' },
  ],
  cities: [
    { slug: 'almaty', name: 'Алматы' },
    { slug: 'astana', name: 'Астана' },
  ],
  // The models of the brand the first segment names (the loader asks for them).
  models: [
    { slug: 'camry', name: 'Camry' },
    { slug: 'rav4', name: 'RAV4' },
  ],
}
const slugs = (r: ReturnType<typeof resolveSegments>) =>
  r && { brand: r.brand?.slug, model: r.model?.slug, city: r.city?.slug }

describe('resolveSegments', () => {
  test('reads every readable form of the scheme', () => {
    expect(slugs(resolveSegments([], ref))).toEqual({})
    expect(slugs(resolveSegments(['almaty'], ref))).toEqual({ city: 'almaty' })
    expect(slugs(resolveSegments(['toyota'], ref))).toEqual({ brand: 'toyota' })
    expect(slugs(resolveSegments(['toyota', 'almaty'], ref))).toEqual({ brand: 'toyota', city: 'almaty' })
    expect(slugs(resolveSegments(['toyota', 'camry'], ref))).toEqual({ brand: 'toyota', model: 'camry' })
    expect(slugs(resolveSegments(['toyota', 'camry', 'astana'], ref))).toEqual({
      brand: 'toyota',
      model: 'camry',
      city: 'astana',
    })
  })

  test('answers null (404) for anything that names nothing in its place', () => {
    for (const path of [
      ['bmw'],
      ['almaty', 'toyota'],
      ['almaty', 'astana'],
      ['toyota', 'x5'],
      ['toyota', 'camry', 'paris'],
      ['toyota', 'almaty', 'astana'],
      ['toyota', 'camry', 'almaty', 'extra'],
    ]) {
      expect(resolveSegments(path, ref), path.join('/')).toBeNull()
    }
  })
})

describe('readableFromLegacy (/cars?...)', () => {
  const legacy = (query: string, city: string | null = null) => readableFromLegacy(new URLSearchParams(query), city)

  test('moves brand, model and city into the path and keeps the rest in the query', () => {
    expect(legacy('brand=toyota&model=camry&city=almaty&yearFrom=2015&sort=price_asc')).toBe(
      '/auto/toyota/camry/almaty?yearFrom=2015&sort=price_asc',
    )
  })

  test('without a city the current city applies; city=all widens to all Kazakhstan', () => {
    expect(legacy('', 'astana')).toBe('/auto/astana')
    expect(legacy('brand=kia&hot=true', 'astana')).toBe('/auto/kia/astana?hot=true')
    expect(legacy('brand=kia&city=all', 'astana')).toBe('/auto/kia')
    expect(legacy('brand=kia')).toBe('/auto/kia')
  })

  test('drops what a GET form sends empty, defaults, and parameters the catalogue does not know', () => {
    expect(
      legacy('brand=toyota&model=&yearFrom=&priceTo=&newness=all&sort=newest&utm_source=x&city=all&tulpar=true'),
    ).toBe('/auto/toyota?tulpar=true')
  })

  test('keeps the language the visitor followed', () => {
    expect(legacy('lang=kk', 'almaty')).toBe('/auto/almaty?lang=kk')
    expect(legacy('lang=en&hot=true&city=all')).toBe('/auto?hot=true&lang=en')
  })
})

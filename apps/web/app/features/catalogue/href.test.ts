import { CATALOGUE_FILTER_KEYS } from '@tulpar/contracts/constants'
import { describe, expect, test } from 'vitest'
import { CATALOGUE_QUERY_KEYS, catalogueHref } from './href.ts'
import { resolveSegments } from './readable-url.ts'
import { parseCatalogueParams } from './search-params.server.ts'

describe('catalogueHref', () => {
  test('puts brand, model and city in the path in that order', () => {
    expect(catalogueHref({})).toBe('/auto')
    expect(catalogueHref({ city: 'almaty' })).toBe('/auto/almaty')
    expect(catalogueHref({ brand: 'toyota' })).toBe('/auto/toyota')
    expect(catalogueHref({ brand: 'toyota', city: 'almaty' })).toBe('/auto/toyota/almaty')
    expect(catalogueHref({ brand: 'toyota', model: 'camry' })).toBe('/auto/toyota/camry')
    expect(catalogueHref({ city: 'almaty', model: 'camry', brand: 'toyota' })).toBe('/auto/toyota/camry/almaty')
  })

  test('the query keys are the catalogue filters after brand, model and city, in their order, then sort and page', () => {
    expect(CATALOGUE_FILTER_KEYS.slice(0, 3)).toEqual(['brand', 'model', 'city'])
    expect(CATALOGUE_QUERY_KEYS).toEqual([...CATALOGUE_FILTER_KEYS.slice(3), 'sort', 'page'])
  })

  test('drops a model without its brand', () => {
    expect(catalogueHref({ model: 'camry', city: 'astana' })).toBe('/auto/astana')
  })

  test('writes the other filters in one fixed order, whatever order they come in', () => {
    expect(catalogueHref({ sort: 'price_asc', brand: 'kia', yearFrom: 2015, priceTo: 9_000_000 })).toBe(
      '/auto/kia?yearFrom=2015&priceTo=9000000&sort=price_asc',
    )
    expect(catalogueHref({ priceTo: 9_000_000, yearFrom: 2015, sort: 'price_asc', brand: 'kia' })).toBe(
      '/auto/kia?yearFrom=2015&priceTo=9000000&sort=price_asc',
    )
  })

  test('leaves out defaults and unchecked boxes, but keeps "not cleared by customs"', () => {
    expect(
      catalogueHref({ newness: 'all', sort: 'newest', page: 1, hot: false, tulpar: 'false', warranty: undefined }),
    ).toBe('/auto')
    expect(catalogueHref({ customsCleared: false, credit: true, page: 3 })).toBe(
      '/auto?customsCleared=false&credit=true&page=3',
    )
    expect(catalogueHref({ yearFrom: '', priceFrom: null, newness: 'used' })).toBe('/auto?newness=used')
  })

  test('a URL it writes reads back as the same filters', () => {
    const ref = {
      brands: [{ slug: 'toyota', name: 'Toyota' }],
      models: [{ slug: 'camry', name: 'Camry' }],
      cities: [{ slug: 'almaty', name: 'Алматы' }],
    }
    const filters = {
      brand: 'toyota',
      model: 'camry',
      city: 'almaty',
      yearFrom: 2012,
      yearTo: 2020,
      priceFrom: 5_000_000,
      priceTo: 15_000_000,
      mileageMax: 150_000,
      drive: '4WD',
      bodyType: 'sedan',
      transmission: 'AT',
      engineType: 'hybrid',
      steering: 'left',
      customsCleared: false,
      newness: 'used',
      tulpar: true,
      warranty: true,
      credit: true,
      hot: true,
      sort: 'mileage_asc',
      page: 2,
    } as const
    const url = new URL(catalogueHref(filters), 'http://x')
    const segments = url.pathname.split('/').slice(2)
    const place = resolveSegments(segments, ref)
    const { query, invalid } = parseCatalogueParams(url.searchParams, {
      brand: place?.brand?.slug,
      model: place?.model?.slug,
      city: place?.city?.slug,
    })
    expect(invalid).toEqual([])
    expect(query).toEqual(filters)
  })
})

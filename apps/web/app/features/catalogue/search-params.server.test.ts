import { describe, expect, test } from 'vitest'
import { parseCatalogueParams } from './search-params.server.ts'

describe('parseCatalogueParams', () => {
  test('takes brand, model and city from the path and the other filters from the query', () => {
    const { query, invalid } = parseCatalogueParams(new URLSearchParams('yearFrom=2015&hot=true&sort=price_asc'), {
      brand: 'toyota',
      model: 'camry',
      city: 'almaty',
    })
    expect(invalid).toEqual([])
    expect(query).toMatchObject({
      brand: 'toyota',
      model: 'camry',
      city: 'almaty',
      yearFrom: 2015,
      hot: true,
      sort: 'price_asc',
      page: 1,
      newness: 'all',
    })
  })

  test('drops and reports invalid filter values, applies the rest', () => {
    const { query, invalid } = parseCatalogueParams(
      new URLSearchParams('yearFrom=abc&priceFrom=9000000&priceTo=100&drive=6WD&page=500&mileageMax=50000'),
      { brand: 'kia' },
    )
    expect(invalid.sort()).toEqual(['drive', 'page', 'priceTo', 'yearFrom'])
    expect(query).toMatchObject({ brand: 'kia', priceFrom: 9_000_000, mileageMax: 50_000, page: 1 })
    expect(query.priceTo).toBeUndefined()
    expect(query.drive).toBeUndefined()
  })

  test('ignores parameters that are not catalogue filters (tracking, language, app cursor) without a notice', () => {
    const { query, invalid } = parseCatalogueParams(
      new URLSearchParams('utm_source=x&fbclid=y&lang=kk&cursor=abc&brand=toyota&city=almaty'),
    )
    expect(invalid).toEqual([])
    // brand and city belong in the path: in the query they are not read (the page redirects first).
    expect(query.brand).toBeUndefined()
    expect(query.city).toBeUndefined()
    expect(query.cursor).toBeUndefined()
  })
})

import { describe, expect, test } from 'vitest'
import { filtersFromForm } from './form-filters.ts'
import { catalogueHref } from './href.ts'

const form = (entries: [string, string][]) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

describe('filtersFromForm', () => {
  test('empty fields are no filter and city=all is all Kazakhstan', () => {
    expect(
      filtersFromForm(
        form([
          ['city', 'all'],
          ['brand', 'toyota'],
          ['model', ''],
          ['yearFrom', '2012'],
          ['priceTo', ''],
          ['newness', 'all'],
          ['hot', 'true'],
          ['sort', 'price_desc'],
        ]),
      ),
    ).toEqual({ brand: 'toyota', yearFrom: '2012', newness: 'all', hot: 'true', sort: 'price_desc' })
  })

  test('a submitted form becomes the readable URL the no-JavaScript redirect would give', () => {
    const data = form([
      ['city', 'almaty'],
      ['brand', 'toyota'],
      ['model', 'camry'],
      ['yearFrom', '2012'],
      ['newness', 'all'],
      ['sort', 'newest'],
    ])
    expect(catalogueHref(filtersFromForm(data))).toBe('/auto/toyota/camry/almaty?yearFrom=2012')
  })

  test("a dealer's scope (the form's hidden field) stays in the URL when another filter changes", () => {
    const data = form([
      ['dealer', '7'],
      ['city', 'all'],
      ['brand', 'kia'],
      ['sort', 'newest'],
    ])
    expect(catalogueHref(filtersFromForm(data))).toBe('/auto/kia?dealer=7')
  })
})

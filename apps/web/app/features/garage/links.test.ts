import { describe, expect, test } from 'vitest'
import { checkHref, sellAction } from './links.ts'

const car = { vin: null, year: 2018, mileageKm: 95_000, brand: { id: 7 }, model: { id: 42 } }

describe('"check this car"', () => {
  test('asks the check page about the VIN when the garage knows it', () => {
    expect(checkHref({ ...car, vin: 'JTNB11HK103012345' })).toBe('/check?vin=JTNB11HK103012345')
    expect(checkHref({ ...car, vin: 'NZE121-3123456' })).toBe('/check?vin=NZE121-3123456')
  })

  test('without a VIN it passes brand and model ids, year and mileage', () => {
    expect(checkHref(car)).toBe('/check?brand=7&model=42&year=2018&mileage=95000')
  })
})

describe('"sell this car"', () => {
  const listing = (status: 'draft' | 'moderation' | 'published' | 'rejected' | 'sold' | 'archived') => ({
    id: 501,
    status,
    priceKzt: 12_000_000,
  })

  test('starts a listing for a car in use without one (or after its listing was archived)', () => {
    expect(sellAction({ status: 'owned', listing: null })).toEqual({ kind: 'sell' })
    expect(sellAction({ status: 'owned', listing: listing('archived') })).toEqual({ kind: 'sell' })
  })

  test('continues a listing under way in the form, and opens a published one', () => {
    for (const s of ['draft', 'moderation', 'rejected'] as const)
      expect(sellAction({ status: 'owned', listing: listing(s) })).toEqual({
        kind: 'continue',
        href: '/create-auto/501',
      })
    expect(sellAction({ status: 'for_sale', listing: listing('published') })).toEqual({
      kind: 'open',
      href: '/cars/501',
    })
  })

  test('offers nothing for a sold car', () => {
    expect(sellAction({ status: 'sold', listing: listing('sold') })).toBeNull()
    expect(sellAction({ status: 'sold', listing: null })).toBeNull()
  })
})

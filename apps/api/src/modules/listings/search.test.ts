import { decodeListingCursor, encodeListingCursor, ListingSearchQuery } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import { isSummaryCountable, microsToIso } from './search.repository.ts'
import { roundEstimate } from './search.service.ts'

describe('the keyset cursor', () => {
  test('round-trips every sort with the largest keys it can carry', () => {
    for (const cursor of [
      { sort: 'newest' as const, key: 1_795_264_248_891_123, id: 1 },
      { sort: 'price_asc' as const, key: 10_000_000_000, id: Number.MAX_SAFE_INTEGER },
      { sort: 'mileage_asc' as const, key: 0, id: 42 },
    ]) {
      const text = encodeListingCursor(cursor)
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(decodeListingCursor(text)).toEqual(cursor)
    }
  })

  test.each([
    ['not base64', '!!!'],
    ['base64 of text', btoa('hello')],
    ['an object', btoa('{"sort":"newest"}')],
    ['an unknown sort', btoa('["cheapest",1,1]')],
    ['a fractional key', btoa('["newest",1.5,1]')],
    ['a negative key', btoa('["newest",-1,1]')],
    ['id zero', btoa('["newest",1,0]')],
    ['an unsafe id', btoa('["newest",1,9007199254740993]')],
    ['extra items', btoa('["newest",1,1,1]')],
  ])('refuses %s', (_, text) => {
    expect(decodeListingCursor(text.replace(/=+$/, ''))).toBeNull()
  })

  test('the query refuses a cursor of another sort and a cursor with a page', () => {
    const cursor = encodeListingCursor({ sort: 'price_asc', key: 1, id: 1 })
    const paths = (input: Record<string, string>) =>
      ListingSearchQuery.safeParse(input).error?.issues.map((i) => i.path.join('.'))
    expect(paths({ cursor })).toEqual(['cursor'])
    expect(paths({ cursor, sort: 'price_asc', page: '2' })).toEqual(['page'])
    expect(ListingSearchQuery.safeParse({ cursor, sort: 'price_asc' }).success).toBe(true)
  })
})

test('microseconds become an ISO time PostgreSQL reads back exactly', () => {
  expect(microsToIso(1_795_264_248_891_123)).toBe('2026-11-21T12:30:48.891123Z')
  expect(microsToIso(1_795_264_248_000_007)).toBe('2026-11-21T12:30:48.000007Z')
  expect(microsToIso(0)).toBe('1970-01-01T00:00:00.000000Z')
})

test('estimates keep two significant digits', () => {
  expect([0, 7, 99, 100, 2499, 2601, 12_345, 919_999].map(roundEstimate)).toEqual([
    0, 7, 99, 100, 2500, 2600, 12_000, 920_000,
  ])
})

test('only brand, model, city and newness are read from the totals table', () => {
  expect(isSummaryCountable({})).toBe(true)
  expect(isSummaryCountable({ brandId: 1, modelId: 2, cityId: 3, isNew: false })).toBe(true)
  expect(isSummaryCountable({ brandId: 1, yearFrom: 2015 })).toBe(false)
  expect(isSummaryCountable({ brandId: 1, hot: true })).toBe(false)
})

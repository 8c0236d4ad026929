import { describe, expect, test } from 'vitest'
import { parseListingId } from './listing-id.ts'

describe('listing ids in URLs', () => {
  test('positive integers of up to 15 digits', () => {
    expect(parseListingId('1')).toBe(1)
    expect(parseListingId('601104')).toBe(601104)
    expect(parseListingId('999999999999999')).toBe(999_999_999_999_999)
  })

  test('anything else is not an id', () => {
    for (const raw of [undefined, '', '0', '012', '-5', '1.5', '1e3', '1234567890123456', 'abc', '12 ']) {
      expect(parseListingId(raw)).toBeNull()
    }
  })
})

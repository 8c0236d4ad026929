import { describe, expect, test } from 'vitest'
import { INT4_MAX, parseId, requireIdParam } from './id-param.ts'

describe('ids in URLs and forms', () => {
  test('positive integers of up to 15 digits', () => {
    expect(parseId('1')).toBe(1)
    expect(parseId('601104')).toBe(601104)
    expect(parseId('999999999999999')).toBe(999_999_999_999_999)
  })

  test('anything else is not an id', () => {
    for (const raw of [undefined, '', '0', '012', '-5', '1.5', '1e3', '1234567890123456', 'abc', '12 ']) {
      expect(parseId(raw)).toBeNull()
    }
  })

  test('an id above an int4 key is not one of its ids', () => {
    expect(parseId('2147483647', INT4_MAX)).toBe(2_147_483_647)
    expect(parseId('2147483648', INT4_MAX)).toBeNull()
  })

  test('a route param that is not an id answers 404 with the page body', () => {
    expect(requireIdParam('42')).toBe(42)
    let thrown: unknown = null
    try {
      requireIdParam('042', { reason: 'not-found' })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { reason: 'not-found' } })
  })
})

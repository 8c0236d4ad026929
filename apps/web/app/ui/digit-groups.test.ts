import { describe, expect, test } from 'vitest'
import { groupDigits } from './digit-groups.ts'

describe('groupDigits', () => {
  test('groups by three from the right and drops everything but digits', () => {
    expect(groupDigits('6200000')).toBe('6\u00a0200\u00a0000')
    expect(groupDigits('12 50a0')).toBe('12\u00a0500')
    expect(groupDigits('999')).toBe('999')
    expect(groupDigits('')).toBe('')
    expect(groupDigits('007')).toBe('7')
  })
})

import { describe, expect, test } from 'vitest'
import { jsonDepth } from './json-body.ts'

describe('jsonDepth', () => {
  test('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0)
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3)
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1)
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1)
    expect(jsonDepth('['.repeat(5000) + ']'.repeat(5000))).toBe(5000)
  })

  test('stops counting once over the limit', () => {
    expect(jsonDepth('['.repeat(5000), 64)).toBe(65)
  })
})

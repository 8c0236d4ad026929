import { describe, expect, test } from 'vitest'
import { infraAvailable } from './infra.ts'

describe('infrastructure a test needs', () => {
  test('runs the tests when it answers, in CI or not', () => {
    expect(infraAvailable('Redis', true, { CI: 'true' })).toBe(true)
    expect(infraAvailable('Redis', true, {})).toBe(true)
  })

  test('skips them on a developer machine when it does not answer', () => {
    expect(infraAvailable('Redis', false, {})).toBe(false)
  })

  test('fails in CI when it does not answer: a skipped infrastructure test is no pass', () => {
    expect(() => infraAvailable('Redis at redis://127.0.0.1:6379', false, { CI: 'true' })).toThrow(/CI needs it/)
  })
})

import { describe, expect, test } from 'vitest'
import { problemCode } from './problem.ts'

describe('problemCode reads the code of an error answer', () => {
  test("problem+json's code, better-auth's code, an error string", () => {
    expect(problemCode({ code: 'listing.too_many_drafts', error: 'listing.too_many_drafts' }, 409)).toBe(
      'listing.too_many_drafts',
    )
    expect(problemCode({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400)).toBe('INVALID_PASSWORD')
    expect(problemCode({ error: 'rate_limited' }, 429)).toBe('rate_limited')
  })

  test('no code in the body (none, not JSON, not a string): the status', () => {
    expect(problemCode(null, 502)).toBe('http.502')
    expect(problemCode({}, 500)).toBe('http.500')
    expect(problemCode({ code: 413 }, 413)).toBe('http.413')
    expect(problemCode('Payload Too Large', 413)).toBe('http.413')
  })
})

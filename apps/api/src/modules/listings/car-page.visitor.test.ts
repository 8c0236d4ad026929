import { describe, expect, test } from 'vitest'
import { deriveVisitorId, hashVisitor, isVisitorId, viewDay } from './car-page.visitor.ts'

const SECRET = 'test-secret-test-secret-test-secret-1234'

describe('visitor identity for view counting', () => {
  test('the same address and browser give the same id; another browser another id', () => {
    const a = deriveVisitorId(SECRET, '10.0.0.1', 'Mozilla/5.0 Chrome')
    expect(a).toBe(deriveVisitorId(SECRET, '10.0.0.1', 'Mozilla/5.0 Chrome'))
    expect(a).not.toBe(deriveVisitorId(SECRET, '10.0.0.1', 'Mozilla/5.0 Firefox'))
    expect(a).not.toBe(deriveVisitorId(SECRET, '10.0.0.2', 'Mozilla/5.0 Chrome'))
    expect(isVisitorId(a)).toBe(true)
  })

  test('ids depend on the secret and are stored only as a keyed hash', () => {
    const id = deriveVisitorId(SECRET, '10.0.0.1', 'ua')
    expect(deriveVisitorId('another-secret-another-secret-123456', '10.0.0.1', 'ua')).not.toBe(id)
    const hash = hashVisitor(SECRET, id)
    expect(hash).not.toContain(id)
    expect(hash).toBe(hashVisitor(SECRET, id))
    expect(hash).toHaveLength(32)
  })

  test.each([
    ['short', false],
    ['a'.repeat(16), true],
    ['a'.repeat(65), false],
    ['has space in it!!', false],
    ['0f8fad5b-d9cb-469f-a165-70867728950e', true],
  ])('%s is a visitor id: %s', (value, ok) => {
    expect(isVisitorId(value)).toBe(ok)
  })

  test('a day of views is the calendar day in Almaty (UTC+5), not in UTC', () => {
    expect(viewDay(new Date('2026-11-21T18:59:59Z'))).toBe('2026-11-21')
    expect(viewDay(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22')
  })
})

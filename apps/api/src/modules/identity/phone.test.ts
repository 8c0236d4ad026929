import { describe, expect, test } from 'vitest'
import { normaliseKzPhone } from './phone.ts'

describe('Kazakhstan phone numbers', () => {
  test.each([
    ['+7 701 123 45 67', '+77011234567'],
    ['+7 (701) 123-45-67', '+77011234567'],
    ['87011234567', '+77011234567'],
    ['8 (777) 000 11 22', '+77770001122'],
    ['77011234567', '+77011234567'],
    ['7011234567', '+77011234567'],
  ])('%s is stored as %s', (input, e164) => {
    expect(normaliseKzPhone(input)).toBe(e164)
  })

  test.each(['', '12345', '+7 495 123 45 67', '+1 202 555 0100', '+7 701 123 45 6', 'phone', '+7 701 123 45 678'])(
    '%s is not a Kazakhstan mobile number',
    (input) => {
      expect(normaliseKzPhone(input)).toBeNull()
    },
  )
})

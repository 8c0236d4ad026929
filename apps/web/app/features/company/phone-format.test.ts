import { describe, expect, test } from 'vitest'
import { formatCompanyPhone } from './phone-format.ts'

describe('company phone numbers', () => {
  test('a regional landline keeps its four-digit area code together', () => {
    expect(formatCompanyPhone('+77172600037')).toBe('+7 7172 60 00 37')
    expect(formatCompanyPhone('+77252400045')).toBe('+7 7252 40 00 45')
  })

  test('Almaty landlines and mobiles are grouped 3-3-2-2', () => {
    expect(formatCompanyPhone('+77272500150')).toBe('+7 727 250 01 50')
    expect(formatCompanyPhone('+77770001500')).toBe('+7 777 000 15 00')
    expect(formatCompanyPhone('+77011234567')).toBe('+7 701 123 45 67')
  })
})

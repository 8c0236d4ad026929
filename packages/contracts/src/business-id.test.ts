import { describe, expect, test } from 'vitest'
import { isValidBin, isValidIin, kzCheckDigit } from './business-id.ts'

/*
 * Valid examples, computed by hand with the rule (KZ-FACTS): s1 = sum of digit_i * i for i = 1..11; check = s1 mod 11;
 * when that is 10, s2 = the digits weighted 3,4,5,6,7,8,9,10,11,1,2, check = s2 mod 11; 10 again: invalid.
 *
 *   IIN 870101300148: 8*1+7*2+0*3+1*4+0*5+1*6+3*7+0*8+0*9+1*10+4*11 = 107; 107 mod 11 = 8
 *   IIN 050610500127: s1 = 106; 106 mod 11 = 7 (born 10 June 2005, 7th digit 5: 2000s)
 *   IIN 000229500018: s1 = 118; 118 mod 11 = 8 (29 February 2000, a leap year)
 *   IIN 880202400706: s1 = 142, 142 mod 11 = 10 -> s2 = 127, 127 mod 11 = 6 (the second weighting)
 *   BIN 070401400009: s1 = 64; 64 mod 11 = 9 (registered April 2007)
 *   BIN 120500001235: s1 = 87, 87 mod 11 = 10 -> s2 = 60, 60 mod 11 = 5
 *   BIN 160440003337: s1 = 139; 139 mod 11 = 7 (April 2016)
 *   BIN 191000000010: s1 = 33; 33 mod 11 = 0 (October 2019)
 *
 * 88020240072 has s1 = 164 (mod 11 = 10) and s2 = 131 (mod 11 = 10): no 12th digit makes it valid.
 */
const VALID_IINS = ['870101300148', '050610500127', '000229500018', '880202400706']
const VALID_BINS = ['070401400009', '120500001235', '160440003337', '191000000010']

describe('the Kazakh check digit', () => {
  test('is the first weighting mod 11 when that is not 10', () => {
    expect(kzCheckDigit([8, 7, 0, 1, 0, 1, 3, 0, 0, 1, 4])).toBe(8)
  })

  test('falls back to the second weighting when the first gives 10', () => {
    expect(kzCheckDigit([8, 8, 0, 2, 0, 2, 4, 0, 0, 7, 0])).toBe(6)
  })

  test('is null when both weightings give 10', () => {
    expect(kzCheckDigit([8, 8, 0, 2, 0, 2, 4, 0, 0, 7, 2])).toBeNull()
  })
})

describe('IIN', () => {
  test.each(VALID_IINS)('%s is valid', (iin) => {
    expect(isValidIin(iin)).toBe(true)
  })

  test('a wrong check digit is refused, whichever digit it is', () => {
    for (const iin of VALID_IINS) {
      const last = Number(iin.at(-1))
      for (let d = 0; d <= 9; d++) if (d !== last) expect(isValidIin(iin.slice(0, 11) + d)).toBe(false)
    }
  })

  test('a number whose both weightings give 10 is refused with any last digit', () => {
    for (let d = 0; d <= 9; d++) expect(isValidIin(`88020240072${d}`)).toBe(false)
  })

  test('wrong lengths, letters, spaces and signs are refused', () => {
    for (const bad of [
      '',
      '87010130014',
      '8701013001480',
      'AB0101300148',
      '87010130014x',
      '870101 300148',
      '-87010130014',
    ])
      expect(isValidIin(bad)).toBe(false)
  })

  test('a birth date that does not exist is refused even with the right check digit', () => {
    // Each has the check digit of its first 11 digits (s1 mod 11, second weighting where needed).
    expect(isValidIin('010229500016')).toBe(false) // 29 February 2001: not a leap year (s1 = 120 -> s2, 6)
    expect(isValidIin('871301300148')).toBe(false) // month 13 (s1 = 118, 8)
    expect(isValidIin('870132300147')).toBe(false) // 32 January (s1 = 128, 7)
    expect(isValidIin('870431300142')).toBe(false) // 31 April (s1 = 134, 2)
    expect(isValidIin('870101700143')).toBe(false) // 7th digit 7: no such century code (s1 = 135, 3)
  })
})

describe('BIN', () => {
  test.each(VALID_BINS)('%s is valid', (bin) => {
    expect(isValidBin(bin)).toBe(true)
  })

  test('a wrong check digit is refused', () => {
    for (const bin of VALID_BINS) {
      const last = Number(bin.at(-1))
      for (let d = 0; d <= 9; d++) if (d !== last) expect(isValidBin(bin.slice(0, 11) + d)).toBe(false)
    }
  })

  test('a registration month outside 01-12 is refused even with the right check digit', () => {
    expect(isValidBin('191300000011')).toBe(false) // month 13 (s1 = 45, 1)
    expect(isValidBin('190000000018')).toBe(false) // month 00 (s1 = 30, 8)
  })

  test('wrong lengths and letters are refused', () => {
    for (const bad of ['07040140000', '0704014000099', '07040140000O', 'БИН070401400'])
      expect(isValidBin(bad)).toBe(false)
  })
})

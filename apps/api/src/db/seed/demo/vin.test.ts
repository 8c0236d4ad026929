import { describe, expect, test } from 'vitest'
import { createRng } from './random.ts'
import {
  BODY_NUMBER_PATTERN,
  generateBodyNumber,
  generateVin,
  isValidVin,
  modelYearCode,
  VIN_ALPHABET,
  vinCheckDigit,
  WMI_BY_BRAND,
  wmiForBrand,
} from './vin.ts'

describe('VIN check digit', () => {
  test('matches known valid VINs', () => {
    // The textbook example (check digit X) and two real-world VINs.
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true)
    expect(isValidVin('11111111111111111')).toBe(true)
    expect(isValidVin('1HGCM82633A004352')).toBe(true)
    expect(vinCheckDigit('1M8GDM9A_KP042788')).toBe('X')
  })

  test('rejects wrong check digits, lengths and forbidden letters', () => {
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false)
    expect(isValidVin('1M8GDM9AXKP04278')).toBe(false)
    expect(isValidVin('1M8GDM9AXKP0427888')).toBe(false)
    expect(isValidVin('IM8GDM9AXKP042788')).toBe(false)
    expect(isValidVin('1M8GDM9AXKP04278O')).toBe(false)
    expect(isValidVin('1m8gdm9axkp042788')).toBe(false)
  })

  test('model year codes cycle every 30 years', () => {
    expect(modelYearCode(1980)).toBe('A')
    expect(modelYearCode(2000)).toBe('Y')
    expect(modelYearCode(2001)).toBe('1')
    expect(modelYearCode(2010)).toBe('A')
    expect(modelYearCode(2026)).toBe('T')
  })
})

describe('generateVin', () => {
  test('always produces valid VINs without I, O or Q', () => {
    const rng = createRng(42)
    for (let i = 0; i < 5000; i++) {
      const vin = generateVin(rng, rng.pick(['JTD', 'XTA', 'KMH', 'Z94', 'XWB']), rng.int(1985, 2026))
      expect(vin).toHaveLength(17)
      expect(vin).not.toMatch(/[IOQ]/)
      for (const c of vin) expect(VIN_ALPHABET).toContain(c)
      expect(isValidVin(vin)).toBe(true)
    }
  })

  test('keeps the WMI and the model year', () => {
    const vin = generateVin(createRng(1), 'XTA', 2019)
    expect(vin.startsWith('XTA')).toBe(true)
    expect(vin[9]).toBe(modelYearCode(2019))
  })

  test('is deterministic for a seed', () => {
    expect(generateVin(createRng(7), 'JTD')).toBe(generateVin(createRng(7), 'JTD'))
  })

  test('rejects an invalid WMI', () => {
    expect(() => generateVin(createRng(1), 'IOQ')).toThrow()
  })

  test('brand WMIs are valid VIN prefixes; unknown brands get a generic one', () => {
    for (const wmis of Object.values(WMI_BY_BRAND)) for (const wmi of wmis) expect(wmi).toMatch(/^[0-9A-HJ-NPR-Z]{3}$/)
    const rng = createRng(3)
    expect(WMI_BY_BRAND.toyota).toContain(wmiForBrand(rng, 'toyota'))
    expect(wmiForBrand(rng, 'no-such-brand')).toMatch(/^[0-9A-HJ-NPR-Z]{3}$/)
  })
})

describe('generateBodyNumber', () => {
  test('looks like a Japanese frame number and is not a VIN', () => {
    const rng = createRng(5)
    for (let i = 0; i < 200; i++) {
      const body = generateBodyNumber(rng, rng.pick(['toyota', 'nissan', 'honda', 'subaru', 'unknown']))
      expect(body).toMatch(BODY_NUMBER_PATTERN)
      expect(isValidVin(body)).toBe(false)
    }
    expect(generateBodyNumber(createRng(9), 'toyota')).toMatch(/^[A-Z]{2,4}\d{2,3}-\d{7}$/)
  })
})

import { describe, expect, test } from 'vitest'
import { estimateTransportTax, rulesForYear } from './tax.ts'

const MRP = 4_325
/** A petrol car made in 2020: under 10 years old in 2026, so the full rate applies. */
const tax = (cc: number, year = 2020) =>
  estimateTransportTax({ engineType: 'petrol', engineVolumeCc: cc, year }, 2026, 'en')
const amount = (cc: number, year = 2020) => tax(cc, year)?.amountKzt

describe('passenger-car bands (2026, MRP 4,325 ₸)', () => {
  test.each([
    // [cc, expected]: each band's lower and upper edge, and the first cm³ of the next band
    [1, 1 * MRP],
    [1_100, 1 * MRP],
    [1_101, 2 * MRP],
    [1_500, 2 * MRP],
    [1_501, 3 * MRP + 7],
    [2_000, 3 * MRP + 7 * 500],
    [2_001, 6 * MRP + 7],
    [2_500, 6 * MRP + 7 * 500],
    [2_501, 9 * MRP + 7],
    [3_000, 9 * MRP + 7 * 500],
    [3_001, 15 * MRP + 7],
    [4_000, 15 * MRP + 7 * 1_000],
    [4_001, 117 * MRP + 7],
    [5_700, 117 * MRP + 7 * 1_700],
  ])('%i cm³ pays %i ₸', (cc, expected) => {
    expect(amount(cc)).toBe(expected)
  })

  test('the published 2026 examples: 117 MRP over 4,000 cm³ is 506,025 ₸; a 2,362 cm³ Camry pays about 28,482 ₸', () => {
    expect(117 * MRP).toBe(506_025)
    expect(amount(2_362)).toBe(28_484)
  })

  test('says which year, MRP and law it used', () => {
    expect(tax(1_600)).toEqual({
      amountKzt: 3 * MRP + 700,
      ruleYear: 2026,
      mrpKzt: MRP,
      source: expect.stringContaining('Tax Code'),
    })
  })

  test('large engines made after 2013 no longer pay the old higher rates', () => {
    // Under the previous Code a 2018 car of 3,500 cm³ paid 46 MRP; now 15 MRP + 7 ₸ per cm³ over 3,000.
    expect(amount(3_500, 2018)).toBe(15 * MRP + 3_500)
  })
})

describe('age coefficients (tax year minus year of manufacture)', () => {
  const full = 6 * MRP + 7 * 362
  test.each([
    [2017, 9, full],
    [2016, 10, full * 0.7],
    [2011, 15, full * 0.7],
    [2006, 20, full * 0.7],
    [2005, 21, full * 0.5],
    [1985, 41, full * 0.5],
  ])('a car made in %i (%i years) pays %d ₸', (year, _age, expected) => {
    expect(amount(2_362, year)).toBe(Math.round(expected))
  })

  test('the press example: a 2011 Camry pays 30% less, a 2005 one 50% less', () => {
    expect(amount(2_362, 2011)).toBe(Math.round(28_484 * 0.7))
    expect(amount(2_362, 2005)).toBe(28_484 * 0.5)
  })

  test('a next-model-year car (younger than zero) pays the full rate', () => {
    expect(amount(1_600, 2027)).toBe(3 * MRP + 700)
  })
})

describe('engine types and missing data', () => {
  test('electric cars are exempt (0 ₸, still an answer)', () => {
    expect(
      estimateTransportTax({ engineType: 'electric', engineVolumeCc: null, year: 2024 }, 2026, 'en'),
    ).toMatchObject({
      amountKzt: 0,
      ruleYear: 2026,
    })
  })

  test('hybrids, diesel and gas cars are taxed by their engine volume', () => {
    for (const engineType of ['hybrid', 'plugin_hybrid', 'diesel', 'gas'] as const) {
      expect(estimateTransportTax({ engineType, engineVolumeCc: 2_500, year: 2020 }, 2026, 'en')?.amountKzt).toBe(
        6 * MRP + 3_500,
      )
    }
  })

  test('a combustion car without a usable volume gets no estimate rather than a wrong one', () => {
    for (const cc of [null, 0, -5, 1.5]) {
      expect(estimateTransportTax({ engineType: 'petrol', engineVolumeCc: cc, year: 2020 }, 2026, 'en')).toBeNull()
    }
  })
})

describe('which year of rules', () => {
  test('a later year uses the newest known MRP and says so', () => {
    expect(rulesForYear(2027)).toMatchObject({ ruleYear: 2026, mrpKzt: MRP })
    expect(
      estimateTransportTax({ engineType: 'petrol', engineVolumeCc: 1_000, year: 2020 }, 2027, 'en')?.ruleYear,
    ).toBe(2026)
  })

  test('before the 2026 Code there are no rules here (the old Code is not modelled)', () => {
    expect(rulesForYear(2025)).toBeNull()
    expect(estimateTransportTax({ engineType: 'petrol', engineVolumeCc: 1_000, year: 2020 }, 2024, 'en')).toBeNull()
  })
})

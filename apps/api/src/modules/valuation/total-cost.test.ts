import { describe, expect, test } from 'vitest'
import { IMPORT_RULES } from './import-rules.ts'
import { annuityPayment } from './loan.ts'
import { LOAN_SOURCE_NAMES } from './loan-terms.ts'
import { TAX_RULES } from './tax-rules.ts'
import { estimateTotalCost } from './total-cost.ts'

const camry = {
  priceKzt: 12_000_000,
  year: 2019,
  isNew: false,
  engineType: 'petrol' as const,
  engineVolumeCc: 2_494,
  steering: 'left' as const,
  isCustomsCleared: true,
}

describe('the total cost card', () => {
  test('a cleared used car: price, tax a year and the loan at 25% down over 84 months, no import lines', () => {
    const cost = estimateTotalCost(camry, 2026, 'en')
    expect(cost.priceKzt).toBe(12_000_000)
    // 2,494 cm³: 6 MRP + 7 ₸ × 494 cm³ at the 2026 MRP (4,325 ₸), a 7-year-old car pays in full.
    expect(cost.taxPerYear).toMatchObject({ amountKzt: 6 * 4_325 + 7 * 494, ruleYear: 2026 })
    expect(cost.loan).toMatchObject({
      downPaymentKzt: 3_000_000,
      termMonths: 84,
      annualRatePct: 25,
      monthlyPaymentKzt: annuityPayment(9_000_000, 25, 84),
    })
    expect(cost.loan?.sourceUrl).toMatch(/^https:\/\/www\.bcc\.kz\//)
    expect(cost.import).toBeNull()
  })

  test('a car not cleared by customs: recycling fee by engine band, 15% duty, 16% VAT on price and duty, 6 MRP', () => {
    const cost = estimateTotalCost({ ...camry, isCustomsCleared: false }, 2026, 'en')
    expect(cost.import).toEqual({
      ruleYear: 2026,
      recyclingFeeKzt: 1_081_250,
      dutyKzt: 1_800_000,
      vatKzt: Math.round((12_000_000 + 1_800_000) * 0.16),
      customsFeeKzt: 6 * 4_325,
      dutyPct: 15,
      vatPct: 16,
      rightHandDrive: false,
      sources: Object.values(IMPORT_RULES.sources).map((source) => source.en),
    })
    // Not registrable yet, so no bank takes it as a pledge.
    expect(cost.loan).toBeNull()
  })

  test('recycling fee band edges: 1,000 cm³ is the first band, 1,001 the second; 3,001 the top; electric pays none', () => {
    const fee = (engineVolumeCc: number | null, engineType: 'petrol' | 'electric' = 'petrol') =>
      estimateTotalCost({ ...camry, isCustomsCleared: false, engineVolumeCc, engineType }, 2026, 'en').import
        ?.recyclingFeeKzt
    expect(fee(1_000)).toBe(324_375)
    expect(fee(1_001)).toBe(756_875)
    expect(fee(2_000)).toBe(756_875)
    expect(fee(3_001)).toBe(2_486_875)
    expect(fee(null, 'electric')).toBe(0)
    expect(fee(null)).toBeNull()
  })

  test('a hybrid’s duty is not guessed; a right-hand-drive car is flagged as never registrable', () => {
    const hybrid = estimateTotalCost({ ...camry, engineType: 'hybrid', isCustomsCleared: false }, 2026, 'en').import
    expect(hybrid).toMatchObject({ dutyKzt: null, vatKzt: null, recyclingFeeKzt: 1_081_250 })
    const rhd = estimateTotalCost({ ...camry, steering: 'right', isCustomsCleared: false }, 2026, 'en')
    expect(rhd.import?.rightHandDrive).toBe(true)
    expect(rhd.loan).toBeNull()
  })

  test('names every source in the language asked for, each language written on its own', () => {
    const named = [
      ...TAX_RULES.map((r) => r.source),
      ...Object.values(IMPORT_RULES.sources),
      ...Object.values(LOAN_SOURCE_NAMES),
    ]
    for (const source of named) {
      expect(new Set([source.ru, source.kk, source.en]).size, source.en).toBe(3)
    }
    const kk = estimateTotalCost({ ...camry, isCustomsCleared: false }, 2026, 'kk')
    expect(kk.taxPerYear?.source).toBe(TAX_RULES[0]?.source.kk)
    expect(kk.taxPerYear?.source).toContain('Салық кодексі')
    expect(kk.import?.sources).toEqual(Object.values(IMPORT_RULES.sources).map((source) => source.kk))
    expect(estimateTotalCost(camry, 2026, 'ru').loan?.source).toBe(LOAN_SOURCE_NAMES.usedCars.ru)
    expect(estimateTotalCost({ ...camry, isNew: true, year: 2026 }, 2026, 'kk').loan?.source).toBe(
      LOAN_SOURCE_NAMES.newCars.kk,
    )
  })
})

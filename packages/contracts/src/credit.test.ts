import { describe, expect, test } from 'vitest'
import { assessProgramme, type CreditProgramme, type DtiWaiverRule, dtiWaiver, termOptions } from './credit.ts'

const used: CreditProgramme = {
  id: 'used-cars',
  annualRatePct: 25,
  minDownPaymentPct: 10,
  maxTermMonths: 84,
  maxLoanKzt: 25_000_000,
  maxCarPriceKzt: null,
  maxCarAgeYears: 13,
  condition: 'used',
  localBrands: null,
  source: 'bank',
  sourceUrl: 'https://example.kz/',
}
const state: CreditProgramme = {
  ...used,
  id: 'state-4',
  annualRatePct: 4,
  minDownPaymentPct: 0,
  maxLoanKzt: 10_000_000,
  maxCarPriceKzt: 15_000_000,
  maxCarAgeYears: null,
  condition: 'new',
  localBrands: ['kia', 'lada'],
}
const rule: DtiWaiverRule = {
  until: '2026-12-31',
  usedDownPaymentOverPct: 50,
  youngUsedMaxAgeYears: 3,
  youngUsedDownPaymentFromPct: 30,
  usualMaxRatio: 0.5,
  source: 'ARDFM',
  sourceUrl: 'https://example.kz/',
}

describe('a programme and a car', () => {
  test('the spec’s example fits a used-car loan: 7,500,000 over 84 months at 25% is 189,838 ₸ a month', () => {
    const fit = assessProgramme(
      used,
      { priceKzt: 10_000_000, year: 2018, isNew: false },
      { downPaymentKzt: 2_500_000, termMonths: 84 },
      2026,
    )
    expect(fit).toEqual({ id: 'used-cars', fits: true, misfits: [], loanKzt: 7_500_000, monthlyPaymentKzt: 189_838 })
  })

  test('age on its edge: 13 years old fits, 14 does not', () => {
    const request = { downPaymentKzt: 1_000_000, termMonths: 60 }
    expect(assessProgramme(used, { priceKzt: 5_000_000, year: 2013, isNew: false }, request, 2026).fits).toBe(true)
    expect(assessProgramme(used, { priceKzt: 5_000_000, year: 2012, isNew: false }, request, 2026).misfits).toEqual([
      'car-too-old',
    ])
  })

  test('down payment on its edge: exactly 10% fits, one tenge less does not; the whole price leaves no loan', () => {
    const car = { priceKzt: 8_000_000, year: 2020, isNew: false }
    expect(assessProgramme(used, car, { downPaymentKzt: 800_000, termMonths: 84 }, 2026).fits).toBe(true)
    expect(assessProgramme(used, car, { downPaymentKzt: 799_999, termMonths: 84 }, 2026).misfits).toEqual([
      'down-payment-too-small',
    ])
    const all = assessProgramme(used, car, { downPaymentKzt: 8_000_000, termMonths: 84 }, 2026)
    expect(all).toMatchObject({ fits: false, misfits: ['down-payment-too-large'], loanKzt: 0, monthlyPaymentKzt: null })
  })

  test('loan and term limits; the payment is shown at the programme’s longest term', () => {
    const big = assessProgramme(
      used,
      { priceKzt: 40_000_000, year: 2024, isNew: false },
      { downPaymentKzt: 14_999_999, termMonths: 96 },
      2026,
    )
    expect(big.misfits).toEqual(['loan-above-limit', 'term-too-long'])
    expect(big.monthlyPaymentKzt).toBe(
      assessProgramme(used, { priceKzt: 40_000_000 }, { downPaymentKzt: 14_999_999, termMonths: 84 }, 2026)
        .monthlyPaymentKzt,
    )
  })

  test('the state 4% programme: a new Kazakhstan-made car up to 15 M ₸ with at most 10 M ₸ borrowed', () => {
    const request = { downPaymentKzt: 5_000_000, termMonths: 84 }
    expect(assessProgramme(state, { priceKzt: 15_000_000, isNew: true, brandSlug: 'kia' }, request, 2026).fits).toBe(
      true,
    )
    expect(
      assessProgramme(
        state,
        { priceKzt: 15_000_001, isNew: true, brandSlug: 'kia' },
        { ...request, downPaymentKzt: 5_000_001 },
        2026,
      ).misfits,
    ).toEqual(['price-above-limit'])
    expect(
      assessProgramme(
        state,
        { priceKzt: 12_000_000, isNew: true, brandSlug: 'kia' },
        { ...request, downPaymentKzt: 0 },
        2026,
      ).misfits,
    ).toEqual(['loan-above-limit'])
    expect(
      assessProgramme(state, { priceKzt: 9_000_000, isNew: false, brandSlug: 'toyota' }, request, 2026).misfits,
    ).toEqual(['not-new', 'not-local'])
    // A price typed on the home page (nothing else known) is not held against the car.
    expect(assessProgramme(state, { priceKzt: 9_000_000 }, request, 2026).fits).toBe(true)
  })

  test('a car that cannot be registered cannot be pledged', () => {
    const fit = assessProgramme(
      used,
      { priceKzt: 5_000_000, year: 2020, isNew: false, registrable: false },
      { downPaymentKzt: 1_000_000, termMonths: 60 },
      2026,
    )
    expect(fit.misfits).toEqual(['not-registrable'])
  })

  test('term options are whole years up to the longest programme', () => {
    expect(termOptions([used, state])).toEqual([12, 24, 36, 48, 60, 72, 84])
  })
})

describe('the debt-to-income waiver', () => {
  const request = (downPaymentKzt: number) => ({ downPaymentKzt, termMonths: 60 })
  test('a new car is waived; a used car with more than half down is waived, exactly half is not', () => {
    expect(dtiWaiver(rule, { priceKzt: 10_000_000, isNew: true }, request(0), '2026-11-22')).toBe('new-car')
    const old = { priceKzt: 10_000_000, isNew: false, year: 2015 }
    expect(dtiWaiver(rule, old, request(5_000_001), '2026-11-22')).toBe('used-big-down-payment')
    expect(dtiWaiver(rule, old, request(5_000_000), '2026-11-22')).toBeNull()
  })

  test('a used car up to 3 years old with 30% to 50% down is waived; 4 years old or 29.99% is not', () => {
    const young = { priceKzt: 10_000_000, isNew: false, year: 2023 }
    expect(dtiWaiver(rule, young, request(3_000_000), '2026-11-22')).toBe('young-used-down-payment')
    expect(dtiWaiver(rule, young, request(2_999_999), '2026-11-22')).toBeNull()
    expect(dtiWaiver(rule, { ...young, year: 2022 }, request(3_000_000), '2026-11-22')).toBeNull()
  })

  test('the rule lapses after its last day', () => {
    expect(dtiWaiver(rule, { priceKzt: 10_000_000, isNew: true }, request(0), '2026-12-31')).toBe('new-car')
    expect(dtiWaiver(rule, { priceKzt: 10_000_000, isNew: true }, request(0), '2027-01-01')).toBeNull()
  })
})

import type { LoanTerms } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
import { annuityPayment, estimateMonthlyPayment } from './loan.ts'
import { LOAN_TERMS } from './loan-terms.ts'

describe('annuity payment', () => {
  test('matches the textbook value: 1,000,000 at 12% a year over 12 months is 88,848.79, so 88,849 ₸', () => {
    expect(annuityPayment(1_000_000, 12, 12)).toBe(88_849)
  })

  test('7,500,000 at 25% over 84 months', () => {
    // r = 0.25/12; P = L·r/(1-(1+r)^-84) = 189,837.27
    const r = 0.25 / 12
    const exact = (7_500_000 * r) / (1 - (1 + r) ** -84)
    expect(annuityPayment(7_500_000, 25, 84)).toBe(Math.ceil(exact))
    expect(annuityPayment(7_500_000, 25, 84)).toBe(189_838)
  })

  test('the payments cover the loan: paying it back month by month leaves nothing owed', () => {
    const principal = 12_345_678
    const rate = 21.6
    const payment = annuityPayment(principal, rate, 60)
    let owed = principal
    for (let month = 0; month < 60; month++) owed = owed * (1 + rate / 1200) - payment
    expect(owed).toBeLessThanOrEqual(0)
    // Rounding up overpays under a tenge a month (compounded over five years: well under 200 ₸).
    expect(owed).toBeGreaterThan(-200)
  })

  test('is whole tenge; a zero rate splits the loan evenly; nothing borrowed costs nothing', () => {
    expect(Number.isInteger(annuityPayment(3_333_333, 21.6, 84))).toBe(true)
    expect(annuityPayment(1_200_000, 0, 12)).toBe(100_000)
    expect(annuityPayment(1_000_001, 0, 12)).toBe(83_334)
    expect(annuityPayment(0, 25, 84)).toBe(0)
  })

  test('refuses a term that is not a positive whole number of months', () => {
    expect(() => annuityPayment(1_000_000, 25, 0)).toThrow(RangeError)
    expect(() => annuityPayment(1_000_000, 25, 12.5)).toThrow(RangeError)
  })
})

describe('card estimate with the default terms', () => {
  const year = 2026
  test('a used car: 25% down, 25% a year, 84 months', () => {
    expect(estimateMonthlyPayment({ priceKzt: 10_000_000, year: 2020, isNew: false }, year)).toBe(
      annuityPayment(7_500_000, 25, 84),
    )
  })

  test('a new car uses the new-car rate', () => {
    expect(estimateMonthlyPayment({ priceKzt: 20_000_000, year: 2026, isNew: true }, year)).toBe(
      annuityPayment(15_000_000, 21.6, 84),
    )
  })

  test('no estimate for a used car older than the bank finances (13 years)', () => {
    expect(estimateMonthlyPayment({ priceKzt: 3_000_000, year: 2013, isNew: false }, year)).not.toBeNull()
    expect(estimateMonthlyPayment({ priceKzt: 3_000_000, year: 2012, isNew: false }, year)).toBeNull()
  })

  test('no estimate when the loan would exceed the product limit', () => {
    // 25 M ₸ limit for used cars: a loan of 75% of the price fits up to 33,333,333 ₸.
    expect(estimateMonthlyPayment({ priceKzt: 33_300_000, year: 2022, isNew: false }, year)).not.toBeNull()
    expect(estimateMonthlyPayment({ priceKzt: 33_400_000, year: 2022, isNew: false }, year)).toBeNull()
    expect(estimateMonthlyPayment({ priceKzt: 60_000_000, year: 2026, isNew: true }, year)).not.toBeNull()
    expect(estimateMonthlyPayment({ priceKzt: 60_100_000, year: 2026, isNew: true }, year)).toBeNull()
  })

  test('no estimate for cars that cannot be registered (and so pledged): right-hand drive, not cleared', () => {
    const car = { priceKzt: 8_000_000, year: 2020, isNew: false }
    expect(estimateMonthlyPayment({ ...car, steering: 'right' }, year)).toBeNull()
    expect(estimateMonthlyPayment({ ...car, isCustomsCleared: false }, year)).toBeNull()
    expect(estimateMonthlyPayment({ ...car, steering: 'left', isCustomsCleared: true }, year)).not.toBeNull()
  })

  test('never assumes less down payment than the bank accepts', () => {
    const terms: LoanTerms = { ...LOAN_TERMS, downPaymentPct: 0 }
    expect(estimateMonthlyPayment({ priceKzt: 10_000_000, year: 2020, isNew: false }, year, terms)).toBe(
      annuityPayment(9_000_000, 25, 84),
    )
  })

  test('the terms carry their sources', () => {
    for (const product of [LOAN_TERMS.newCars, LOAN_TERMS.usedCars]) {
      expect(product.sourceUrl).toMatch(/^https:\/\//)
      expect(product.annualRatePct).toBeGreaterThan(0)
    }
  })
})

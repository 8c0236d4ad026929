import type { LoanProduct, LoanTerms } from '@tulpar/contracts'
import { annuityPayment } from '@tulpar/contracts/credit'
import { LOAN_TERMS } from './loan-terms.ts'

export { annuityPayment }

export interface FinancedCar {
  priceKzt: number
  year: number
  isNew: boolean
  /** Unknown (undefined) is not held against the car; the card query does not carry these two. */
  steering?: 'left' | 'right'
  isCustomsCleared?: boolean
}

export function loanProductFor(car: Pick<FinancedCar, 'isNew'>, terms: LoanTerms = LOAN_TERMS): LoanProduct {
  return car.isNew ? terms.newCars : terms.usedCars
}

/**
 * The card's estimated monthly payment with the default down payment and term (LOAN_TERMS). Null when the
 * bank product would not finance the car: too old, a loan above its limit, or a car that cannot be registered
 * in Kazakhstan (right-hand drive, not cleared by customs), since the car is the loan's pledge.
 */
export function estimateMonthlyPayment(
  car: FinancedCar,
  currentYear: number,
  terms: LoanTerms = LOAN_TERMS,
): number | null {
  if (car.steering === 'right' || car.isCustomsCleared === false) return null
  const product = loanProductFor(car, terms)
  const age = currentYear - car.year
  if (product.maxCarAgeYears !== null && age > product.maxCarAgeYears) return null
  const downPaymentPct = Math.max(terms.downPaymentPct, product.minDownPaymentPct)
  const loanKzt = car.priceKzt - Math.round((car.priceKzt * downPaymentPct) / 100)
  if (loanKzt <= 0 || loanKzt > product.maxLoanKzt) return null
  return annuityPayment(loanKzt, product.annualRatePct, Math.min(terms.termMonths, product.maxTermMonths))
}

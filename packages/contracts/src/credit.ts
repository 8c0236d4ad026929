/*
 * The credit calculator's rules, shared by the API (which stores applications and prints the total cost card) and
 * the web widget (which recomputes as the visitor types). Pure functions and plain types only: no zod, so the
 * widget does not pull the schema library into the page. The programmes' numbers and sources are data the API
 * sends (modules/valuation/loan-terms.ts); only the arithmetic and the eligibility checks live here.
 */

/**
 * Annuity payment in whole tenge (rounded up, so the payments cover the loan): P = L·r / (1 − (1 + r)^−n)
 * with r the monthly rate. Throws on a term that is not a positive whole number of months.
 */
export function annuityPayment(principalKzt: number, annualRatePct: number, termMonths: number): number {
  if (!Number.isInteger(termMonths) || termMonths <= 0) throw new RangeError('termMonths must be a positive integer')
  if (principalKzt <= 0) return 0
  const r = annualRatePct / 100 / 12
  const exact = r === 0 ? principalKzt / termMonths : (principalKzt * r) / (1 - (1 + r) ** -termMonths)
  // 1e-6 absorbs floating noise so an exact amount is not pushed up by one tenge.
  return Math.ceil(exact - 1e-6)
}

export type CreditProgrammeId = 'new-cars' | 'used-cars' | 'state-4'

/** One way to finance a car: a bank's published product or the state's preferential programme. */
export interface CreditProgramme {
  id: CreditProgrammeId
  annualRatePct: number
  minDownPaymentPct: number
  maxTermMonths: number
  maxLoanKzt: number
  /** The most the car may cost; null: no limit beyond the loan's. */
  maxCarPriceKzt: number | null
  /** Oldest car financed, years since manufacture; null: no limit. */
  maxCarAgeYears: number | null
  condition: 'new' | 'used'
  /** Only cars made in Kazakhstan, by the brands the programme lists (lower-case slugs). */
  localBrands: string[] | null
  source: string
  sourceUrl: string
}

/**
 * The regulator's debt-to-income waiver: banks do not compute the borrower's debt burden ratio for these car
 * loans while the rule lasts (`until`, inclusive).
 */
export interface DtiWaiverRule {
  until: string
  /** A used car with a down payment above this share is waived (per cent). */
  usedDownPaymentOverPct: number
  /** A used car at most this old ... */
  youngUsedMaxAgeYears: number
  /** ... with a down payment from this share (per cent, inclusive) is waived too. */
  youngUsedDownPaymentFromPct: number
  /** The debt burden ratio banks otherwise hold to (monthly payments / income). */
  usualMaxRatio: number
  source: string
  sourceUrl: string
}

/** What the calculator knows about the car. A car from the catalogue has all of it; a typed price only the price. */
export interface CreditCar {
  priceKzt: number
  year?: number
  isNew?: boolean
  brandSlug?: string
  /** A car that cannot be registered in Kazakhstan (right-hand drive, not cleared) cannot be pledged. */
  registrable?: boolean
}

export interface CreditRequest {
  downPaymentKzt: number
  termMonths: number
}

export type CreditMisfit =
  | 'not-registrable'
  | 'not-new'
  | 'not-used'
  | 'not-local'
  | 'car-too-old'
  | 'price-above-limit'
  | 'down-payment-too-small'
  | 'down-payment-too-large'
  | 'loan-above-limit'
  | 'term-too-long'

export interface ProgrammeFit {
  id: CreditProgrammeId
  fits: boolean
  /** Why the car or the request falls outside the programme; empty when it fits. Unknown facts are not held against it. */
  misfits: CreditMisfit[]
  loanKzt: number
  /** The monthly payment at the programme's rate for the requested loan and term (capped at its longest term). */
  monthlyPaymentKzt: number | null
}

/** Term choices in the widget: every year up to the longest programme's term. */
export function termOptions(programmes: readonly CreditProgramme[]): number[] {
  const longest = Math.max(12, ...programmes.map((p) => p.maxTermMonths))
  return Array.from({ length: Math.floor(longest / 12) }, (_, i) => (i + 1) * 12)
}

/** Whether the car and the request fit the programme, and what it would cost a month. */
export function assessProgramme(
  programme: CreditProgramme,
  car: CreditCar,
  request: CreditRequest,
  currentYear: number,
): ProgrammeFit {
  const misfits: CreditMisfit[] = []
  const loanKzt = Math.max(0, car.priceKzt - request.downPaymentKzt)
  if (car.registrable === false) misfits.push('not-registrable')
  if (car.isNew !== undefined) {
    if (programme.condition === 'new' && !car.isNew) misfits.push('not-new')
    if (programme.condition === 'used' && car.isNew) misfits.push('not-used')
  }
  if (programme.localBrands && car.brandSlug !== undefined && !programme.localBrands.includes(car.brandSlug)) {
    misfits.push('not-local')
  }
  if (
    programme.maxCarAgeYears !== null &&
    car.year !== undefined &&
    currentYear - car.year > programme.maxCarAgeYears
  ) {
    misfits.push('car-too-old')
  }
  if (programme.maxCarPriceKzt !== null && car.priceKzt > programme.maxCarPriceKzt) misfits.push('price-above-limit')
  if (request.downPaymentKzt * 100 < car.priceKzt * programme.minDownPaymentPct) misfits.push('down-payment-too-small')
  if (loanKzt <= 0) misfits.push('down-payment-too-large')
  if (loanKzt > programme.maxLoanKzt) misfits.push('loan-above-limit')
  if (request.termMonths > programme.maxTermMonths) misfits.push('term-too-long')
  const term = Math.min(request.termMonths, programme.maxTermMonths)
  const monthlyPaymentKzt = loanKzt > 0 && term > 0 ? annuityPayment(loanKzt, programme.annualRatePct, term) : null
  return { id: programme.id, fits: misfits.length === 0, misfits, loanKzt, monthlyPaymentKzt }
}

export type DtiWaiverReason = 'new-car' | 'used-big-down-payment' | 'young-used-down-payment'

/**
 * Whether the regulator's rule spares this loan the debt-to-income check on `today` (YYYY-MM-DD), and why.
 * Null when it does not (or when the rule has lapsed): the bank then holds the borrower to the usual ratio.
 */
export function dtiWaiver(
  rule: DtiWaiverRule,
  car: CreditCar,
  request: CreditRequest,
  today: string,
): DtiWaiverReason | null {
  if (today > rule.until || car.priceKzt <= 0 || car.registrable === false) return null
  if (car.isNew) return 'new-car'
  const downPct = (request.downPaymentKzt * 100) / car.priceKzt
  if (downPct > rule.usedDownPaymentOverPct) return 'used-big-down-payment'
  const age = car.year === undefined ? null : Number(today.slice(0, 4)) - car.year
  if (age !== null && age <= rule.youngUsedMaxAgeYears && downPct >= rule.youngUsedDownPaymentFromPct) {
    return 'young-used-down-payment'
  }
  return null
}

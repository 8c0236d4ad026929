import type { LoanTerms } from '@tulpar/contracts'

/*
 * Car-loan terms behind the card's "from ... ₸ a month" and the credit calculator's defaults. Rates change:
 * update this file (and `checkedOn`) when the banks' published terms do. Sources as in KZ-FACTS.md.
 */
export const LOAN_TERMS: LoanTerms = {
  newCars: {
    // "New car from a dealership" loan as listed by finance.kz (page updated 2025-04-23): 21.6%, down payment
    // from 10%, up to 7 years, up to 45 M ₸; bcc.kz lists about 21.6-21.7% for new cars (KZ-FACTS).
    annualRatePct: 21.6,
    minDownPaymentPct: 10,
    maxTermMonths: 84,
    maxLoanKzt: 45_000_000,
    maxCarAgeYears: null,
    source: 'Car loan for a new car from a dealership (finance.kz listing)',
    sourceUrl: 'https://finance.kz/avtokredity',
  },
  usedCars: {
    // bcc.kz "used cars from dealerships": 25.00-28.30% (AEIR 28.40-32.24%), down payment from 10%, up to
    // 7 years, up to 25 M ₸, car not older than 13 years (3 for cars made in Russia, China, Uzbekistan).
    annualRatePct: 25,
    minDownPaymentPct: 10,
    maxTermMonths: 84,
    maxLoanKzt: 25_000_000,
    maxCarAgeYears: 13,
    source: 'Bank CenterCredit, used cars from dealerships (bcc.kz)',
    sourceUrl: 'https://www.bcc.kz/en/personal/loans/used-cars-from-dealerships',
  },
  // The spec's credit widget shows 2 500 000 down on a 10 000 000 car: a quarter down is the product's own
  // example, and it keeps the loan inside both banks' limits for most cars.
  downPaymentPct: 25,
  termMonths: 84,
  formula:
    'Annuity: P = L × r / (1 − (1 + r)^−n), L = price − down payment, r = annual rate / 12, n = term in months; ' +
    'rounded up to whole tenge',
  checkedOn: '2026-11-21',
}

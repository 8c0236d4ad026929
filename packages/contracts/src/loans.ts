import { z } from 'zod'

/** One bank product behind the card's monthly payment: published rate and limits, with where they come from. */
export const LoanProduct = z.object({
  annualRatePct: z.number().describe('Nominal annual rate, % (the lower end of the published range)'),
  minDownPaymentPct: z.number().describe('Smallest down payment the bank accepts, % of the price'),
  maxTermMonths: z.number().int(),
  maxLoanKzt: z.number().int(),
  maxCarAgeYears: z.number().int().nullable().describe('Oldest car financed, years since manufacture; null: no limit'),
  source: z.string(),
  sourceUrl: z.url(),
})
export type LoanProduct = z.infer<typeof LoanProduct>

/** GET /cars/loan-terms/: the terms used for `monthlyPaymentKzt` on cards and as the credit calculator's defaults. */
export const LoanTerms = z
  .object({
    newCars: LoanProduct,
    usedCars: LoanProduct,
    downPaymentPct: z.number().describe('Down payment assumed for the card estimate, % of the price'),
    termMonths: z.number().int().describe('Term assumed for the card estimate'),
    formula: z.string().describe('How the monthly payment is computed'),
    checkedOn: z.iso.date().describe('When the rates were last checked'),
  })
  .meta({ id: 'LoanTerms' })
export type LoanTerms = z.infer<typeof LoanTerms>

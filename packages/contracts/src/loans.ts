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

/** One way to finance a car (bank product or state programme), as the credit widget assesses it. */
export const CreditProgramme = z
  .object({
    id: z.enum(['new-cars', 'used-cars', 'state-4']),
    annualRatePct: z.number(),
    minDownPaymentPct: z.number(),
    maxTermMonths: z.number().int(),
    maxLoanKzt: z.number().int(),
    maxCarPriceKzt: z.number().int().nullable(),
    maxCarAgeYears: z.number().int().nullable(),
    condition: z.enum(['new', 'used']),
    localBrands: z.array(z.string()).nullable().describe('Only Kazakhstan-made cars of these brands (slugs)'),
    source: z.string(),
    sourceUrl: z.url(),
  })
  .meta({ id: 'CreditProgramme' })

/** The regulator's rule that spares some car loans the debt-to-income check, while it lasts. */
export const DtiWaiverRule = z
  .object({
    until: z.iso.date(),
    usedDownPaymentOverPct: z.number(),
    youngUsedMaxAgeYears: z.number().int(),
    youngUsedDownPaymentFromPct: z.number(),
    usualMaxRatio: z.number(),
    source: z.string(),
    sourceUrl: z.url(),
  })
  .meta({ id: 'DtiWaiverRule' })

/** GET /credit/programmes/: what the credit widget needs to assess a car and a request as the visitor types. */
export const CreditProgrammes = z
  .object({
    programmes: z.array(CreditProgramme),
    dtiWaiver: DtiWaiverRule,
    termOptions: z.array(z.number().int()),
    defaultDownPaymentPct: z.number(),
    defaultTermMonths: z.number().int(),
    formula: z.string(),
    checkedOn: z.iso.date(),
  })
  .meta({ id: 'CreditProgrammes' })
export type CreditProgrammes = z.infer<typeof CreditProgrammes>

/** POST /credit/applications/: the spec's credit application (car price, down payment, term, phone, names). */
export const CreditApplicationBody = z
  .object({
    carPriceKzt: z.coerce.number().int().min(100_000).max(2_000_000_000),
    downPaymentKzt: z.coerce.number().int().min(0).max(2_000_000_000),
    termMonths: z.coerce.number().int().min(6).max(120),
    phone: z.string().trim().min(1).max(32),
    lastName: z.string().trim().min(1).max(80),
    firstName: z.string().trim().min(1).max(80),
    listingId: z.coerce.number().int().positive().optional().describe('The car the application is about, if any'),
  })
  .meta({ id: 'CreditApplicationBody' })
export type CreditApplicationBody = z.infer<typeof CreditApplicationBody>

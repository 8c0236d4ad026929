import type { EngineType, Locale, TotalCost } from '@tulpar/contracts'
import { IMPORT_RULES, type ImportRuleSet } from './import-rules.ts'
import { estimateMonthlyPayment, loanProductFor } from './loan.ts'
import { LOAN_TERMS, loanTermsIn } from './loan-terms.ts'
import { estimateTransportTax, rulesForYear } from './tax.ts'

export interface CostedCar {
  priceKzt: number
  year: number
  isNew: boolean
  engineType: EngineType
  engineVolumeCc: number | null
  steering: 'left' | 'right'
  isCustomsCleared: boolean
}

/**
 * The car page's total cost card: the price, the transport tax a year, the monthly payment with the default down
 * payment, and for a car not cleared by customs the recycling fee and a customs estimate. Each line names its
 * rules' year and source (named in `locale`); a line that cannot be estimated honestly is null.
 */
export function estimateTotalCost(
  car: CostedCar,
  taxYear: number,
  locale: Locale,
  rules: ImportRuleSet = IMPORT_RULES,
): TotalCost {
  // The terms with their sources named in `locale`: the loan line names the product it was worked out with.
  const product = loanProductFor(car, loanTermsIn(locale))
  const downPaymentPct = Math.max(LOAN_TERMS.downPaymentPct, product.minDownPaymentPct)
  // A car still to be cleared is financed only once registered: the loan line uses the same rule as the cards.
  const monthly = estimateMonthlyPayment(car, taxYear)
  return {
    priceKzt: car.priceKzt,
    taxPerYear: estimateTransportTax(car, taxYear, locale),
    loan:
      monthly === null
        ? null
        : {
            monthlyPaymentKzt: monthly,
            downPaymentKzt: Math.round((car.priceKzt * downPaymentPct) / 100),
            termMonths: Math.min(LOAN_TERMS.termMonths, product.maxTermMonths),
            annualRatePct: product.annualRatePct,
            source: product.source,
            sourceUrl: product.sourceUrl,
            checkedOn: LOAN_TERMS.checkedOn,
          },
    import: car.isCustomsCleared ? null : estimateImport(car, taxYear, rules, locale),
  }
}

function estimateImport(
  car: CostedCar,
  taxYear: number,
  rules: ImportRuleSet,
  locale: Locale,
): NonNullable<TotalCost['import']> {
  const mrp = rulesForYear(Math.min(taxYear, rules.year))?.mrpKzt ?? null
  const electric = car.engineType === 'electric'
  const cc = car.engineVolumeCc
  const recyclingFeeKzt = electric
    ? rules.electricRecyclingFeeKzt
    : cc === null
      ? null
      : (rules.recyclingFeeKzt.find((b) => b.upToCc === null || cc <= b.upToCc)?.amountKzt ?? null)
  // The 15% duty is published for petrol and diesel cars; for others the card says it is not estimated.
  const combustion = car.engineType === 'petrol' || car.engineType === 'diesel'
  const dutyKzt = combustion ? Math.round((car.priceKzt * rules.dutyPct) / 100) : null
  const vatKzt = dutyKzt === null ? null : Math.round(((car.priceKzt + dutyKzt) * rules.vatPct) / 100)
  const customsFeeKzt = mrp === null ? null : rules.customsFeeMrp * mrp
  return {
    ruleYear: rules.year,
    recyclingFeeKzt,
    dutyKzt,
    vatKzt,
    customsFeeKzt,
    dutyPct: rules.dutyPct,
    vatPct: rules.vatPct,
    rightHandDrive: car.steering === 'right',
    sources: [rules.sources.recyclingFee[locale], rules.sources.duty[locale], rules.sources.vat[locale]],
  }
}

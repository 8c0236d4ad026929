import type { EngineType, Locale, TaxEstimate } from '@tulpar/contracts'
import { MRP_KZT_BY_YEAR, type PassengerCarBand, TAX_RULES, type TaxRuleSet } from './tax-rules.ts'

export interface TaxedCar {
  engineType: EngineType
  /** cm³; null for electric cars (and for listings that do not say). */
  engineVolumeCc: number | null
  /** Year of manufacture. */
  year: number
}

interface AppliedRules {
  ruleYear: number
  mrpKzt: number
  rules: TaxRuleSet
}

/**
 * The rules and MRP for a tax year: the newest year we hold data for, not after `taxYear`. Until the next
 * budget law is entered in tax-rules.ts, a new year is estimated with the last known MRP and says so
 * (`ruleYear`). Null before the first rule set.
 */
export function rulesForYear(taxYear: number): AppliedRules | null {
  const mrpYears = Object.keys(MRP_KZT_BY_YEAR)
    .map(Number)
    .filter((y) => y <= taxYear)
  if (mrpYears.length === 0) return null
  const ruleYear = Math.max(...mrpYears)
  const rules = [...TAX_RULES].filter((r) => r.fromYear <= ruleYear).sort((a, b) => b.fromYear - a.fromYear)[0]
  const mrpKzt = MRP_KZT_BY_YEAR[ruleYear]
  if (!rules || mrpKzt === undefined) return null
  return { ruleYear, mrpKzt, rules }
}

function bandFor(bands: readonly PassengerCarBand[], cc: number): PassengerCarBand | null {
  return bands.find((b) => cc > b.overCc && (b.upToCc === null || cc <= b.upToCc)) ?? null
}

function ageCoefficient(rules: TaxRuleSet, age: number): number {
  const match = rules.ageCoefficients.find((a) => age >= a.fromAge && (a.toAge === null || age <= a.toAge))
  return match?.coefficient ?? 1
}

/**
 * Transport tax a year for a passenger car owned by an individual, in whole tenge, under the rules of
 * `taxYear` (or the newest known before it). Null when it cannot be estimated honestly: a combustion engine
 * with no volume given, or no rules for that year. Personal reliefs are not known and not applied. The rules'
 * source is named in `locale`.
 */
export function estimateTransportTax(car: TaxedCar, taxYear: number, locale: Locale): TaxEstimate | null {
  const applied = rulesForYear(taxYear)
  if (!applied) return null
  const { ruleYear, mrpKzt, rules } = applied
  const result = (amountKzt: number): TaxEstimate => ({ amountKzt, ruleYear, mrpKzt, source: rules.source[locale] })
  if (car.engineType === 'electric') return rules.electricExempt ? result(0) : null
  const cc = car.engineVolumeCc
  if (cc === null || !Number.isInteger(cc) || cc <= 0) return null
  const band = bandFor(rules.bands, cc)
  if (!band) return null
  const full = band.mrp * mrpKzt + band.perCcOverKzt * (cc - band.overCc)
  // The law computes in tiyn (19 937,4 ₸); the car page shows whole tenge.
  return result(Math.round(full * ageCoefficient(rules, ruleYear - car.year)))
}

import type { Locale } from '@tulpar/contracts'

/*
 * Transport tax ("налог на транспортные средства") on passenger cars owned by individuals: the only place
 * that holds the law's numbers. Update this file when the law or the MRP changes; tax.ts only applies it.
 *
 * Checked on 2026-11-21 against public explanations of the State Revenue Committee (KGD) and the press; the
 * text of the Code itself was not reachable from here, so what could not be confirmed is said below.
 */

/**
 * MRP (monthly calculation index, "МРП"/"АЕК") per year, set by the law on the republican budget.
 * 2026: 4,325 ₸ (Law "On the republican budget for 2026-2028", signed 8 December 2025; lada.kz 2025-12-08,
 * dalanews.kz). 2025: 3,932 ₸ (same sources). Taxes are set in MRP, so tenge amounts follow from this table.
 */
export const MRP_KZT_BY_YEAR: Readonly<Record<number, number>> = {
  2025: 3_932,
  2026: 4_325,
}

/** Engine volume band: over `overCc` up to `upToCc` inclusive ("свыше ... до ... включительно"). */
export interface PassengerCarBand {
  overCc: number
  /** null: no upper limit. */
  upToCc: number | null
  /** Base rate in MRP. */
  mrp: number
  /** Tenge added for every cm³ over `overCc` (0 where the law adds nothing). */
  perCcOverKzt: number
}

/** Reduction for a car's age (tax year minus year of manufacture), applied to the whole amount. */
interface AgeCoefficient {
  fromAge: number
  /** Inclusive; null: no upper limit. */
  toAge: number | null
  coefficient: number
}

export interface TaxRuleSet {
  /** First tax year these rules apply to. */
  fromYear: number
  bands: readonly PassengerCarBand[]
  ageCoefficients: readonly AgeCoefficient[]
  /** Battery-electric cars have no engine volume, so no band applies to them. */
  electricExempt: boolean
  /** The rules' source, named in each language (the car page lists it under the total cost). */
  source: Record<Locale, string>
  checkedOn: string
}

/**
 * Tax Code of the Republic of Kazakhstan of 18 July 2025, in force from 1 January 2026 (the 2026 Code).
 *
 * - Bands: the 2026 Code kept the passenger-car bands of art. 492 p.1 of the previous Code (1, 2, 3, 6, 9, 15
 *   and 117 MRP, plus 7 ₸ per cm³ over the lower limit above 1,500 cm³). KGD's list of changes names no new
 *   bands, only the changes below; inform.kz (2026) gives 117 MRP = 506,025 ₸ for over 4,000 cm³ in 2026, and
 *   kolesa.kz / lada.kz (2025-12-19) give 28,482 ₸ for a 2,362 cm³ Camry at full rate, which is 6 MRP + 7 ₸ ×
 *   362 cm³ = 28,484 ₸ within 2 ₸. The article number of the bands in the 2026 Code was not confirmed.
 * - Removed: the higher rates of art. 492 p.2 (35-200 MRP) for cars over 3,000 cm³ made in or imported into
 *   Kazakhstan after 31 December 2013 no longer exist (KGD via zakon.kz 2026-01-04, baq.kz 2026-01-04).
 * - Age: coefficient 0.7 for 10 to 20 years of use inclusive, 0.5 over 20 years (art. 565, per uchet.kz via
 *   mgorod.kz 2026-03-06; KGD via zakon.kz, baq.kz, alau.kz 2026-03-12). Some articles say "from 11 years";
 *   KGD says "от 10 до 20 лет включительно", which is what we apply. Years of use are counted here as tax year
 *   minus year of manufacture (the registration certificate's year, per kolesa.kz).
 * - Not modelled, because no official text could be found: the eco class that one press piece (lada.kz
 *   2026-02-04, retelling a kolesa.kz video) says the 2026 Code considers for passenger cars (KGD's list of
 *   changes does not mention it), and a press mention (dalanews.kz) that the age reduction does not apply to
 *   cars over 4,000 cm³ imported after 2013. Reliefs for people (veterans, disability, large families) and
 *   farms are personal, so a listing cannot know them.
 * - Electric cars: exempt. KGD (akm.kgd.gov.kz) explains that owners of electric cars pay no transport tax, their
 *   engine volume being zero; that explanation predates the 2026 Code and no change was found.
 * - Hybrids (including plug-in) and gas cars are taxed by the volume of their combustion engine.
 */
export const TAX_RULES: readonly TaxRuleSet[] = [
  {
    fromYear: 2026,
    bands: [
      { overCc: 0, upToCc: 1_100, mrp: 1, perCcOverKzt: 0 },
      { overCc: 1_100, upToCc: 1_500, mrp: 2, perCcOverKzt: 0 },
      { overCc: 1_500, upToCc: 2_000, mrp: 3, perCcOverKzt: 7 },
      { overCc: 2_000, upToCc: 2_500, mrp: 6, perCcOverKzt: 7 },
      { overCc: 2_500, upToCc: 3_000, mrp: 9, perCcOverKzt: 7 },
      { overCc: 3_000, upToCc: 4_000, mrp: 15, perCcOverKzt: 7 },
      { overCc: 4_000, upToCc: null, mrp: 117, perCcOverKzt: 7 },
    ],
    ageCoefficients: [
      { fromAge: 10, toAge: 20, coefficient: 0.7 },
      { fromAge: 21, toAge: null, coefficient: 0.5 },
    ],
    electricExempt: true,
    source: {
      ru:
        'Налоговый кодекс Республики Казахстан от 18 июля 2025 года (действует с 1 января 2026 года), налог на ' +
        'транспортные средства: ставки для легковых автомобилей по объёму двигателя, понижающие коэффициенты по ' +
        'возрасту (ст. 565)',
      kk:
        'Қазақстан Республикасының 2025 жылғы 18 шілдедегі Салық кодексі (2026 жылғы 1 қаңтардан бастап күшіне ' +
        'енді), көлік құралдарына салынатын салық: жеңіл автокөліктердің қозғалтқыш көлеміне қарай мөлшерлемелері, ' +
        'жасына қарай төмендететін коэффициенттер (565-бап)',
      en:
        'Tax Code of the Republic of Kazakhstan of 18 July 2025 (in force 1 January 2026), tax on vehicles: ' +
        'passenger-car rates by engine volume, age coefficients of art. 565',
    },
    checkedOn: '2026-11-21',
  },
]

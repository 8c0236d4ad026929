import type { LoanTerms, Locale } from '@tulpar/contracts'
import type { CreditProgramme, DtiWaiverRule } from '@tulpar/contracts/credit'

/**
 * The sources of the terms below, named in each language: the APIs answer them in the language asked for, and the
 * car page and the credit widget show them. English is the reference text.
 */
export const LOAN_SOURCE_NAMES: Record<'newCars' | 'usedCars' | 'state' | 'dtiWaiver', Record<Locale, string>> = {
  newCars: {
    ru: 'Автокредит на новый автомобиль из автосалона (объявление finance.kz)',
    kk: 'Автосалоннан жаңа көлікке автонесие (finance.kz хабарландыруы)',
    en: 'Car loan for a new car from a dealership (finance.kz listing)',
  },
  usedCars: {
    ru: 'Банк ЦентрКредит, автомобили с пробегом из автосалонов (bcc.kz)',
    kk: 'Банк ЦентрКредит, автосалондардағы жүрілген көліктер (bcc.kz)',
    en: 'Bank CenterCredit, used cars from dealerships (bcc.kz)',
  },
  state: {
    ru: 'Банк Развития Казахстана, льготные автокредиты на машины казахстанской сборки (kdb.kz)',
    kk: 'Қазақстан Даму Банкі, Қазақстанда құрастырылған көліктерге жеңілдікті автонесие (kdb.kz)',
    en: 'Development Bank of Kazakhstan, preferential car loans for Kazakhstan-made cars (kdb.kz)',
  },
  dtiWaiver: {
    ru: 'Постановление АРРФР об автокредитах без проверки долговой нагрузки, 2025-2026 (informburo.kz)',
    kk: 'ҚНРДА-ның қарыз жүктемесін тексермей берілетін автонесие туралы қаулысы, 2025-2026 (informburo.kz)',
    en: 'ARDFM resolution on car loans without the debt-to-income check, 2025-2026 (informburo.kz)',
  },
}

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
    source: LOAN_SOURCE_NAMES.newCars.en,
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
    source: LOAN_SOURCE_NAMES.usedCars.en,
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

/**
 * The state's preferential car loan for cars made in Kazakhstan: 4% a year, at most 10 M ₸ borrowed for at most
 * 7 years, down payment from 0% (a car over 10 M ₸ needs the rest down), the car at most 15 M ₸, new passenger
 * cars from the programme's domestic makers. Development Bank of Kazakhstan (kdb.kz, "Preferential car loans":
 * price, term, rate up to 4%, AEIR up to 7.5%, JAC among the models) and informburo.kz's step-by-step guide
 * (banks, 10 M loan, 0% down, KIA, Chevrolet, Hyundai, Renault, Lada and UAZ). Applications open in waves and the
 * money runs out within minutes, so the widget says a car "may qualify"; the bank checks the exact model.
 */
const STATE_PREFERENTIAL: CreditProgramme = {
  id: 'state-4',
  annualRatePct: 4,
  minDownPaymentPct: 0,
  maxTermMonths: 84,
  maxLoanKzt: 10_000_000,
  maxCarPriceKzt: 15_000_000,
  maxCarAgeYears: null,
  condition: 'new',
  localBrands: ['chevrolet', 'hyundai', 'jac', 'kia', 'lada', 'renault', 'uaz'],
  source: LOAN_SOURCE_NAMES.state.en,
  sourceUrl: 'https://kdb.kz/en/services/preferential-car-loans',
}

/**
 * The Agency for Regulation and Development of the Financial Market (ARDFM) suspended the debt-to-income check
 * (КДН, usually at most 0.5) for 2025 and 2026 on car loans secured by the car for: a new car; a used car with
 * more than 50% down; a used car up to 3 years old with 30-50% down. In force since 20 February 2025 (kursiv.media
 * 2025-02-20; informburo.kz); nur.kz (2025-09-03) confirms it holds to the end of 2026.
 */
export const DTI_WAIVER: DtiWaiverRule = {
  until: '2026-12-31',
  usedDownPaymentOverPct: 50,
  youngUsedMaxAgeYears: 3,
  youngUsedDownPaymentFromPct: 30,
  usualMaxRatio: 0.5,
  source: LOAN_SOURCE_NAMES.dtiWaiver.en,
  sourceUrl:
    'https://informburo.kz/amp/novosti/v-kazaxstane-zarabotali-novye-pravila-po-kotorym-legce-polucit-avtokredit',
}

/** The loan terms with their sources named in `locale`. */
export function loanTermsIn(locale: Locale): LoanTerms {
  return {
    ...LOAN_TERMS,
    newCars: { ...LOAN_TERMS.newCars, source: LOAN_SOURCE_NAMES.newCars[locale] },
    usedCars: { ...LOAN_TERMS.usedCars, source: LOAN_SOURCE_NAMES.usedCars[locale] },
  }
}

/**
 * The programmes the credit widget assesses a car against: the banks' new and used car loans, and the state's,
 * with their sources named in `locale`.
 */
export function creditProgrammes(locale: Locale): CreditProgramme[] {
  const terms = loanTermsIn(locale)
  const bank = (id: 'new-cars' | 'used-cars', p: LoanTerms['newCars']): CreditProgramme => ({
    id,
    ...p,
    maxCarPriceKzt: null,
    condition: id === 'new-cars' ? 'new' : 'used',
    localBrands: null,
  })
  return [
    bank('new-cars', terms.newCars),
    bank('used-cars', terms.usedCars),
    { ...STATE_PREFERENTIAL, source: LOAN_SOURCE_NAMES.state[locale] },
  ]
}

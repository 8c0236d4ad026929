import type { Locale } from '@tulpar/contracts'

/*
 * What a car not yet cleared by customs in Kazakhstan costs to clear and register, as an estimate for the car
 * page's total cost card. The only place holding these numbers: update it when the rules change.
 *
 * - Recycling fee ("утильсбор") for passenger cars in 2026 by engine volume: up to 1.0 L 324,375 ₸; 1.0-2.0 L
 *   756,875 ₸; 2.0-3.0 L 1,081,250 ₸; over 3.0 L 2,486,875 ₸; electric 0 ₸ (lada.kz, 2026; KZ-FACTS.md).
 * - Customs duty: 15% of the customs value for most petrol and diesel passenger cars under Kazakhstan's WTO
 *   tariff in 2026, new or used, whatever the engine volume (inform.kz, 2026-02-05, "Import of cars into
 *   Kazakhstan in 2026"). The EAEU single tariff can differ; hybrids and electric cars are not estimated.
 * - VAT on import: 16% of the customs value plus duty under the Tax Code in force from 2026; customs fee 6 MRP
 *   (State Revenue Committee, as reported by news.mail.ru / lada.kz, 2026-02-24).
 * - Not estimated: excise on large engines, the first registration fee, delivery. The customs value is the
 *   price paid abroad; the listing's price stands in for it, which the card says.
 */
export interface ImportRuleSet {
  year: number
  recyclingFeeKzt: { upToCc: number | null; amountKzt: number }[]
  electricRecyclingFeeKzt: number
  dutyPct: number
  vatPct: number
  customsFeeMrp: number
  /** Each rule's source, named in each language (the car page lists them under the total cost). */
  sources: Record<'recyclingFee' | 'duty' | 'vat', Record<Locale, string>>
}

export const IMPORT_RULES: ImportRuleSet = {
  year: 2026,
  recyclingFeeKzt: [
    { upToCc: 1_000, amountKzt: 324_375 },
    { upToCc: 2_000, amountKzt: 756_875 },
    { upToCc: 3_000, amountKzt: 1_081_250 },
    { upToCc: null, amountKzt: 2_486_875 },
  ],
  electricRecyclingFeeKzt: 0,
  dutyPct: 15,
  vatPct: 16,
  customsFeeMrp: 6,
  sources: {
    recyclingFee: {
      ru: 'Утилизационный сбор 2026 года для легковых автомобилей по объёму двигателя (lada.kz, 2026)',
      kk: 'Жеңіл автокөліктерге қозғалтқыш көлеміне қарай 2026 жылғы кәдеге жарату алымы (lada.kz, 2026)',
      en: 'Recycling fee 2026 for passenger cars by engine volume (lada.kz, 2026)',
    },
    duty: {
      ru: 'Таможенная пошлина 15% по тарифу Казахстана в ВТО, 2026 (inform.kz, 5 февраля 2026)',
      kk: 'Қазақстанның ДСҰ-дағы тарифі бойынша 15% кедендік баж, 2026 (inform.kz, 2026 ж. 5 ақпан)',
      en: 'Customs duty 15% under Kazakhstan’s WTO tariff, 2026 (inform.kz, 2026-02-05)',
    },
    vat: {
      ru: 'НДС при ввозе 16% и таможенный сбор 6 МРП, Налоговый кодекс 2026 (Комитет госдоходов через lada.kz, 24 февраля 2026)',
      kk: 'Әкелу кезіндегі 16% ҚҚС және 6 АЕК кедендік алым, 2026 жылғы Салық кодексі (Мемлекеттік кірістер комитеті, lada.kz арқылы, 2026 ж. 24 ақпан)',
      en: 'Import VAT 16% and customs fee 6 MRP, Tax Code 2026 (State Revenue Committee via lada.kz, 2026-02-24)',
    },
  },
}

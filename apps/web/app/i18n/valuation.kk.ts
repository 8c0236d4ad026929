import type { PluralMessage } from './i18n.ts'
import type { valuationRu } from './valuation.ru.ts'

type ValuationMessages = {
  [K in keyof typeof valuationRu]: (typeof valuationRu)[K] extends string ? string : PluralMessage
}

/** Kazakh. Nouns after a numeral stay singular, so `one` and `other` read the same. */
export const valuationKk: ValuationMessages = {
  'valuation.rating.great': 'Өте тиімді баға',
  'valuation.rating.good': 'Тиімді баға',
  'valuation.rating.fair': 'Нарықтағы баға',
  'valuation.rating.high': 'Нарықтан қымбат',
  'valuation.title': 'Нарық бойынша бағалау',
  'valuation.thisPrice': 'Осы көліктің бағасы',
  'valuation.below': 'бағалаудан {percent}% арзан',
  'valuation.above': 'бағалаудан {percent}% қымбат',
  'valuation.same': 'бағалаумен бірдей',
  'valuation.estimate': 'Бағалау',
  'valuation.range': 'Әдеттегі баға',
  'valuation.rangeValue': '{low} – {high}',
  'valuation.scale': 'Шкаладағы {price} баға: әдеттегі баға {low} – {high}, бағалау {estimate}',
  'valuation.comparables': {
    one: '{count} ұқсас хабарландырумен салыстырдық',
    other: '{count} ұқсас хабарландырумен салыстырдық',
  },
  'valuation.estimatedAt': 'бағаланған күні: {date}',
  'valuation.none': 'Бағаны бағалау үшін ұқсас хабарландырулар әзірге тым аз.',
  'valuation.how.title': 'Қалай есептейміз',
  'valuation.how.comparables':
    'Сол модельдің жарияланған хабарландыруларын аламыз: шығарылған жылы ±{years} жыл, жүрген жолы ұқсас, ' +
    'рульдің орны, кедендік ресімделуі және зақымының болмауы бірдей. Олардың бағасын осы көліктің жылы мен ' +
    'жүрген жолына келтіреміз. Бағалау — осы бағалардың ортасы (медиана), әдеттегі баға — ұқсас ' +
    'ұсыныстардың жартысы кіретін аралық.',
  'valuation.how.ratings':
    'Өте тиімді баға — бағалаудан кемінде {great}% арзан және әдеттегіден төмен; тиімді баға — бағалаудан ' +
    '{good}%-дан астам арзан; нарықтан қымбат — бағалаудан {high}%-дан астам қымбат және әдеттегіден жоғары; ' +
    'қалған жағдайда — нарықтағы баға. Ұқсас хабарландырулар {min} данадан аз болса, бағалауды көрсетпейміз.',
  'valuation.how.limits':
    'Бұл хабарландырулардағы бағаларға негізделген бағдар ғана, кепілдік емес: көліктің жай-күйін, ' +
    'жинақталымын және тарихын көрмейміз. Бағалау үнемі қайта есептеледі.',
}

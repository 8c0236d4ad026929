import type { PluralMessage } from './i18n.ts'
import type { valuationRu } from './valuation.ru.ts'

type ValuationMessages = {
  [K in keyof typeof valuationRu]: (typeof valuationRu)[K] extends string ? string : PluralMessage
}

export const valuationEn: ValuationMessages = {
  'valuation.rating.great': 'Great price',
  'valuation.rating.good': 'Good price',
  'valuation.rating.fair': 'Fair price',
  'valuation.rating.high': 'High price',
  'valuation.title': 'Market estimate',
  'valuation.thisPrice': "This car's price",
  'valuation.below': '{percent}% below the estimate',
  'valuation.above': '{percent}% above the estimate',
  'valuation.same': 'the same as the estimate',
  'valuation.estimate': 'Estimate',
  'valuation.range': 'Usual price',
  'valuation.rangeValue': '{low} to {high}',
  'valuation.scale': 'Price {price} on the scale: usual price {low} to {high}, estimate {estimate}',
  'valuation.comparables': {
    one: 'Compared with {count} similar listing',
    other: 'Compared with {count} similar listings',
  },
  'valuation.estimatedAt': 'estimated on {date}',
  'valuation.none': 'There are too few similar listings to estimate the price yet.',
  'valuation.how.title': 'How we calculate this',
  'valuation.how.comparables':
    'We take published listings of the same model: model year within {years} years, similar mileage, the same ' +
    'steering side, customs status and no damage. Their prices are adjusted to this car’s year and mileage. The ' +
    'estimate is the middle of those prices (the median); the usual price is the range holding the middle half ' +
    'of them.',
  'valuation.how.ratings':
    'Great price: at least {great}% below the estimate and below the usual price; good: more than {good}% below ' +
    'the estimate; high: more than {high}% above the estimate and above the usual price; otherwise fair. With ' +
    'fewer than {min} similar listings we show no estimate.',
  'valuation.how.limits':
    'A guide from asking prices, not a guarantee: we do not see the car’s condition, equipment or history. ' +
    'Estimates are recalculated regularly.',
}

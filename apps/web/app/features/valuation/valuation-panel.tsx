import type { MarketEstimate } from '@tulpar/contracts'
import { VALUATION_METHOD } from '@tulpar/contracts/car-page-constants'
import { useId } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { DealBadge } from './deal-badge.tsx'
import { percentFromEstimate, scalePositions } from './scale.ts'

/**
 * The market estimate on the car page: the usual price range with the estimate and this price on a scale,
 * the rating, how many listings it rests on and a "how we calculate this" disclosure (a <details>, so it
 * opens without JavaScript). With no estimate (too few comparables) it says so and still explains why.
 */
export function ValuationPanel({ valuation, priceKzt }: { valuation: MarketEstimate | null; priceKzt: number }) {
  const { t, date } = useI18n()
  const titleId = useId()
  return (
    <section className="valuation-panel" aria-labelledby={titleId}>
      <div className="valuation-head">
        <h2 id={titleId}>{t('valuation.title')}</h2>
        {valuation ? <DealBadge rating={valuation.rating} /> : null}
      </div>
      {valuation ? <Estimate valuation={valuation} priceKzt={priceKzt} /> : <p>{t('valuation.none')}</p>}
      {valuation ? (
        <p className="valuation-meta">
          {t('valuation.comparables', { count: valuation.comparables })},{' '}
          {t('valuation.estimatedAt', { date: date(valuation.estimatedAt) })}
        </p>
      ) : null}
      <details className="valuation-how">
        <summary>{t('valuation.how.title')}</summary>
        <p>{t('valuation.how.comparables', { years: VALUATION_METHOD.yearWindow })}</p>
        <p>
          {t('valuation.how.ratings', {
            great: VALUATION_METHOD.greatBelowPct,
            good: VALUATION_METHOD.goodBelowPct,
            high: VALUATION_METHOD.highAbovePct,
            min: VALUATION_METHOD.minComparables,
          })}
        </p>
        <p>{t('valuation.how.limits')}</p>
      </details>
    </section>
  )
}

function Estimate({ valuation: v, priceKzt: p }: { valuation: MarketEstimate; priceKzt: number }) {
  const { t, price } = useI18n()
  const percent = percentFromEstimate(p, v.estimateKzt)
  const position = scalePositions(v, p)
  const difference =
    percent < 0
      ? t('valuation.below', { percent: -percent })
      : percent > 0
        ? t('valuation.above', { percent })
        : t('valuation.same')
  const range = t('valuation.rangeValue', { low: price(v.lowKzt), high: price(v.highKzt) })
  return (
    <>
      <p className={`valuation-verdict deal-${v.rating}`}>
        {t('valuation.thisPrice')}: <strong>{price(p)}</strong>, {difference}
      </p>
      <div
        className="valuation-scale"
        role="img"
        aria-label={t('valuation.scale', {
          price: price(p),
          low: price(v.lowKzt),
          high: price(v.highKzt),
          estimate: price(v.estimateKzt),
        })}
      >
        <span className="valuation-band" style={{ left: `${position.bandLeft}%`, width: `${position.bandWidth}%` }} />
        <span className="valuation-estimate-tick" style={{ left: `${position.estimate}%` }} />
        <span className={`valuation-price-marker deal-${v.rating}`} style={{ left: `${position.price}%` }} />
      </div>
      <dl className="valuation-figures">
        <div>
          <dt className="valuation-key-estimate">{t('valuation.estimate')}</dt>
          <dd>{price(v.estimateKzt)}</dd>
        </div>
        <div>
          <dt className="valuation-key-range">{t('valuation.range')}</dt>
          <dd>{range}</dd>
        </div>
      </dl>
    </>
  )
}

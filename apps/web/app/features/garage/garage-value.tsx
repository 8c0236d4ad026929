import type { GarageCar, GarageValue } from '@tulpar/contracts'
import { useId } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { sparkline } from './sparkline.ts'

const CHART = { width: 132, height: 40, pad: 4 }

/** How the estimate moved: the change since the first kept day, and the line of the days between. */
function Trend({ value }: { value: GarageValue }) {
  const { t, price, date } = useI18n()
  const line = sparkline(value.history, CHART)
  const { changeKzt, changeSince } = value
  if (changeKzt === null || changeSince === null || !line)
    return <p className="garage-note">{t('garage.trend.none')}</p>
  const since = date(changeSince)
  const direction = changeKzt > 0 ? 'up' : changeKzt < 0 ? 'down' : 'same'
  const label = t('garage.trend.chart', {
    from: date(line.from),
    to: date(line.to),
    min: price(line.min),
    max: price(line.max),
  })
  return (
    <div className={`garage-trend trend-${direction}`}>
      <svg
        className="sparkline"
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        width={CHART.width}
        height={CHART.height}
        role="img"
        aria-label={label}
      >
        <title>{label}</title>
        <path d={line.path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <circle cx={line.last.x} cy={line.last.y} r="3" fill="currentColor" />
      </svg>
      <p>
        {direction === 'same'
          ? t('garage.trend.same', { date: since })
          : t(direction === 'up' ? 'garage.trend.up' : 'garage.trend.down', {
              amount: price(Math.abs(changeKzt)),
              date: since,
            })}
      </p>
    </div>
  )
}

/**
 * "Worth now": the market estimate with its usual range, how many listings it rests on and the trend; with too few
 * comparables it says so plainly instead of a number. A sold car shows its last estimate, no longer updated.
 */
export function GarageValueBlock({ car }: { car: GarageCar }) {
  const { t, price, date } = useI18n()
  const titleId = useId()
  const v = car.value
  const e = v.estimate
  return (
    <section className="garage-figure garage-value" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('garage.value.title')}</h3>
      {car.status === 'sold' ? (
        <>
          <p className="garage-note">{t('garage.value.sold')}</p>
          {e && v.valuedOn ? (
            <p className="garage-note">
              {t('garage.value.lastKnown', { price: price(e.estimateKzt), date: date(v.valuedOn) })}
            </p>
          ) : null}
        </>
      ) : e && v.valuedOn ? (
        <>
          <p className="garage-amount" data-testid="garage-estimate">
            {price(e.estimateKzt)}
          </p>
          <p className="garage-note">{t('valuation.rangeValue', { low: price(e.lowKzt), high: price(e.highKzt) })}</p>
          <Trend value={v} />
          <p className="garage-note">
            {t('valuation.comparables', { count: v.comparables })},{' '}
            {t('valuation.estimatedAt', { date: date(v.valuedOn) })}
          </p>
        </>
      ) : v.valuedOn ? (
        <p className="garage-note garage-no-estimate">
          {t('garage.value.none', { count: v.comparables, min: v.minComparables })}
        </p>
      ) : (
        <p className="garage-note">{t('garage.value.notYet')}</p>
      )}
    </section>
  )
}

/** The transport tax a year, with the year of its rates and the MCI; without the engine, what to add. */
export function GarageTaxBlock({ car }: { car: GarageCar }) {
  const { t, price } = useI18n()
  const titleId = useId()
  const tax = car.taxPerYear
  return (
    <section className="garage-figure" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('garage.tax.title')}</h3>
      {tax ? (
        <>
          <p className="garage-amount small">{price(tax.amountKzt)}</p>
          <p className="garage-note">{t('garage.tax.rules', { year: String(tax.ruleYear), mrp: price(tax.mrpKzt) })}</p>
        </>
      ) : (
        <p className="garage-note">{t('garage.tax.unknown')}</p>
      )}
    </section>
  )
}

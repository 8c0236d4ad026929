import type { TotalCost } from '@tulpar/contracts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/**
 * The car page's total cost card: price, transport tax a year, the monthly payment with the default down payment,
 * and for a car not cleared by customs the recycling fee and a customs estimate. Every line says its rules' year
 * and source; what cannot be estimated honestly says so instead of a number.
 */
export function TotalCostCard({ cost }: { cost: TotalCost }) {
  const { t, price, date, number } = useI18n()
  const imp = cost.import
  const importKnown =
    imp && [imp.recyclingFeeKzt, imp.dutyKzt, imp.vatKzt, imp.customsFeeKzt].every((v) => v !== null)
      ? (imp.recyclingFeeKzt ?? 0) + (imp.dutyKzt ?? 0) + (imp.vatKzt ?? 0) + (imp.customsFeeKzt ?? 0)
      : imp
        ? null
        : 0
  const firstYear =
    cost.taxPerYear && importKnown !== null ? cost.priceKzt + cost.taxPerYear.amountKzt + importKnown : null
  const amountOrNot = (v: number | null) => (v === null ? t('cost.import.notEstimated') : price(v))
  const sources = [cost.taxPerYear?.source, ...(imp?.sources ?? [])].filter((s): s is string => Boolean(s))
  return (
    <section className="section total-cost" aria-labelledby="total-cost-title">
      <h2 id="total-cost-title">{t('cost.title')}</h2>
      <dl className="cost-lines">
        <div>
          <dt>{t('cost.price')}</dt>
          <dd>{price(cost.priceKzt)}</dd>
        </div>
        <div>
          <dt>{t('cost.tax')}</dt>
          <dd>
            {cost.taxPerYear ? (
              <>
                {price(cost.taxPerYear.amountKzt)}
                <small>
                  {t('cost.taxNote', { year: String(cost.taxPerYear.ruleYear), mrp: price(cost.taxPerYear.mrpKzt) })}
                </small>
              </>
            ) : (
              <small>{t('cost.taxUnknown')}</small>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('cost.loan')}</dt>
          <dd>
            {cost.loan ? (
              <>
                {price(cost.loan.monthlyPaymentKzt)}
                <small>
                  {t('cost.loanNote', {
                    down: price(cost.loan.downPaymentKzt),
                    months: cost.loan.termMonths,
                    rate: number(cost.loan.annualRatePct),
                    source: cost.loan.source,
                    date: date(cost.loan.checkedOn),
                  })}{' '}
                  <a href="#credit">{t('credit.title')}</a>
                </small>
              </>
            ) : (
              <small>{t('cost.loanNone')}</small>
            )}
          </dd>
        </div>
      </dl>
      {imp ? (
        <div className="cost-import">
          <h3>{t('cost.import.title')}</h3>
          {imp.rightHandDrive ? (
            <p className="form-error" role="note">
              {t('cost.import.rhd')}
            </p>
          ) : null}
          <dl className="cost-lines">
            <div>
              <dt>{t('cost.import.recycling')}</dt>
              <dd>{amountOrNot(imp.recyclingFeeKzt)}</dd>
            </div>
            <div>
              <dt>{t('cost.import.duty', { percent: imp.dutyPct })}</dt>
              <dd>{amountOrNot(imp.dutyKzt)}</dd>
            </div>
            <div>
              <dt>{t('cost.import.vat', { percent: imp.vatPct })}</dt>
              <dd>{amountOrNot(imp.vatKzt)}</dd>
            </div>
            <div>
              <dt>{t('cost.import.fee')}</dt>
              <dd>{amountOrNot(imp.customsFeeKzt)}</dd>
            </div>
          </dl>
          <p className="muted">{t('cost.import.note', { year: String(imp.ruleYear) })}</p>
        </div>
      ) : null}
      {firstYear !== null ? (
        <p className="cost-total">
          <span>{t('cost.firstYear')}</span> <strong>{price(firstYear)}</strong>
        </p>
      ) : null}
      <details className="cost-sources">
        <summary>{t('cost.sources')}</summary>
        <ul>
          {sources.map((s) => (
            <li key={s}>{s}</li>
          ))}
          {cost.loan ? (
            <li>
              <a href={cost.loan.sourceUrl} rel="noopener noreferrer" target="_blank">
                {cost.loan.source}
              </a>
            </li>
          ) : null}
        </ul>
      </details>
    </section>
  )
}

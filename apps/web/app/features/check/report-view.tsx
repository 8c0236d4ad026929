import type { VehicleReportContent } from '@tulpar/contracts'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Picture } from '../../ui/picture.tsx'

/*
 * What a TulparAutoCheck report found: the car, the mileage verdict, the listing history, the valuation, the tax
 * and the registers. The owner's page (/account/reports/:id) and the shared page (/check/shared/:token) show the
 * same findings; neither part holds anything of who ordered the report.
 */

type Content = VehicleReportContent

function Mileage({ content }: { content: Content }) {
  const { t, distance, date } = useI18n()
  const { mileage } = content
  if (mileage.verdict === 'unknown') return <p>{t('check.report.unknownMileage')}</p>
  if (mileage.verdict === 'plausible') return <p className="verdict ok">✓ {t('check.report.plausible')}</p>
  return (
    <div className="verdict warn" role="note">
      <p>
        <strong>⚠ {t('check.report.suspicious')}</strong>
      </p>
      <ul>
        {mileage.flags.map((f) => (
          <li key={`${f.kind}-${f.later.at}-${f.earlier?.at ?? ''}`}>
            {f.kind === 'rollback' && f.earlier
              ? t('check.report.rollback', {
                  earlier: distance(f.earlier.km, 'km'),
                  earlierDate: date(f.earlier.at),
                  later: distance(f.later.km, 'km'),
                  laterDate: date(f.later.at),
                })
              : t('check.report.lowForAge', {
                  km: distance(f.later.km, 'km'),
                  expected: distance(f.expectedKm ?? 0, 'km'),
                  norm: distance(mileage.normKmPerYear, 'km'),
                })}
          </li>
        ))}
      </ul>
    </div>
  )
}

const LISTING_STATUS: Record<string, 'published' | 'sold' | 'archived'> = {
  published: 'published',
  sold: 'sold',
  archived: 'archived',
}

/** The findings of a ready report; works on a phone and prints on paper (styles/check.css). */
export function ReportFindings({ content }: { content: Content }) {
  const { t, price, distance, date, locale } = useI18n()
  // A reading in miles is shown as the seller typed it, with the km the verdict compares.
  const reading = (s: Content['sightings'][number]) =>
    s.mileage?.unit === 'mi'
      ? `${distance(s.mileage.value, 'mi')} (${t('check.report.inKm', { km: distance(s.mileageKm ?? 0, 'km') })})`
      : distance(s.mileageKm ?? 0, 'km')
  return (
    <>
      {content.car ? (
        <section className="panel report-section">
          <h2>{t('check.report.car')}</h2>
          <p>
            {content.car.brand} {content.car.model}
            {content.car.year ? `, ${content.car.year}` : ''}
          </p>
        </section>
      ) : null}
      <section className="panel report-section">
        <h2>{t('check.report.mileage')}</h2>
        <Mileage content={content} />
      </section>
      <section className="panel report-section">
        <h2>{t('check.report.history')}</h2>
        {content.sightings.length === 0 ? <p>{t('check.report.noHistory')}</p> : null}
        <ol className="sightings">
          {content.sightings.map((s) => (
            <li key={s.listingId} data-testid="sighting" className={s.photoKey ? 'with-photo' : undefined}>
              {s.photoKey ? (
                <div className="sighting-photo">
                  <Picture
                    photoKey={s.photoKey}
                    alt={t('check.report.photo', { date: date(s.listedAt) })}
                    variant="card"
                    sizes="120px"
                  />
                </div>
              ) : null}
              <div>
                <p>
                  <strong>{s.title}</strong> · {t(`check.report.listing.${LISTING_STATUS[s.status] ?? 'other'}`)}
                </p>
                <p>
                  {t('check.report.listed', { date: date(s.listedAt) })}
                  {s.endedAt ? `, ${t('check.report.ended', { date: date(s.endedAt) })}` : ''}
                  {s.city ? ` · ${s.city[locale]}` : ''}
                </p>
                <p>
                  {s.priceKzt !== null ? price(s.priceKzt) : ''}
                  {s.mileageKm !== null ? ` · ${reading(s)}` : ''}
                </p>
                {s.status === 'published' ? <Link to={`/cars/${s.listingId}`}>/cars/{s.listingId}</Link> : null}
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section className="panel report-section">
        <h2>{t('check.report.valuation')}</h2>
        {content.valuation ? (
          <>
            <p className="valuation-figure">
              {t('check.report.valuationValue', {
                estimate: price(content.valuation.estimateKzt),
                low: price(content.valuation.lowKzt),
                high: price(content.valuation.highKzt),
              })}
            </p>
            <p className="muted">
              {t('check.report.valuationBasis', {
                count: content.valuation.comparables,
                km: distance(content.valuation.mileageKm, 'km'),
              })}
              {content.mileage.flags.some((f) => f.kind === 'rollback') ? ` ${t('check.report.valuationHighest')}` : ''}
            </p>
            {content.valuation.comparableIds.length > 0 ? (
              <p className="no-print">
                {t('check.report.comparables')}:{' '}
                {content.valuation.comparableIds.map((id, i) => (
                  <span key={id}>
                    {i > 0 ? ', ' : ''}
                    <Link to={`/cars/${id}`}>#{id}</Link>
                  </span>
                ))}
              </p>
            ) : null}
          </>
        ) : (
          <p>{t('check.report.noValuation')}</p>
        )}
      </section>
      <section className="panel report-section">
        <h2>{t('check.report.tax')}</h2>
        <p>
          {content.taxPerYear
            ? t('check.report.taxValue', {
                amount: price(content.taxPerYear.amountKzt),
                year: String(content.taxPerYear.ruleYear),
              })
            : t('check.report.noTax')}
        </p>
      </section>
      <section className="panel report-section">
        <h2>{t('check.report.registers')}</h2>
        <ul className="registers">
          {content.registers.map((r) => (
            <li key={r.code}>
              <strong>{t(`check.report.register.${r.code}`)}</strong>:{' '}
              {r.status === 'not_checked' ? (
                <>
                  {t('check.report.notChecked')}:{' '}
                  <a href={r.officialUrl} rel="noopener noreferrer" target="_blank">
                    {new URL(r.officialUrl).host}
                  </a>
                  <span className="register-how">{t(`check.report.registerHow.${r.code}`)}</span>
                </>
              ) : (
                r.details
              )}
            </li>
          ))}
        </ul>
      </section>
      <p className="muted">{t('check.report.generatedAt', { date: date(content.generatedAt) })}</p>{' '}
    </>
  )
}

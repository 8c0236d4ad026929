import type { FeedImport } from '@tulpar/contracts'
import { FEED_IMPORT_OUTCOMES } from '@tulpar/contracts/seller-constants'
import { Form, Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'

/** A feed import's report: its counts, the names our reference data does not know, and a page of its rows. */
export function ImportReport({ report, outcome }: { report: FeedImport; outcome: string | null }) {
  const { t, date } = useI18n()
  const here = `/dealer/${report.dealerId}/imports/${report.id}`
  return (
    <>
      <p className="lead">
        {t(`desk.import.status.${report.status}`)} · {date(report.createdAt)}
        {report.createdBy ? ` · ${report.createdBy.name}` : ''}
      </p>
      {report.refused ? (
        <p className="form-error" role="alert">
          {report.refused.message}
        </p>
      ) : null}
      {report.format ? (
        <p>{t('desk.import.format', { format: report.format.toUpperCase(), encoding: report.encoding ?? '' })}</p>
      ) : null}
      <dl className="import-counts">
        <dt>{t('desk.import.rows')}</dt>
        <dd>{report.counts.rows}</dd>
        {FEED_IMPORT_OUTCOMES.map((o) => (
          <div key={o} className={`count-${o}`}>
            <dt>{t(`desk.import.outcome.${o}`)}</dt>
            <dd>{report.counts[o]}</dd>
          </div>
        ))}
      </dl>
      {report.status === 'dry_run' ? (
        <div className="import-decision">
          <p>{t('desk.import.applyHint')}</p>
          <Form method="post">
            <button type="submit" name="intent" value="apply" className="button primary">
              {t('desk.import.apply')}
            </button>{' '}
            <button type="submit" name="intent" value="discard" className="button">
              {t('desk.import.discard')}
            </button>
          </Form>
        </div>
      ) : null}
      {report.unmatched.length > 0 ? (
        <section aria-labelledby="unmatched">
          <h2 id="unmatched">{t('desk.import.unmatched')}</h2>
          <ul>
            {report.unmatched.map((u) => (
              <li key={`${u.field}:${u.value}`}>
                {t('desk.import.unmatchedCount', { value: u.value, field: u.field, count: u.count })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.counts.rows + report.counts.removed > 0 ? (
        <section aria-labelledby="rows">
          <h2 id="rows">{t('desk.import.reasons')}</h2>
          <nav className="chips" aria-label={t('desk.import.filter')}>
            <Link to={here} aria-current={outcome === null ? 'page' : undefined}>
              {t('desk.import.all')}
            </Link>
            {FEED_IMPORT_OUTCOMES.map((o) => (
              <Link key={o} to={`${here}?outcome=${o}`} aria-current={outcome === o ? 'page' : undefined}>
                {t(`desk.import.outcome.${o}`)} ({report.counts[o]})
              </Link>
            ))}
          </nav>
          <div className="table-scroll">
            <table className="import-rows">
              <thead>
                <tr>
                  <th scope="col">{t('desk.import.row')}</th>
                  <th scope="col">{t('desk.stock.externalId')}</th>
                  <th scope="col">{t('desk.import.car')}</th>
                  <th scope="col">{t('desk.import.outcome')}</th>
                  <th scope="col">{t('desk.import.reasons')}</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((r) => (
                  <tr key={r.seq} className={`outcome-${r.outcome}`}>
                    <td>{r.row ?? '—'}</td>
                    <td>{r.externalId ?? '—'}</td>
                    <td>
                      {r.car ? `${r.car.brandName} ${r.car.modelName} ${r.car.year}` : ''}
                      {r.listingId !== null && r.outcome !== 'refused' ? ` № ${r.listingId}` : null}
                    </td>
                    <td>{t(`desk.import.outcome.${r.outcome}`)}</td>
                    <td>
                      {[...r.problems, ...r.warnings].map((p) => (
                        <span key={`${p.code}:${p.field}`} className={r.problems.includes(p) ? 'problem' : 'warning'}>
                          {p.message}
                          {p.value ? ` (${p.field}: ${p.value})` : ''}{' '}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.nextAfter !== null ? (
            <p>
              <Link to={`${here}?${outcome ? `outcome=${outcome}&` : ''}after=${report.nextAfter}`}>
                {t('desk.import.next')} →
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  )
}

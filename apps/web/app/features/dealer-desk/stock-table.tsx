import type { DealerStock, FeedImportSummary } from '@tulpar/contracts'
import { LISTING_STATUSES } from '@tulpar/contracts/seller-constants'
import { Form, Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Options } from '../../ui/options.tsx'

/** The dealer's cars: a search by brand, model, VIN or external id, a status filter, the first 200 rows. */
export function StockTable({
  dealerId,
  stock,
  q,
  status,
}: {
  dealerId: number
  stock: DealerStock
  q: string
  status: string
}) {
  const { t, price, number } = useI18n()
  return (
    <section aria-labelledby="stock" className="panel">
      <h2 id="stock">{t('desk.stock.title')}</h2>
      <Form method="get" action={`/dealer/${dealerId}`} className="stock-search">
        <label>
          {t('desk.stock.search')}
          <input type="search" name="q" defaultValue={q} maxLength={100} />
        </label>
        <label>
          {t('desk.stock.status')}
          <select name="status" defaultValue={status}>
            <option value="">{t('desk.status.all')}</option>
            <Options values={LISTING_STATUSES} label={(s) => t(`desk.status.${s}`)} />
          </select>
        </label>
        <button type="submit" className="button">
          {t('desk.stock.find')}
        </button>
      </Form>
      <p>{t('desk.stock.total', { count: stock.total })}</p>
      {stock.results.length === 0 ? (
        <p>{t('desk.stock.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="stock-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">{t('desk.bulk.action')}</span>
                </th>
                <th scope="col">{t('desk.stock.car')}</th>
                <th scope="col">{t('desk.stock.externalId')}</th>
                <th scope="col">{t('desk.stock.price')}</th>
                <th scope="col">{t('desk.stock.mileage')}</th>
                <th scope="col">{t('desk.stock.status')}</th>
              </tr>
            </thead>
            <tbody>
              {stock.results.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.status === 'published' ? (
                      <input
                        type="checkbox"
                        name="ids"
                        value={c.id}
                        form="stock-bulk"
                        aria-label={t('desk.bulk.select', { title: c.title || `№ ${c.id}` })}
                      />
                    ) : null}
                  </td>
                  <td>
                    {c.status === 'published' ? (
                      <Link to={`/cars/${c.id}`}>{c.title || `№ ${c.id}`}</Link>
                    ) : (
                      c.title || `№ ${c.id}`
                    )}
                  </td>
                  <td>{c.externalId ?? '—'}</td>
                  <td>{c.priceKzt === null ? '—' : price(c.priceKzt)}</td>
                  <td>{c.mileageKm === null ? '—' : `${number(c.mileageKm)} km`}</td>
                  <td>{t(`desk.status.${c.status as (typeof LISTING_STATUSES)[number]}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

/** The dealer's imports, newest first, each with its counts and a link to its report. */
export function ImportHistory({ dealerId, imports }: { dealerId: number; imports: FeedImportSummary[] }) {
  const { t, date } = useI18n()
  if (imports.length === 0) return <p>{t('desk.imports.none')}</p>
  return (
    <div className="table-scroll">
      <table className="import-history">
        <thead>
          <tr>
            <th scope="col">{t('desk.imports.when')}</th>
            <th scope="col">{t('desk.imports.who')}</th>
            <th scope="col">{t('desk.imports.source')}</th>
            <th scope="col">{t('desk.stock.status')}</th>
            <th scope="col">{t('desk.import.rows')}</th>
            <th scope="col">{t('desk.imports.open')}</th>
          </tr>
        </thead>
        <tbody>
          {imports.map((i) => (
            <tr key={i.id}>
              <td>{date(i.createdAt)}</td>
              <td>{i.createdBy?.name ?? t('desk.imports.auto')}</td>
              <td>{t(`desk.imports.source.${i.source}`)}</td>
              <td>{t(`desk.import.status.${i.status}`)}</td>
              <td>
                {i.counts.rows} · +{i.counts.created} ~{i.counts.updated} −{i.counts.removed} ✕{i.counts.refused}
              </td>
              <td>
                <Link to={`/dealer/${dealerId}/imports/${i.id}`}>
                  {t('desk.imports.open')} № {i.id}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

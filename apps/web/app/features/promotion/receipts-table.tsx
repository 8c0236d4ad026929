import type { DealerReceiptList, PromotionReceipt } from '@tulpar/contracts'
import { Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'

type Receipt = PromotionReceipt & { buyer?: DealerReceiptList['results'][number]['buyer'] }

/**
 * Paid promotion's receipts (issue 38): the day it was paid, the product, the car (its promote page, where its own
 * receipts are and it can be promoted again), the amount in tenge, and whether it runs, was paid or came back; on the
 * dealer desk, who of the dealer's people paid. A table that scrolls sideways on a phone.
 */
export function ReceiptsTable({ receipts, withBuyer = false }: { receipts: Receipt[]; withBuyer?: boolean }) {
  const { t, price, date } = useI18n()
  if (receipts.length === 0) return <p className="empty">{t('promote.receipts.none')}</p>
  return (
    <div className="receipts-scroll">
      <table className="receipts-table">
        <thead>
          <tr>
            <th scope="col">{t('promote.receipts.date')}</th>
            <th scope="col">{t('promote.receipts.product')}</th>
            <th scope="col">{t('promote.receipts.car')}</th>
            <th scope="col" className="amount">
              {t('promote.receipts.amount')}
            </th>
            <th scope="col">{t('promote.receipts.status')}</th>
            {withBuyer ? <th scope="col">{t('promote.receipts.buyer')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {receipts.map((r) => (
            <tr key={r.id} data-status={r.status}>
              <td className="when">{date(r.paidAt)}</td>
              <td>
                {t(`promote.product.${r.product}`)}
                {r.days > 0 ? `, ${t('promote.days', { count: r.days })}` : ''}
              </td>
              <td>
                {r.listingId === null ? (
                  r.title
                ) : (
                  <Link to={`/account/listings/${r.listingId}/promote`}>{r.title}</Link>
                )}
              </td>
              <td className="amount">{price(r.amountKzt)}</td>
              <td>
                {r.runsUntil ? (
                  <span className="receipt-running">{t('promote.runsUntil', { date: date(r.runsUntil) })}</span>
                ) : r.status === 'refunded' ? (
                  <span className="receipt-refunded">{t('promote.refunded', { price: price(r.refundKzt) })}</span>
                ) : (
                  t('promote.receipts.paid')
                )}
                {r.runsUntil && r.refundKzt > 0 ? ` · ${t('promote.refunded', { price: price(r.refundKzt) })}` : null}
              </td>
              {withBuyer ? <td>{r.buyer?.name ?? '—'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

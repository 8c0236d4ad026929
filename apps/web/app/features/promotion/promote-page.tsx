import type { ListingPromotions, PromotionOrder } from '@tulpar/contracts'
import { Form, Link } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/** One receipt: the product, its period or status, what it cost and what came back. */
function Receipt({ order }: { order: PromotionOrder }) {
  const { t, price, date } = useI18n()
  const running = order.status === 'active' && order.endsAt !== null
  return (
    <li className="promotion-receipt" data-status={order.status}>
      <strong>{t(`promote.product.${order.product}`)}</strong>
      {order.days > 0 ? <span> · {t('promote.days', { count: order.days })}</span> : null}
      <span> · {price(order.amountKzt)}</span>
      <span className={`status-badge promotion-${order.status}`}>
        {running && order.endsAt
          ? t('promote.runsUntil', { date: date(order.endsAt) })
          : t(`promote.status.${order.status}`)}
      </span>
      {order.paidAt ? <small className="muted"> {t('promote.paidOn', { date: date(order.paidAt) })}</small> : null}
      {order.refundKzt > 0 ? <small> · {t('promote.refunded', { price: price(order.refundKzt) })}</small> : null}
    </li>
  )
}

/** The seller's promote page: what each product does, its prices (each a checkout button), and the receipts. */
export function PromotePage({
  data,
  notice,
  error,
}: {
  data: ListingPromotions
  notice: MessageKey | null
  error: MessageKey | null
}) {
  const { t, price } = useI18n()
  const onSale = data.status === 'published'
  const products = ['raise', 'top', 'hot', 'highlight'] as const
  return (
    <div className="container promote-page">
      <p>
        <Link to="/account/listings">← {t('promote.back')}</Link>
      </p>
      <h1>{t('promote.title')}</h1>
      <h2>{data.title}</h2>
      <p className="lead">{t('promote.intro')}</p>
      {notice ? (
        <p className="notice success-notice" role="status">
          {t(notice)}
        </p>
      ) : null}
      {error ? (
        <p className="notice error-notice" role="alert">
          {t(error)}
        </p>
      ) : null}
      {onSale ? null : <p className="notice">{t('promote.notPublished')}</p>}
      <ul className="promotion-products">
        {products.map((product) => (
          <li key={product} className="panel promotion-product">
            <h3>{t(`promote.product.${product}`)}</h3>
            <p>{t(`promote.about.${product}`)}</p>
            <div className="promotion-prices">
              {data.prices
                .filter((p) => p.product === product)
                .map((p) => (
                  <Form method="post" key={`${p.product}-${p.days}`}>
                    <input type="hidden" name="product" value={p.product} />
                    <input type="hidden" name="days" value={p.days} />
                    <button type="submit" className="button primary" disabled={!onSale}>
                      {p.days > 0 ? `${t('promote.days', { count: p.days })}: ` : `${t('promote.once')}: `}
                      {t('promote.buy', { price: price(p.priceKzt) })}
                    </button>
                  </Form>
                ))}
            </div>
          </li>
        ))}
      </ul>
      <p className="muted">{t('promote.refundRule')}</p>
      <h2>{t('promote.orders')}</h2>
      <p>
        <Link to="/account/receipts">{t('promote.receipts.all')}</Link>
      </p>
      {data.orders.length === 0 ? (
        <p className="empty">{t('promote.noOrders')}</p>
      ) : (
        <ul className="promotion-receipts">
          {data.orders.map((o) => (
            <Receipt key={o.id} order={o} />
          ))}
        </ul>
      )}
    </div>
  )
}

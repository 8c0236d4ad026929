import type { ListingDetail } from '@tulpar/contracts'
import { useI18n } from '../../i18n/i18n-react.tsx'

/** Every price the car was offered at, oldest first, with the change from the one before. */
export function PriceHistory({ history }: { history: ListingDetail['priceHistory'] }) {
  const { t, price, date } = useI18n()
  if (history.length < 2) return null
  return (
    <section className="section" aria-labelledby="price-history-title">
      <h2 id="price-history-title">{t('car.priceHistory')}</h2>
      <ol className="price-history">
        {history.map((p, i) => {
          const before = history[i - 1]
          const change = before ? p.priceKzt - before.priceKzt : 0
          return (
            <li key={p.changedAt}>
              <span className="muted">{date(p.changedAt)}</span>
              <strong>{price(p.priceKzt)}</strong>
              <span className={change < 0 ? 'price-change down' : 'price-change up'}>
                {before ? `${change < 0 ? '−' : '+'}${price(Math.abs(change))}` : t('car.priceHistory.first')}
              </span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

import type { PromotionPrice } from '@tulpar/contracts'
import { DEALER_BULK_MAX_PERCENT } from '@tulpar/contracts/seller-constants'
import { useState } from 'react'
import { Form } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Options } from '../../ui/options.tsx'

const ACTIONS = ['price_percent', 'price_set', 'sold', 'promote'] as const

/**
 * The inventory's bulk step for the cars ticked in the table (their boxes belong to this form by its id): a price
 * change by a percentage, one price, sold after a confirmation, or a paid promotion of the price list, paid for all
 * of them at once at the checkout. One call, all or none (the API's rules).
 */
export function BulkActions({ dealerId, prices }: { dealerId: number; prices: PromotionPrice[] }) {
  const { t, price } = useI18n()
  const [action, setAction] = useState<(typeof ACTIONS)[number]>('price_percent')
  return (
    <Form
      method="post"
      action={`/dealer/${dealerId}`}
      id="stock-bulk"
      className="stock-search"
      onSubmit={(e) => {
        if (action === 'sold' && !window.confirm(t('desk.bulk.confirmSold'))) e.preventDefault()
      }}
    >
      <input type="hidden" name="intent" value="stock-bulk" />
      <label>
        {t('desk.bulk.action')}
        <select
          name="bulkAction"
          value={action}
          onChange={(e) => setAction(ACTIONS.find((a) => a === e.target.value) ?? 'price_percent')}
        >
          <Options values={ACTIONS} label={(a) => t(`desk.bulk.${a}`)} />
        </select>
      </label>
      {action === 'price_percent' ? (
        <label>
          {t('desk.bulk.percent')}
          <input
            type="number"
            name="percent"
            min={-DEALER_BULK_MAX_PERCENT}
            max={DEALER_BULK_MAX_PERCENT}
            step={1}
            required
          />
        </label>
      ) : null}
      {action === 'price_set' ? (
        <label>
          {t('desk.bulk.price')}
          <input type="number" name="priceKzt" min={1} step={1} required />
        </label>
      ) : null}
      {action === 'promote' ? (
        <>
          <label>
            {t('desk.bulk.product')}
            <select name="promotion" required>
              {prices.map((p) => (
                <option key={`${p.product}:${p.days}`} value={`${p.product}:${p.days}`}>
                  {`${t(`promote.product.${p.product}`)}${p.days > 0 ? `, ${t('promote.days', { count: p.days })}` : ''} — ${t('desk.bulk.perCar', { price: price(p.priceKzt) })}`}
                </option>
              ))}
            </select>
          </label>
          <p className="muted">{t('desk.bulk.payHint')}</p>
        </>
      ) : null}
      <button type="submit" className={action === 'promote' ? 'button primary' : 'button'}>
        {t(action === 'promote' ? 'desk.bulk.pay' : 'desk.bulk.apply')}
      </button>
    </Form>
  )
}

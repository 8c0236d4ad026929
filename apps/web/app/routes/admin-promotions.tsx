import { PromotionPriceBody } from '@tulpar/contracts'
import { data, Form, redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { field, readStaffPost, requireAdminUser, requireStaffUser } from '../features/admin/admin-guard.server.ts'
import { formatDateTime } from '../features/admin/format.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import type { Route } from './+types/admin-promotions'

/**
 * Paid promotion in the back office (decision 033): revenue per product and day, the orders, and the price list
 * (admins change prices; each change goes to the audit trail).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireStaffUser(services.sessions, request)
  const [revenue, orders, prices] = await Promise.all([
    services.promotions.revenue(user, { days: 30 }),
    services.promotions.listForStaff(user, { limit: 100 }),
    services.promotions.listPrices(),
  ])
  return {
    title: translate(MESSAGES[locale], locale, 'admin.promotions.title'),
    saved: new URL(request.url).searchParams.get('saved') === '1',
    isAdmin: user.role === 'admin',
    revenue,
    prices: prices.results,
    orders: orders.results.map((o) => ({
      ...o,
      at: formatDateTime(o.createdAt, locale),
      until: o.endsAt ? formatDateTime(o.endsAt, locale) : '',
    })),
    i18n: routeMessages(locale, 'promote'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ''} — Tulpar Auto` }]

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, form } = await readStaffPost({ request, context }, requireAdminUser)
  const body = PromotionPriceBody.safeParse({
    product: field(form, 'product'),
    days: field(form, 'days'),
    priceKzt: field(form, 'priceKzt'),
  })
  if (!body.success) return data({ error: 'error.validation.failed' as MessageKey }, { status: 400 })
  await services.promotions.setPrice(user, body.data)
  return redirect('/admin/promotions?saved=1')
}

export default function AdminPromotions({ loaderData, actionData }: Route.ComponentProps) {
  const { revenue, orders, prices, saved, isAdmin } = loaderData
  const { t, price } = useI18n()
  return (
    <div className="admin-page">
      <h1>{t('admin.promotions.title')}</h1>
      {saved ? (
        <p className="notice success-notice" role="status">
          {t('admin.promotions.saved')}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {t(actionData.error)}
        </p>
      ) : null}
      <h2>{t('admin.promotions.revenue')}</h2>
      <p>{t('admin.promotions.total', { amount: price(revenue.totalKzt) })}</p>
      {revenue.results.length === 0 ? (
        <p className="muted">{t('admin.promotions.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('admin.promotions.day')}</th>
              <th>{t('admin.promotions.product')}</th>
              <th>{t('admin.promotions.orders')}</th>
              <th>{t('admin.promotions.amount')}</th>
              <th>{t('admin.promotions.refunded')}</th>
            </tr>
          </thead>
          <tbody>
            {revenue.results.map((r) => (
              <tr key={`${r.day}-${r.product}`}>
                <td>{r.day}</td>
                <td>{t(`promote.product.${r.product}`)}</td>
                <td>{r.orders}</td>
                <td>{price(r.amountKzt)}</td>
                <td>{price(r.refundedKzt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('admin.promotions.prices')}</h2>
      {isAdmin ? null : <p className="muted">{t('admin.promotions.adminsOnly')}</p>}
      <table className="admin-table">
        <tbody>
          {prices.map((p) => (
            <tr key={`${p.product}-${p.days}`}>
              <td>
                {t(`promote.product.${p.product}`)}
                {p.days > 0 ? `, ${t('promote.days', { count: p.days })}` : ''}
              </td>
              <td>
                {isAdmin ? (
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="product" value={p.product} />
                    <input type="hidden" name="days" value={p.days} />
                    <label>
                      <span className="sr-only">{t('admin.promotions.price')}</span>
                      <input type="number" name="priceKzt" min={1} step={1} required defaultValue={p.priceKzt} />
                    </label>
                    <button type="submit" className="button ghost">
                      {t('admin.promotions.save')}
                    </button>
                  </Form>
                ) : (
                  price(p.priceKzt)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('admin.promotions.list')}</h2>
      {orders.length === 0 ? (
        <p className="muted">{t('admin.promotions.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('admin.promotions.car')}</th>
              <th>{t('admin.promotions.product')}</th>
              <th>{t('admin.promotions.amount')}</th>
              <th>{t('admin.promotions.status')}</th>
              <th>{t('admin.promotions.period')}</th>
              <th>{t('admin.promotions.buyer')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td>{o.id}</td>
                <td>{o.listingId ? <a href={`/cars/${o.listingId}`}>{o.title}</a> : o.title}</td>
                <td>
                  {t(`promote.product.${o.product}`)}
                  {o.days > 0 ? `, ${t('promote.days', { count: o.days })}` : ''}
                </td>
                <td>
                  {price(o.amountKzt)}
                  {o.refundKzt > 0 ? ` (${t('promote.refunded', { price: price(o.refundKzt) })})` : ''}
                </td>
                <td>{t(`promote.status.${o.status}`)}</td>
                <td>
                  {o.at}
                  {o.until ? ` — ${o.until}` : ''}
                </td>
                <td>{o.buyer?.name ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

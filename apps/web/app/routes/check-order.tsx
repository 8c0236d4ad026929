import { data, Form, Link, redirect, redirectDocument } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUserAndId } from '../features/account/account-guard.server.ts'
import { paymentErrorMessage } from '../features/check/check.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { notFound, orNotFound, whenServiceFails } from '../lib/service-errors.ts'
import checkStyles from '../styles/check.css?url'
import type { Route } from './+types/check-order'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: checkStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** Where the checkout sends the payer back: the payment's outcome, then 'Report is being generated' until ready. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const { id, user } = await requireUserAndId(services.sessions, request, params.id)
  const order = await orNotFound(services.vehicleChecks.getOrder(user, id))
  return { order, title: translate(MESSAGES[locale], locale, 'check.order.title', { id }) }
}

/** Pay again after a failed or cancelled payment; a payment that cannot start says why on the order's page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const { id, user } = await requireUserAndId(services.sessions, request, params.id)
  return whenServiceFails(
    services.vehicleChecks
      .payOrder(user, id)
      .then((order) => redirectDocument(order.checkoutUrl ?? `/check/orders/${id}`)),
    (failure) => {
      if (failure.status === 404) throw notFound()
      // Paid meanwhile (409): the page shows it as it is now.
      if (failure.status === 409) return redirect(`/check/orders/${id}`)
      if (failure.status >= 422) return data({ error: paymentErrorMessage(failure) }, { status: failure.status })
      return undefined
    },
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
  // Until the report is ready the page looks again by itself (works without JavaScript).
  ...(loaderData?.order.report?.status === 'generating' ? [{ httpEquiv: 'refresh', content: '3' } as const] : []),
]

export default function CheckOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t, price, date } = useI18n()
  const { order } = loaderData
  const error = actionData?.error
  const report = order.report
  return (
    <div className="container check-page">
      <p>
        <Link to="/account/reports">← {t('account.reports')}</Link>
      </p>
      <h1>{t('check.order.title', { id: order.id })}</h1>
      <p className="muted">VIN: {order.vin}</p>
      <section className="panel check-order" aria-live="polite">
        {order.status === 'awaiting_payment' || order.status === 'failed' || order.status === 'cancelled' ? (
          <>
            <p role={order.status === 'awaiting_payment' ? undefined : 'alert'}>
              {t(
                order.status === 'failed'
                  ? 'check.order.failed'
                  : order.status === 'cancelled'
                    ? 'check.order.cancelled'
                    : 'check.order.awaiting',
              )}
            </p>
            {error ? (
              <p className="form-error" role="alert">
                {t(error)}
              </p>
            ) : null}
            <Form method="post">
              <button type="submit" className="button primary">
                {order.status === 'awaiting_payment'
                  ? t('check.order.pay', { price: price(order.amountKzt) })
                  : t('check.order.retry')}
              </button>
            </Form>
          </>
        ) : null}
        {order.paidAt ? <p>{t('check.order.paid', { date: date(order.paidAt) })}</p> : null}
        {order.status === 'refunded' ? <p role="status">{t('check.order.refunded')}</p> : null}
        {report?.status === 'failed' ? (
          <p role="alert">
            {t('check.report.failed')}{' '}
            <Link to={`/check?${new URLSearchParams({ vin: order.vin })}`}>{t('check.reports.order')}</Link>
          </p>
        ) : null}
        {report?.status === 'generating' ? (
          <>
            <p className="check-generating" role="status">
              <span className="spinner" aria-hidden="true" /> {t('check.order.generating')}
            </p>
            <p className="muted">{t('check.order.generatingHint')}</p>
          </>
        ) : null}
        {report?.status === 'ready' ? (
          <p role="status">
            {t('check.order.ready')}{' '}
            <Link to={`/account/reports/${report.id}`} className="button primary">
              {t('check.order.open')}
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  )
}

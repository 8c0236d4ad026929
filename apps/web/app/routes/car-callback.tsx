import { data, Link, useNavigate } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { requestCallback } from '../features/car/actions.server.ts'
import { CallbackForm } from '../features/car/callback-form.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId, requireIdParam } from '../lib/id-param.ts'
import { notFound, whenServiceFails } from '../lib/service-errors.ts'
import carStyles from '../styles/car.css?url'
import { ListingErrorBoundary } from '../ui/listing-error-boundary.tsx'
import type { Route } from './+types/car-callback'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: carStyles }]

/**
 * The call-back request for one car on a page of its own: what the car page's "request a call back" link
 * opens without JavaScript (with it, the same form is a dialog on the car page). Only cars on sale take
 * requests; anything else is the not-found page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const services = context.get(servicesContext)
  const missing = { title: translate(MESSAGES[locale], locale, 'error.listing.not_found') }
  const id = requireIdParam(params.id, missing)
  const car = await whenServiceFails(services.listings.getListing(id, locale), ({ code }): undefined => {
    if (code === 'listing.gone' || code === 'listing.not_found') throw notFound(missing)
    return undefined
  })
  if (car.status !== 'published') throw notFound(missing)
  return { id, name: `${car.brand.name} ${car.model.name}, ${car.year}` }
}

/** The same use case as the car page's dialog and POST /api/cars/{id}/callback/. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id)
  if (id === null) throw data(null, { status: 404 })
  const { result, status } = await requestCallback(
    context.get(servicesContext),
    id,
    await request.formData(),
    request,
    context.get(requestInfoContext).clientIp,
  )
  return data(result, { status })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.name} — Tulpar Auto` : 'Tulpar Auto' },
  { name: 'robots', content: 'noindex' },
]

export default function CarCallbackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const carHref = `/cars/${loaderData.id}`
  return (
    <div className="container callback-page">
      <p>
        <Link to={carHref}>← {loaderData.name}</Link>
      </p>
      <section id="callback" className="callback-inline" aria-labelledby="callback-page-title">
        <h1 id="callback-page-title">{t('car.callback.title')}</h1>
        <p>{t('car.callback.text')}</p>
        {/* With JavaScript a sent request shows 'request accepted' and returns to the car. */}
        <CallbackForm fallback={actionData} idPrefix="page" onDone={() => navigate(carHref)} />
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListingErrorBoundary error={error} other="show" />
}

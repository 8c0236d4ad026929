import { data, Link, redirect } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { safeLocalPath } from '../features/auth/redirect.ts'
import { applyForCredit } from '../features/credit/credit.server.ts'
import { creditCarOf } from '../features/credit/credit-car.ts'
import { CreditWidget, type CreditWidgetCar } from '../features/credit/credit-widget.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import carStyles from '../styles/car.css?url'
import type { Route } from './+types/credit'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: carStyles }]

/**
 * The credit calculator on a page of its own (`?car=` for a car on sale): where the widget's plain form post
 * lands when something needs fixing, and a page to link to. The widget itself sits on the home and car pages.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const carId = parseId(new URL(request.url).searchParams.get('car') ?? '')
  // A car that is not on sale (or not there) is no car: the calculator without one.
  const listing =
    carId === null ? null : await whenServiceFails(services.listings.getListing(carId, locale), () => null)
  const car: CreditWidgetCar | null = listing?.status === 'published' ? creditCarOf(listing) : null
  const messages = MESSAGES[locale]
  return {
    offer: services.valuation.getCreditProgrammes(locale),
    car,
    today: new Date().toISOString().slice(0, 10),
    title: translate(messages, locale, 'credit.page.title'),
    description: translate(messages, locale, 'credit.page.description'),
  }
}

/**
 * The widget's post. A fetcher gets the answer as data (the widget shows it); a plain form post that succeeds
 * goes back to the page it came from with the thank-you notice, and one that needs fixing stays here with the
 * errors and what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const { result, status, listingId } = await applyForCredit(
    context.get(servicesContext),
    form,
    request,
    context.get(requestInfoContext).clientIp,
  )
  if (result.ok && form.get('via') !== 'fetcher') {
    const back = safeLocalPath(String(form.get('redirectTo') ?? ''), listingId ? `/cars/${listingId}` : '/')
    const path = back.split(/[?#]/)[0] ?? '/'
    return redirect(`${path}?credit=sent#credit`)
  }
  return data({ ...result, listingId }, { status })
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `${loaderData.title} — Tulpar Auto` }, { name: 'description', content: loaderData.description }]
    : [{ title: 'Tulpar Auto' }]

export default function CreditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { offer, car, today } = loaderData
  return (
    <div className="container credit-page">
      {car ? (
        <p>
          <Link to={`/cars/${car.listingId}`}>← {car.name}</Link>
        </p>
      ) : null}
      <h1>{t('credit.page.title')}</h1>
      <CreditWidget offer={offer} car={car ?? undefined} today={today} fallback={actionData} />
    </div>
  )
}

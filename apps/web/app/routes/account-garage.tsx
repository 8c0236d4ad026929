import { GARAGE_LIMIT } from '@tulpar/contracts/constants'
import { Link, useSearchParams } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { loadGaragePage, runGarageAction } from '../features/garage/garage.server.ts'
import { GarageCarCard } from '../features/garage/garage-car.tsx'
import { DONE, GARAGE_PATH, isDone } from '../features/garage/garage-result.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import accountsStyles from '../styles/accounts.css?url'
import garageStyles from '../styles/garage.css?url'
import { island } from '../ui/island.tsx'
import type { Route } from './+types/account-garage'

/*
 * Below the list, an island (ui/island.tsx): rendered by the server, its plain forms work before its code loads (at
 * the first touch, key or focus, or after 3 s). In the first load the page took 123,148 bytes of gzipped
 * JavaScript, over the budget of 120 KB (docs/performance.md).
 */
const AddCar = island(() => import('../features/garage/add-car.tsx').then((m) => m.AddCar))

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountsStyles },
  { rel: 'stylesheet', href: garageStyles },
]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** `/account/garage` (spec sections 2, 3): the user's own cars; a guest is asked to sign in and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const user = await requireUser(services.sessions, request, GARAGE_PATH)
  const locale = context.get(localeContext)
  const page = await loadGaragePage(services, user, new URL(request.url))
  return {
    ...page,
    title: translate(MESSAGES[locale], locale, 'garage.title'),
    i18n: routeMessages(locale, 'garage', 'sell'),
  }
}

/** Every garage change is a plain form post to this page (works without JavaScript); see runGarageAction. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const user = await requireUser(services.sessions, request, GARAGE_PATH)
  return runGarageAction(services, user, await request.formData())
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AccountGarage({ loaderData, actionData }: Route.ComponentProps) {
  const { garage, candidates, brands, brand, models, yearMax } = loaderData
  const { t } = useI18n()
  const [params] = useSearchParams()
  const done = params.get('done')
  const notice = isDone(done) && !actionData ? DONE[done] : null
  // A change to one car is told on its card (the page comes back scrolled to it); a removal at the top.
  const noticeCar = notice ? parseId(params.get('car')) : null
  const onCard = garage.results.some((c) => c.id === noticeCar)
  return (
    <div className="container garage">
      <p className="garage-crumbs">
        <Link to="/account">{t('account.title')}</Link>
      </p>
      <h1>
        {t('garage.title')}{' '}
        <small className="muted">{t('garage.countOf', { count: garage.count, limit: GARAGE_LIMIT })}</small>
      </h1>
      <p className="garage-lead">{t('garage.lead')}</p>
      {notice && !onCard ? (
        <p className="form-status ok" role="status">
          {t(notice)}
        </p>
      ) : null}
      {garage.results.length === 0 ? (
        <div className="panel garage-empty">
          <p>{t('garage.empty')}</p>
        </div>
      ) : (
        <ul className="garage-list">
          {garage.results.map((car) => (
            <GarageCarCard
              // A saved change remounts the card: its edit form closes and shows the values as saved.
              key={[
                car.id,
                car.mileageKm,
                car.status,
                car.vin,
                car.engineType,
                car.engineVolumeCc,
                car.steering,
                car.isCustomsCleared,
              ].join('|')}
              car={car}
              result={actionData}
              notice={notice && car.id === noticeCar ? notice : null}
            />
          ))}
        </ul>
      )}
      <AddCar
        candidates={candidates}
        brands={brands}
        brand={brand}
        models={models}
        yearMax={yearMax}
        result={actionData}
      />
    </div>
  )
}

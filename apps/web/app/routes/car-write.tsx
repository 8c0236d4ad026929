import { data, Link } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { requireUser } from '../features/account/account-guard.server.ts'
import { parseListingId } from '../features/car/listing-id.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { serviceErrorCode } from '../lib/service-errors.ts'
import carStyles from '../styles/car.css?url'
import type { Route } from './+types/car-write'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: carStyles }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * "Write to the seller" (`/cars/{id}/write`): the first message about a car on sale, sent to /account/messages,
 * which opens the conversation. A guest is asked to sign in and comes back here. Only cars on sale.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const services = context.get(servicesContext)
  const notFound = () =>
    data({ title: translate(MESSAGES[locale], locale, 'error.listing.not_found') }, { status: 404 })
  const id = parseListingId(params.id)
  if (id === null) throw notFound()
  const user = await requireUser(services.sessions, request, `/cars/${id}/write`)
  try {
    const [car, own] = await Promise.all([
      services.listings.getListing(id, locale),
      services.selling.ownListingStats(user, id),
    ])
    if (car.status !== 'published') throw notFound()
    return { id, name: `${car.brand.name} ${car.model.name}, ${car.year}`, own: own !== null }
  } catch (error) {
    const code = serviceErrorCode(error)
    if (code === 'listing.gone' || code === 'listing.not_found') throw notFound()
    throw error
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.name ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function CarWrite({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <div className="container write-seller">
      <p className="breadcrumbs">
        <Link to={`/cars/${loaderData.id}`}>{loaderData.name}</Link>
      </p>
      <h1>{t('chat.write.title')}</h1>
      {loaderData.own ? (
        // The seller's own car: said at once (the conversation would be refused with the same words).
        <p className="notice" role="status">
          {t('chat.error.own')} <Link to={`/cars/${loaderData.id}`}>{loaderData.name}</Link>
        </p>
      ) : (
        <form method="post" action="/account/messages">
          <input type="hidden" name="listingId" value={loaderData.id} />
          <label htmlFor="write-seller">{t('chat.write.label')}</label>
          <textarea
            id="write-seller"
            name="body"
            rows={5}
            maxLength={2000}
            required
            placeholder={t('chat.write.placeholder')}
          />
          <p className="muted">
            <small>{t('chat.write.hint')}</small>
          </p>
          <button type="submit" className="button primary">
            {t('chat.write.send')}
          </button>
        </form>
      )}
    </div>
  )
}

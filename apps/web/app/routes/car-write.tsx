import { Link } from 'react-router'
import { loadPublishedCarForUser } from '../features/car/published-car.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import carStyles from '../styles/car.css?url'
import type { Route } from './+types/car-write'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: carStyles }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/**
 * "Write to the seller" (`/cars/{id}/write`): the first message about a car on sale, sent to /account/messages,
 * which opens the conversation. A guest is asked to sign in and comes back here. Only cars on sale.
 */
export async function loader(args: Route.LoaderArgs) {
  const { id, name, own } = await loadPublishedCarForUser(args, 'write')
  return { id, name, own }
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

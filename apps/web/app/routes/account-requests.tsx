import { Link } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import accountsStyles from '../styles/accounts.css?url'
import type { Route } from './+types/account-requests'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** "My requests": the call-backs, credit applications, partner requests and checks sent while signed in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, leadDesk } = context.get(servicesContext)
  const user = await requireUser(sessions, request, '/account/requests')
  const locale = context.get(localeContext)
  const { results } = await leadDesk.listMine(user)
  return {
    requests: results,
    title: translate(MESSAGES[locale], locale, 'requests.title'),
    i18n: routeMessages(locale, 'leads', 'requests'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AccountRequests({ loaderData }: Route.ComponentProps) {
  const { t, date } = useI18n()
  const { requests } = loaderData
  return (
    <div className="container account-page">
      <p>
        <Link to="/account">← {t('account.title')}</Link>
      </p>
      <h1>{t('requests.title')}</h1>
      {requests.length === 0 ? <p className="panel">{t('requests.none')}</p> : null}
      <ul className="my-requests">
        {requests.map((r) => (
          <li key={r.id} className="panel my-request" data-testid="my-request">
            <h2>
              {t('leads.detail.title', { id: r.id })} · {t(`leads.kind.${r.kind}`)}{' '}
              <span className={`lead-status status-${r.status}`}>{t(`leads.status.${r.status}`)}</span>
            </h2>
            {r.listing ? (
              <p>
                <Link to={`/cars/${r.listing.id}`}>{t('requests.car', { title: r.listing.title })}</Link>
              </p>
            ) : null}
            {r.partner ? <p>{t('requests.partner', { name: r.partner.name })}</p> : null}
            {r.rejectionReason ? <p>{t('requests.reason', { reason: r.rejectionReason })}</p> : null}
            <p className="muted">
              {t('requests.sent', { date: date(r.createdAt) })}
              {r.updatedAt !== r.createdAt ? `, ${t('requests.updated', { date: date(r.updatedAt) })}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}

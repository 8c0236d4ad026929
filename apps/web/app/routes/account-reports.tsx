import { Link } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import checkStyles from '../styles/check.css?url'
import type { Route } from './+types/account-reports'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: checkStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** TulparAutoCheck reports in the profile (spec sections 2, 3): name, date, VIN, status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireUser(services.sessions, request, '/account/reports')
  const { results } = await services.vehicleChecks.listReports(user)
  return { reports: results, title: translate(MESSAGES[locale], locale, 'account.reports') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AccountReports({ loaderData }: Route.ComponentProps) {
  const { t, date } = useI18n()
  const { reports } = loaderData
  return (
    <div className="container check-page">
      <p>
        <Link to="/account">← {t('account.title')}</Link>
      </p>
      <h1>{t('account.reports')}</h1>
      <p>
        <Link to="/check" className="button primary">
          {t('check.reports.order')}
        </Link>
      </p>
      {reports.length === 0 ? <p className="panel">{t('check.reports.none')}</p> : null}
      {reports.length > 0 ? (
        <table className="reports-table">
          <thead>
            <tr>
              <th scope="col">{t('check.reports.name')}</th>
              <th scope="col">{t('check.reports.date')}</th>
              <th scope="col">VIN</th>
              <th scope="col">{t('check.reports.status')}</th>
            </tr>
          </thead>
          <tbody>
            {reports.map((r) => (
              <tr key={r.id} data-testid="vehicle-report">
                <td>
                  <Link to={r.status === 'ready' ? `/account/reports/${r.id}` : `/check/orders/${r.orderId}`}>
                    {r.name}
                  </Link>
                </td>
                <td>{date(r.createdAt)}</td>
                <td className="vin">{r.vin}</td>
                <td>{t(`check.status.${r.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}

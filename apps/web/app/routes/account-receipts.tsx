import { Link } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { ReceiptsTable } from '../features/promotion/receipts-table.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import receiptsCss from '../styles/receipts.css?url'
import type { Route } from './+types/account-receipts'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: receiptsCss }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/**
 * `/account/receipts` (issue 38): the receipts of the promotion the user paid for, with what runs now; never anyone
 * else's (a dealer's receipts are on its desk). Vehicle checks keep their own page, linked from here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, promotions } = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireUser(sessions, request, '/account/receipts')
  const { results } = await promotions.listMyReceipts(user)
  return {
    receipts: results,
    title: translate(MESSAGES[locale], locale, 'promote.receipts.title'),
    i18n: routeMessages(locale, 'promote'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AccountReceipts({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <div className="container account-page">
      <p>
        <Link to="/account">← {t('account.title')}</Link>
      </p>
      <h1>{t('promote.receipts.title')}</h1>
      <p className="lead">{t('promote.receipts.intro')}</p>
      <ReceiptsTable receipts={loaderData.receipts} />
      <p>
        <Link to="/account/listings">{t('promote.receipts.listings')}</Link>
      </p>
      <p className="muted">
        {t('promote.receipts.checks')} <Link to="/account/reports">{t('account.reports')}</Link>
      </p>
    </div>
  )
}

import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUserAndId } from '../features/account/account-guard.server.ts'
import { orderPromotion } from '../features/promotion/promote.server.ts'
import { PromotePage } from '../features/promotion/promote-page.tsx'
import type { MessageKey } from '../i18n/i18n.ts'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import { orNotFound } from '../lib/service-errors.ts'
import sellingCss from '../styles/selling.css?url'
import type { Route } from './+types/account-listing-promote'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sellingCss }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** What the checkout's return says, as the page's notice. */
const PAYMENT_NOTICE: Record<string, MessageKey> = {
  paid: 'promote.notice.paid',
  failed: 'promote.notice.failed',
  cancelled: 'promote.notice.failed',
}

/**
 * `/account/listings/{id}/promote` (decision 033): the products and prices for a listing of mine (or my dealer's),
 * each a button to the checkout, and the listing's receipts. Anyone else gets the 404 of a listing that does not exist.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { sessions, promotions } = context.get(servicesContext)
  const locale = context.get(localeContext)
  const { id, user } = await requireUserAndId(sessions, request, params.id)
  const data = await orNotFound(promotions.getListingPromotions(user, id))
  const payment = new URL(request.url).searchParams.get('payment')
  return {
    data,
    notice: payment ? (PAYMENT_NOTICE[payment] ?? null) : null,
    title: translate(MESSAGES[locale], locale, 'promote.title'),
    i18n: routeMessages(locale, 'promote'),
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const { id, user } = await requireUserAndId(services.sessions, request, params.id)
  return orderPromotion(services, user, id, await request.formData())
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AccountListingPromote({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PromotePage
      data={loaderData.data}
      notice={loaderData.notice}
      error={actionData && 'error' in actionData ? actionData.error : null}
    />
  )
}

import { data, Link, redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { chatRefusal, messageBody } from '../features/messages/chat-errors.ts'
import type { MessageKey, Params } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import accountsStyles from '../styles/accounts.css?url'
import type { Route } from './+types/account-messages'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** "My messages" (spec section 2): one inbox for Tulpar Auto's messages and the conversations about cars. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, messaging } = context.get(servicesContext)
  const user = await requireUser(sessions, request, '/account/messages')
  const locale = context.get(localeContext)
  const list = await messaging.listConversations(user)
  return data({ ...list, title: translate(MESSAGES[locale], locale, 'chat.title') }, { headers: PRIVATE_HEADERS })
}

type Refused = { error: MessageKey; params?: Params }

/** "Write to the seller" from the car page (a plain form post): starts the conversation and opens it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessions, messaging } = context.get(servicesContext)
  const form = await request.formData()
  const listingId = parseId(String(form.get('listingId') ?? ''))
  const back = listingId === null ? '/account/messages' : `/cars/${listingId}`
  const user = await requireUser(sessions, request, back)
  const body = messageBody(form.get('body'))
  if (!body || listingId === null)
    return data<Refused>({ error: 'chat.error.empty' }, { status: 400, headers: PRIVATE_HEADERS })
  const start = messaging
    .startConversation(user, listingId, body)
    .then(({ conversationId }) => redirect(`/account/messages/${conversationId}`, { headers: PRIVATE_HEADERS }))
  return whenServiceFails(start, (_failure, error) =>
    chatRefusal(error, PRIVATE_HEADERS, ({ key, params }): Refused => ({ error: key, ...(params ? { params } : {}) })),
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AccountMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { t, date } = useI18n()
  return (
    <div className="container account inbox">
      <p className="breadcrumbs">
        <Link to="/account">{t('account.title')}</Link>
      </p>
      <h1>{t('chat.title')}</h1>
      {actionData && 'error' in actionData ? (
        <p className="form-status failed" role="alert">
          {t(actionData.error, actionData.params)}
        </p>
      ) : null}
      {loaderData.results.length === 0 ? <p className="panel">{t('chat.empty')}</p> : null}
      <ul className="thread-list">
        {loaderData.results.map((c) => (
          <li key={c.id} className={c.unread > 0 ? 'panel thread unread' : 'panel thread'}>
            <Link to={`/account/messages/${c.id}`} className="thread-link">
              <span className="thread-head">
                <strong>{c.kind === 'system' ? t('chat.system') : (c.other?.name ?? '—')}</strong>
                {c.iAmSeller && c.dealer ? <small className="muted">{c.dealer.name}</small> : null}
                {c.unread > 0 ? <span className="nav-count">{c.unread}</span> : null}
                {c.lastMessage ? <small className="muted">{date(c.lastMessage.createdAt)}</small> : null}
              </span>
              {c.listing ? <span className="thread-listing">{c.listing.title}</span> : null}
              {c.lastMessage ? (
                <span className="thread-last">
                  {c.lastMessage.mine ? `${t('chat.you')}: ` : ''}
                  {c.lastMessage.body}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

import { data, Link, redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { chatError, chatErrorHeaders, messageBody } from '../features/messages/chat-errors.ts'
import type { MessageKey, Params } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
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
  const listingId = Number(form.get('listingId'))
  const back = Number.isSafeInteger(listingId) && listingId > 0 ? `/cars/${listingId}` : '/account/messages'
  const user = await requireUser(sessions, request, back)
  const body = messageBody(form.get('body'))
  if (!body || !(listingId > 0))
    return data<Refused>({ error: 'chat.error.empty' }, { status: 400, headers: PRIVATE_HEADERS })
  try {
    const { conversationId } = await messaging.startConversation(user, listingId, body)
    return redirect(`/account/messages/${conversationId}`, { headers: PRIVATE_HEADERS })
  } catch (error) {
    const refused = chatError(error)
    if (!refused) throw error
    return data<Refused>(
      { error: refused.key, ...(refused.params ? { params: refused.params } : {}) },
      { status: refused.status, headers: { ...PRIVATE_HEADERS, ...chatErrorHeaders(refused) } },
    )
  }
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

import type { ConversationDetail } from '@tulpar/contracts'
import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { chatRefusal, messageBody } from '../features/messages/chat-errors.ts'
import type { MessageKey, Params } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { requireIdParam } from '../lib/id-param.ts'
import { notFound, whenServiceFails } from '../lib/service-errors.ts'
import accountsStyles from '../styles/accounts.css?url'
import { ignoreAbort } from '../ui/ignore-abort.ts'
import type { Route } from './+types/account-message'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** One conversation; opening it marks it read. Anyone but its participants gets the not-found page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { sessions, messaging } = context.get(servicesContext)
  const path = `/account/messages/${params.id}`
  const user = await requireUser(sessions, request, path)
  const locale = context.get(localeContext)
  const id = requireIdParam(params.id)
  const open = async () => {
    const conversation = await messaging.getConversation(user, id)
    if (conversation.unread > 0) await messaging.markRead(user, id)
    return conversation
  }
  const conversation = await whenServiceFails(open, ({ code }): undefined => {
    if (code === 'conversation.not_found') throw notFound()
    return undefined
  })
  return data({ conversation, title: translate(MESSAGES[locale], locale, 'chat.title') }, { headers: PRIVATE_HEADERS })
}

type Answer = { ok: boolean; message: MessageKey; params?: Params }

export async function action({ request, params, context }: Route.ActionArgs) {
  const { sessions, messaging } = context.get(servicesContext)
  const path = `/account/messages/${params.id}`
  const user = await requireUser(sessions, request, path)
  const id = requireIdParam(params.id)
  const form = await request.formData()
  const intent = form.get('intent')
  const answer = (message: MessageKey, status: number) => data<Answer>({ ok: status < 400, message }, { status })
  const act = async () => {
    if (intent === 'send') {
      const body = messageBody(form.get('body'))
      if (!body) return answer('chat.error.empty', 400)
      await messaging.sendMessage(user, id, body)
      return answer('chat.sent', 200)
    }
    if (intent === 'share' || intent === 'unshare') await messaging.shareContacts(user, id, intent === 'share')
    else if (intent === 'block' || intent === 'unblock') await messaging.block(user, id, intent === 'block')
    else if (intent === 'report') {
      const reason = String(form.get('reason') ?? '').trim()
      if (reason.length < 3 || reason.length > 500) return answer('chat.error.reason', 400)
      await messaging.report(user, id, reason)
      return answer('chat.reported', 200)
    } else return answer('error.validation.failed', 400)
    return redirect(path, { headers: PRIVATE_HEADERS })
  }
  return whenServiceFails(act, (_failure, error) =>
    chatRefusal(
      error,
      PRIVATE_HEADERS,
      ({ key, params }): Answer => ({ ok: false, message: key, ...(params ? { params } : {}) }),
    ),
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

/**
 * New messages without a reload: the server's event stream says which conversation changed. One revalidation at a
 * time: a second event while one runs asks for one more after it, rather than interrupting it (an interrupted
 * revalidation's aborted request was reported as an uncaught "signal is aborted" error). Nor while the page
 * navigates or submits (the event of one's own reply arrives while its submission still loads): that navigation
 * brings the new messages itself, and a revalidation started then would cancel it; one runs after it instead.
 */
function useLiveConversation(id: number) {
  const { revalidate } = useRevalidator()
  const navigating = useNavigation().state !== 'idle'
  const state = useRef({ navigating, running: false, again: false })
  state.current.navigating = navigating
  const refresh = useRef(() => {})
  refresh.current = () => {
    const s = state.current
    if (s.running || s.navigating) {
      s.again = true
      return
    }
    s.running = true
    // A reload or a navigation may still end it early: the page it was for is gone, nothing to report.
    ignoreAbort(revalidate()).finally(() => {
      s.running = false
      if (s.again) {
        s.again = false
        refresh.current()
      }
    })
  }
  // An event that came while the page navigated: once it is idle again, one revalidation catches up.
  useEffect(() => {
    if (!navigating && state.current.again && !state.current.running) {
      state.current.again = false
      refresh.current()
    }
  }, [navigating])
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource('/api/messages/stream/')
    source.addEventListener('message', (event) => {
      try {
        if ((JSON.parse(event.data) as { conversationId?: number }).conversationId === id) refresh.current()
      } catch {
        // not ours
      }
    })
    return () => source.close()
  }, [id])
}

function Warnings({ warnings }: { warnings: ConversationDetail['messages'][number]['warnings'] }) {
  const { t } = useI18n()
  if (warnings.length === 0) return null
  return (
    <div className="fraud-warning" role="note">
      <strong>{t('chat.warning.title')}</strong>
      {warnings.map((w) => (
        <p key={w}>{t(`chat.warning.${w}`)}</p>
      ))}
    </div>
  )
}

export default function AccountMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation: c } = loaderData
  const { t, price, date } = useI18n()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  useLiveConversation(c.id)
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send'
  const sentCount = c.messages.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears the box once the sent message is on the page
  useEffect(() => {
    if (actionData?.ok && actionData.message === 'chat.sent') form.current?.reset()
  }, [sentCount])
  const blocked = c.blockedByMe || c.blockedByOther
  const canWrite = c.kind === 'listing' && !blocked
  // The dealer's people answer for the dealer: they share its phones, not their own.
  const dealerSide = c.iAmSeller && c.dealer !== null
  const share = dealerSide ? 'chat.dealer.share' : 'chat.share'
  const title = c.kind === 'system' ? t('chat.system') : (c.other?.name ?? '—')
  return (
    <div className="container account conversation">
      <p className="breadcrumbs">
        <Link to="/account/messages">{t('chat.back')}</Link>
      </p>
      <h1>{title}</h1>
      {c.listing ? (
        <p className="conversation-listing">
          <Link to={`/cars/${c.listing.id}`}>{t('chat.about', { title: c.listing.title })}</Link> ·{' '}
          {price(c.listing.priceKzt)}
        </p>
      ) : c.kind === 'listing' ? (
        <p className="muted">{t('chat.listingGone')}</p>
      ) : null}
      {dealerSide && c.dealer ? <p className="muted">{t('chat.dealer.team', { name: c.dealer.name })}</p> : null}
      {c.otherContacts ? (
        <p className="panel-note">
          {t('chat.contacts', { contacts: [c.otherContacts.phone, c.otherContacts.email].filter(Boolean).join(', ') })}
        </p>
      ) : null}
      {actionData && !actionData.ok ? (
        <p className="form-status failed" role="alert">
          {t(actionData.message, actionData.params)}
        </p>
      ) : null}
      {actionData?.ok && actionData.message === 'chat.reported' ? (
        <p className="form-status ok" role="status">
          {t(actionData.message)}
        </p>
      ) : null}
      <ol className="messages" aria-live="polite">
        {c.messages.map((m) => (
          <li key={m.id} className={`message from-${m.from}`} data-testid="message">
            {m.author ? <small className="muted">{m.author}</small> : null}
            <p className="message-body">{m.body}</p>
            <small className="muted">{date(m.createdAt)}</small>
            <Warnings warnings={m.warnings} />
          </li>
        ))}
      </ol>
      {c.blockedByMe ? <p className="notice">{t('chat.blockedByMe')}</p> : null}
      {c.blockedByOther && !c.blockedByMe ? <p className="notice">{t('chat.blockedByOther')}</p> : null}
      {canWrite ? (
        <Form method="post" className="reply-form" ref={form}>
          <input type="hidden" name="intent" value="send" />
          <label htmlFor="reply">{t('chat.reply.label')}</label>
          <textarea
            id="reply"
            name="body"
            rows={3}
            maxLength={2000}
            required
            placeholder={t('chat.reply.placeholder')}
          />
          <button type="submit" className="button primary" disabled={sending}>
            {t('chat.write.send')}
          </button>
        </Form>
      ) : null}
      {c.kind === 'listing' ? (
        <div className="conversation-tools">
          <Form method="post">
            <input type="hidden" name="intent" value={c.iShareContacts ? 'unshare' : 'share'} />
            <p className="muted">{t(c.iShareContacts ? `${share}.state` : `${share}.hidden`)}</p>
            <button type="submit" className="button ghost">
              {t(c.iShareContacts ? `${share}.off` : `${share}.on`)}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={c.blockedByMe ? 'unblock' : 'block'} />
            <button type="submit" className="button ghost">
              {t(c.blockedByMe ? 'chat.unblock' : 'chat.block')}
            </button>
          </Form>
          {c.reportedByMe ? null : (
            <details className="report">
              <summary>{t('chat.report')}</summary>
              <Form method="post">
                <input type="hidden" name="intent" value="report" />
                <label htmlFor="reason">{t('chat.report.reason')}</label>
                <textarea
                  id="reason"
                  name="reason"
                  rows={2}
                  minLength={3}
                  maxLength={500}
                  required
                  placeholder={t('chat.report.placeholder')}
                />
                <button type="submit" className="button danger">
                  {t('chat.report.send')}
                </button>
              </Form>
            </details>
          )}
        </div>
      ) : null}
    </div>
  )
}

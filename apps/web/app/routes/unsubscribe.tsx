import { UnsubscribeQuery, type UnsubscribeResult } from '@tulpar/contracts'
import { data, Form, Link } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import type { MessageKey, Params } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { routeMessages } from '../i18n/index.ts'
import { type ServiceError, whenServiceFails } from '../lib/service-errors.ts'
import accountsStyles from '../styles/accounts.css?url'
import type { Route } from './+types/unsubscribe'

/*
 * `/unsubscribe?u&t&s`: where an email's unsubscribe link lands (the API's GET sends people here). Works without
 * signing in: the link is signed. Opening the page changes nothing (mail scanners open links); the button does.
 * Mail clients with one-click unsubscribe POST to /api/unsubscribe/ directly (RFC 8058).
 */

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
export const headers: Route.HeadersFunction = () => NO_STORE
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStyles }]
export const meta: Route.MetaFunction = () => [{ title: 'Tulpar Auto' }, { name: 'robots', content: 'noindex' }]

type Page = ({ state: 'ask' | 'done'; topic: UnsubscribeResult } | { state: 'invalid' }) & { i18n?: string }

function queryOf(request: Request) {
  const params = new URL(request.url).searchParams
  return UnsubscribeQuery.safeParse({ u: params.get('u'), t: params.get('t'), s: params.get('s') })
}

/** The page for a link the service refuses (forged, or for an account that is gone); undefined for other failures. */
function invalidLink(i18n?: string) {
  return ({ code }: ServiceError) =>
    code === 'unsubscribe.invalid'
      ? data<Page>(i18n === undefined ? { state: 'invalid' } : { state: 'invalid', i18n }, {
          status: 400,
          headers: NO_STORE,
        })
      : undefined
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = queryOf(request)
  const i18n = routeMessages(context.get(localeContext), 'unsub')
  if (!q.success) return data<Page>({ state: 'invalid', i18n }, { status: 400, headers: NO_STORE })
  return whenServiceFails(
    context
      .get(servicesContext)
      .notifications.describeUnsubscribe(q.data)
      .then((topic) => data<Page>({ state: 'ask', topic, i18n }, { headers: NO_STORE })),
    invalidLink(i18n),
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const q = queryOf(request)
  if (!q.success) return data<Page>({ state: 'invalid' }, { status: 400, headers: NO_STORE })
  return whenServiceFails(
    context
      .get(servicesContext)
      .notifications.unsubscribe(q.data)
      .then((topic) => data<Page>({ state: 'done', topic }, { headers: NO_STORE })),
    invalidLink(),
  )
}

function topicText(topic: UnsubscribeResult, t: (key: MessageKey, params?: Params) => string): string {
  if (topic.topic === 'news' || topic.topic === 'promotions' || topic.topic === 'priceChanges')
    return t(`unsub.topic.${topic.topic}`)
  return topic.searchName ? t('unsub.topic.search', { name: topic.searchName }) : t('unsub.topic.searchGone')
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const page = actionData ?? loaderData
  return (
    <div className="container account unsubscribe">
      <section className="panel narrow">
        <h1>{t('unsub.title')}</h1>
        {page.state === 'invalid' ? (
          <p role="alert">{t('unsub.invalid')}</p>
        ) : page.state === 'done' ? (
          <p role="status" className="form-status ok">
            {t('unsub.done', { topic: topicText(page.topic, t) })}
          </p>
        ) : (
          <Form method="post">
            <p>{t('unsub.question', { topic: topicText(page.topic, t) })}</p>
            <button type="submit" className="button">
              {t('unsub.button')}
            </button>
          </Form>
        )}
        <p>
          <Link to="/account">{t('unsub.manage')}</Link>
        </p>
      </section>
    </div>
  )
}

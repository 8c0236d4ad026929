import { Form, Link, redirect, useNavigation } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { GuestPrompt } from '../features/auth/guest-prompt.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import sellingCss from '../styles/selling.css?url'
import type { Route } from './+types/create-auto'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sellingCss }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const user = await context.get(servicesContext).sessions.sessionUser(request.headers)
  const m = MESSAGES[locale]
  return {
    signedIn: user !== null,
    title: translate(m, locale, 'sell.intro.title'),
    description: `${translate(m, locale, 'sell.intro.reach')}. ${translate(m, locale, 'sell.intro.lead')}`,
    i18n: routeMessages(locale, 'sell', 'myListings'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'description', content: loaderData?.description ?? '' },
]

/** "Start": a new draft, then its first step. A form post, so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const user = await requireUser(services.sessions, request, '/create-auto')
  return whenServiceFails(
    services.selling.createDraft(user).then((draft) => redirect(`/create-auto/${draft.id}`)),
    ({ code }) => (code === 'listing.too_many_drafts' ? { error: 'sell.error.too_many_drafts' as const } : undefined),
  )
}

export default function CreateAuto({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const busy = useNavigation().state !== 'idle'
  const reasons = [
    ['sell.intro.why1.title', 'sell.intro.why1.text'],
    ['sell.intro.why2.title', 'sell.intro.why2.text'],
    ['sell.intro.why3.title', 'sell.intro.why3.text'],
  ] as const
  return (
    <div className="container sell-intro">
      <section className="sell-hero">
        <h1>{t('sell.intro.title')}</h1>
        <p className="sell-reach">{t('sell.intro.reach')}</p>
        <p>{t('sell.intro.lead')}</p>
        {loaderData.signedIn ? (
          <Form method="post" className="sell-start">
            <button type="submit" className="button primary" disabled={busy}>
              {t('sell.intro.start')}
            </button>
            <Link to="/account/listings" className="button light">
              {t('sell.intro.myListings')}
            </Link>
            {actionData?.error ? (
              <p className="field-error" role="alert">
                {t(actionData.error)}
              </p>
            ) : null}
          </Form>
        ) : null}
      </section>
      {loaderData.signedIn ? null : <GuestPrompt text={t('sell.intro.guest')} />}
      <section className="sell-why" aria-labelledby="sell-why-title">
        <h2 id="sell-why-title">{t('sell.intro.why')}</h2>
        <ul>
          {reasons.map(([title, text]) => (
            <li key={title}>
              <h3>{t(title)}</h3>
              <p>{t(text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

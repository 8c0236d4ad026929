import { useEffect } from 'react'
import { data, Link, useActionData } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import type { AccountActionResult } from '../features/account/account-action.ts'
import { saveProfileForm, saveProfilePhoto } from '../features/account/account-actions.server.ts'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { PhotoForm } from '../features/account/photo-form.tsx'
import { ProfileForm, profileFormKey } from '../features/account/profile-form.tsx'
import { formatDateTime } from '../features/admin/format.ts'
import { ALL_KAZAKHSTAN, cityCookie, cityIdFromCookie, storeCity } from '../features/city/city-storage.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import { localeCookie } from '../i18n/locale.server.ts'
import accountsStyles from '../styles/accounts.css?url'
import { island } from '../ui/island.tsx'
import { useToast } from '../ui/toast.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import type { Route } from './+types/account'

/*
 * Islands (ui/island.tsx): the server renders them in full, their code loads at the visitor's first scroll, touch,
 * key or focus, or after 3 s. Their buttons need JavaScript and stay disabled until then (useHydrated); the password
 * form's fields are uncontrolled, so what is typed before its code has loaded is kept. With them in its first load
 * the page took 126,051 bytes of gzipped JavaScript, over the budget of 120 KB (docs/performance.md).
 */
const PasswordForm = island(() => import('../features/account/password-form.tsx').then((m) => m.PasswordForm))
const PushToggle = island(() => import('../features/account/push-toggle.tsx').then((m) => m.PushToggle))
const LogoutButton = island(() => import('../features/account/logout.tsx').then((m) => m.LogoutButton))

export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, profiles, reference, messaging } = context.get(servicesContext)
  const user = await requireUser(sessions, request, '/account')
  const locale = context.get(localeContext)
  const [[listed], cities, hasPassword, inbox] = await Promise.all([
    profiles.listMyProfiles(user),
    reference.listCities(locale),
    sessions.hasPassword(user.id),
    messaging.listMyMessages(user),
  ])
  if (!listed) throw new Response('Profile not found', { status: 404 })
  // Spec 4: a profile without a city takes the city chosen on this device (its cookie mirrors local storage).
  // Saved here, before the form is rendered, so the form never restarts under the user's typing when the
  // header's city chooser saves the same city in the background.
  const chosen = cityIdFromCookie(request.headers.get('cookie'))
  const profile =
    listed.city === null && chosen !== null && cities.some((c) => c.id === chosen)
      ? await profiles.updateProfile(user, listed.id, { city: chosen })
      : listed
  return {
    profile,
    // The inbox screen is a later issue: the account shows the latest messages (moderation outcomes).
    messages: inbox.results.slice(0, 10).map((m) => ({
      id: m.id,
      body: m.body,
      isRead: m.isRead,
      when: formatDateTime(m.createdAt, locale),
      from: m.sender?.name ?? null,
    })),
    hasPassword,
    cities: cities.map(({ id, name }) => ({ id, name })),
    title: translate(MESSAGES[locale], locale, 'account.title'),
    i18n: routeMessages(locale, 'garage', 'myListings', 'requests'),
  }
}

/**
 * The profile form (urlencoded) and the photo form (multipart) post here, with or without JavaScript; both
 * call the same use cases as the REST API. React Router refuses actions posted from another origin.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const user = await requireUser(services.sessions, request, '/account')
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const { result, status } = await saveProfilePhoto(services, user, request)
    return data<AccountActionResult>(result, { status, headers: PRIVATE_HEADERS })
  }
  const { result, status, language } = await saveProfileForm(services, user, await request.formData())
  const headers = new Headers(PRIVATE_HEADERS)
  // Spec 4: "my city" sets the current city too, so the header and the catalogue follow at once.
  if (result.intent === 'profile' && result.ok && result.city !== undefined) {
    headers.append('Set-Cookie', cityCookie(result.city ?? ALL_KAZAKHSTAN))
  }
  // The saved language becomes the interface's, as the header's language switch does; the page rendered
  // after a post without JavaScript is already in it.
  if (language && language !== context.get(localeContext)) {
    headers.append('Set-Cookie', localeCookie(language))
    context.set(localeContext, language)
  }
  return data<AccountActionResult>(result, { status, headers })
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStyles }]

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

/** With JavaScript the action's answer is a notice; the saved language also goes to local storage (spec). */
function useActionNotice(result: AccountActionResult | undefined) {
  const toast = useToast()
  useEffect(() => {
    if (!result) return
    if (!result.ok) {
      toast.error(result.message)
      return
    }
    if (result.intent === 'photo') {
      toast.success('account2.photo.updated')
      return
    }
    // Before the root's locale effect (children's effects run first), so it does not switch back.
    window.localStorage.setItem('locale', result.language)
    // The city chooser's start-up rule lets the stored choice win: store the saved one.
    if (result.city !== undefined) storeCity(result.city ?? ALL_KAZAKHSTAN)
    toast.success('notice.profileUpdated')
  }, [result, toast])
}

/** Without JavaScript the page itself says how the last post went. */
function ActionStatus({ result }: { result: AccountActionResult }) {
  const { t } = useI18n()
  const message = result.ok
    ? result.intent === 'photo'
      ? 'account2.photo.updated'
      : 'notice.profileUpdated'
    : result.message
  return (
    <p className={result.ok ? 'form-status ok' : 'form-status failed'} role={result.ok ? 'status' : 'alert'}>
      {t(message)}
    </p>
  )
}

/** "My messages": the latest ones, Tulpar Auto's own (moderation outcomes) among them. */
function MyMessages({ messages }: { messages: Route.ComponentProps['loaderData']['messages'] }) {
  const { t } = useI18n()
  return (
    <section className="panel" aria-labelledby="my-messages-title">
      <h2 id="my-messages-title">
        <Link to="/account/messages">{t('account.messages')}</Link>
      </h2>
      {messages.length === 0 ? <p>{t('account.messages.empty')}</p> : null}
      {messages.map((m) => (
        <article key={m.id} aria-label={m.when}>
          <p>
            <strong>{m.from ?? t('account.messages.from')}</strong>{' '}
            {m.isRead ? null : <small className="soon-tag">{t('account.messages.unread')}</small>}{' '}
            <small>{m.when}</small>
          </p>
          {/* The body keeps its line breaks: the reason and the comment are on lines of their own. */}
          <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{m.body}</p>
        </article>
      ))}
    </section>
  )
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { profile, cities, hasPassword, messages } = loaderData
  const { t, locale } = useI18n()
  const hydrated = useHydrated()
  const result = useActionData<typeof action>()
  useActionNotice(result)
  return (
    <div className="container account">
      <h1>{t('account.title')}</h1>
      {result && !hydrated ? <ActionStatus result={result} /> : null}
      <div className="account-layout">
        <div className="account-main">
          <PhotoForm
            key={profile.photo ?? 'none'}
            photo={profile.photo}
            name={profile.full_name ?? profile.email ?? ''}
            result={result?.intent === 'photo' ? result : null}
          />
          <ProfileForm
            key={profileFormKey(profile, locale)}
            profile={profile}
            cities={cities}
            result={result?.intent === 'profile' ? result : null}
          />
          {hasPassword ? <PasswordForm email={profile.email} /> : null}
        </div>
        <aside className="account-side">
          <section className="panel">
            <h2>
              <Link to="/account/listings">{t('myListings.title')}</Link>
            </h2>
            <p className="muted">{t('myListings.linkText')}</p>
          </section>
          <section className="panel">
            <h2>
              <Link to="/account/searches">{t('searches.title')}</Link>
            </h2>
            <p className="muted">{t('push.hint')}</p>
          </section>
          <section className="panel">
            <h2>
              <Link to="/account/garage">{t('account.garage')}</Link>
            </h2>
            <p className="muted">{t('garage.linkText')}</p>
          </section>
          <section className="panel">
            <h2>
              <Link to="/account/requests">{t('requests.title')}</Link>
            </h2>
            <p className="muted">{t('requests.linkText')}</p>
          </section>
          <MyMessages messages={messages} />
          <PushToggle />
          <section className="panel">
            <h2>
              <Link to="/account/reports">{t('account.reports')}</Link>
            </h2>
            <p className="muted">{t('check.reports.linkText')}</p>
          </section>
          <section className="panel">
            <h2>
              <Link to="/account/receipts">{t('promote.receipts.link')}</Link>
            </h2>
            <p className="muted">{t('promote.receipts.linkText')}</p>
          </section>
          <section className="panel">
            <h2>
              <Link to="/account/dealer">{t('dealer.account.link')}</Link>
            </h2>
            <p className="muted">{t('dealer.account.intro')}</p>
          </section>
          <section className="panel account-actions">
            <LogoutButton />
            <Link to="/account/delete" className="danger-link">
              {t('account.delete.link')}
            </Link>
          </section>
        </aside>
      </div>
    </div>
  )
}

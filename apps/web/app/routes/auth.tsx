import { type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react'
import { redirect, useSearchParams } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import type { EmailMode } from '../features/auth/email-form.tsx'
import { safeRedirect } from '../features/auth/redirect.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import accountsStyles from '../styles/accounts.css?url'
import { island } from '../ui/island.tsx'
import type { Route } from './+types/auth'

/** A signed-in visitor has nothing to do here: on to where they were going. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const user = await services.sessions.sessionUser(request.headers)
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')))
  const locale = context.get(localeContext)
  return {
    // Google and Apple buttons for providers whose tokens the server trusts (GOOGLE_CLIENT_ID, APPLE_CLIENT_ID), or
    // through the local identity provider (LOCAL_ID_PROVIDER, the demo and tests).
    providers: services.idTokens.webProviders,
    title: translate(MESSAGES[locale], locale, 'auth.title'),
    description: translate(MESSAGES[locale], locale, 'auth.description'),
  }
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStyles }]

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'description', content: loaderData?.description ?? '' },
  { name: 'robots', content: 'noindex' },
]

// Only pages with Google or Apple configured load this code (and the providers' SDKs).
const SocialSignIn = lazy(() => import('../features/auth/social-sign-in.tsx'))
/*
 * Not in the page's first load, which was 125,159 bytes of gzipped JavaScript against the budget of 120 KB
 * (docs/performance.md). The email form is an island (ui/island.tsx): the server renders it in full, its fields
 * (uncontrolled) take typing at once, and its code, with the API client, loads at the first touch, key or focus, or
 * after 3 s; its buttons stay disabled until then, as they did until the page had hydrated. The phone form (the
 * second tab, rendered by the server when the link asks for it) loads when the tab is opened, and the password
 * recovery dialog when it is asked for.
 */
const EmailForm = island(() => import('../features/auth/email-form.tsx').then((m) => m.EmailForm))
const PhoneForm = lazy(() => import('../features/auth/phone-form.tsx').then((m) => ({ default: m.PhoneForm })))
const ResetPasswordDialog = lazy(() =>
  import('../features/auth/reset-dialog.tsx').then((m) => ({ default: m.ResetPasswordDialog })),
)

type Tab = 'email' | 'phone'
const TABS: Tab[] = ['email', 'phone']

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const [params] = useSearchParams()
  const [tab, setTab] = useState<Tab>(params.get('method') === 'phone' ? 'phone' : 'email')
  const [mode, setMode] = useState<EmailMode>(params.get('mode') === 'register' ? 'register' : 'signIn')
  const [email, setEmail] = useState('')
  const [resetOpen, setResetOpen] = useState(false)
  // Mounted from the first time it is asked for, then kept (its closing and its state work as before).
  const [resetWanted, setResetWanted] = useState(false)
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ email: null, phone: null })

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] as Tab
    setTab(next)
    tabRefs.current[next]?.focus()
  }

  const heading = tab === 'email' && mode === 'register' ? t('auth.register.title') : t('auth.signIn.title')

  return (
    <div className="auth-card">
      <h1>{heading}</h1>
      <div className="tabs" role="tablist" aria-label={t('auth.methods')}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el
            }}
            type="button"
            role="tab"
            id={`auth-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`auth-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {name === 'email' ? t('auth.tab.email') : t('auth.tab.phone')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`} className="tab-panel">
        {tab === 'email' ? (
          <EmailForm
            mode={mode}
            onModeChange={setMode}
            email={email}
            onEmailChange={setEmail}
            onForgot={() => {
              setResetWanted(true)
              setResetOpen(true)
            }}
          />
        ) : (
          <Suspense fallback={null}>
            <PhoneForm />
          </Suspense>
        )}
      </div>
      {loaderData.providers.google || loaderData.providers.apple || loaderData.providers.local ? (
        <Suspense fallback={null}>
          <SocialSignIn {...loaderData.providers} />
        </Suspense>
      ) : null}
      <p className="disclaimer">
        {t('auth.disclaimer.before')}
        <a href="/user-agreements">{t('auth.disclaimer.terms')}</a>
        {t('auth.disclaimer.and')}
        <a href="/privacy-policy">{t('auth.disclaimer.privacy')}</a>
        {t('auth.disclaimer.after')}
      </p>
      {resetWanted ? (
        <Suspense fallback={null}>
          <ResetPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} initialEmail={email} />
        </Suspense>
      ) : null}
    </div>
  )
}

import { DEFAULT_LOCALE, LOCALES } from '@tulpar/contracts/constants'
import { type ReactNode, useEffect, useRef } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import { localeContext, requestInfoContext } from '#app-context'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { MESSAGES_LINK_ATTRIBUTE, useBaseMessages } from './i18n/base-messages.ts'
import { FALLBACK_MESSAGES } from './i18n/fallback-messages.ts'
import { HTML_LANG, type Messages, parseMessages } from './i18n/i18n.ts'
import { I18nProvider, useI18n } from './i18n/i18n-react.tsx'
import { localeCookie, requestLocale } from './i18n/locale.server.ts'
import { messagesUrl } from './i18n/messages-file.server.ts'
import { useNonce } from './lib/security/nonce.tsx'
import { alternateLinks, canonicalFromMatches } from './lib/seo/alternates.ts'
import { ToastProvider } from './ui/toast.tsx'

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const { locale, fromQuery } = requestLocale(request)
    context.set(localeContext, locale)
    const response = await next()
    // Following an hreflang link (?lang=kk) keeps that language for the next pages too.
    if (fromQuery && response instanceof Response) response.headers.append('Set-Cookie', localeCookie(locale))
    return response
  },
]

export function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  // Every page's messages are not loader data: the render has them and the browser fetches this file (base-messages.ts).
  return { locale, messagesUrl: messagesUrl(locale), publicUrl: context.get(requestInfoContext).publicUrl }
}

/** The language and its messages change only through a form (/locale, the profile); plain navigations skip this loader. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

/**
 * hreflang alternates (ru, kk, en, x-default) built from the route's canonical URL, so they agree with it
 * and with the sitemaps; pages without a canonical (not indexed) use their own URL.
 */
function Alternates({ publicUrl }: { publicUrl: string }) {
  const matches = useMatches()
  const { pathname, search } = useLocation()
  const base = canonicalFromMatches(matches) ?? `${publicUrl}${pathname}${search}`
  return (
    <>
      {alternateLinks(base).map((a) => (
        <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
      ))}
    </>
  )
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const locale = root?.locale ?? DEFAULT_LOCALE
  const nonce = useNonce()
  const base = useBaseMessages(root?.messagesUrl)
  // Without the root's data (its loader failed) both the server and the browser show the fallback texts.
  const messages = useMergedMessages(root ? base : null)
  return (
    <html lang={HTML_LANG[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c81" />
        <Meta />
        <Links />
        {root ? (
          <link
            rel="preload"
            href={root.messagesUrl}
            as="fetch"
            crossOrigin="anonymous"
            {...{ [MESSAGES_LINK_ATTRIBUTE]: '' }}
          />
        ) : null}
        {root ? <Alternates publicUrl={root.publicUrl} /> : null}
      </head>
      <body>
        <I18nProvider locale={locale} messages={messages}>
          <ToastProvider>{children}</ToastProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/**
 * Every page's messages (base-messages.ts) plus the namespaces the matched screens send as `i18n` in their loader
 * data (i18n/index.ts `routeMessages`). Merged again only when one of those changes.
 */
function useMergedMessages(base: Messages | null): Messages | typeof FALLBACK_MESSAGES {
  const matches = useMatches()
  const inputs: unknown[] = [base]
  for (const m of matches) {
    const i18n = (m.loaderData as { i18n?: unknown } | undefined)?.i18n
    if (typeof i18n === 'string') inputs.push(i18n)
  }
  const last = useRef<{ inputs: unknown[]; value: Messages | typeof FALLBACK_MESSAGES } | null>(null)
  const same = last.current?.inputs.length === inputs.length && last.current.inputs.every((v, i) => v === inputs[i])
  if (!same || !last.current) {
    const extra = inputs.slice(1) as string[]
    const value = base ?? FALLBACK_MESSAGES
    last.current = { inputs, value: extra.length === 0 ? value : Object.assign({}, value, ...extra.map(parseMessages)) }
  }
  return last.current.value
}

const STORAGE_KEY = 'locale'

/**
 * The stored language taken back as the header's switch does it: a document post to /locale, so the page comes back
 * whole in that language. Through the router, `<html lang>` and the header changed at once and the page's texts only
 * when their file arrived (a mixed page for 1-3 s, issue 35).
 */
function postLocaleDocument(locale: string, redirectTo: string) {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = '/locale'
  for (const [name, value] of Object.entries({ locale, redirectTo })) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  document.body.append(form)
  form.submit()
}

/** Spec: a locale saved in local storage overrides the default; keep storage and the server cookie in step. */
function useStoredLocale() {
  const { locale } = useI18n()
  const { search } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after hydration and when the language changes, not on every navigation
  useEffect(() => {
    const stored = window.localStorage.getItem(STORAGE_KEY)
    const explicit = new URLSearchParams(search).has('lang')
    if (stored && stored !== locale && !explicit && (LOCALES as readonly string[]).includes(stored)) {
      postLocaleDocument(stored, window.location.pathname + window.location.search)
    } else {
      window.localStorage.setItem(STORAGE_KEY, locale)
    }
    // Runs once after hydration and whenever the language changes.
  }, [locale])
}

export default function App() {
  useStoredLocale()
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <main className="page error-page">
      <h1>{status === 404 ? t('notFound.title') : t('error.title')}</h1>
      <p>{status === 404 ? t('notFound.text') : t('error.text')}</p>
      <p>
        <a href="/">{t('notFound.home')}</a>
      </p>
    </main>
  )
}

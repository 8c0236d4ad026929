import type { SavedSearch } from '@tulpar/contracts'
import { data, Link, useActionData, useFetcher } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { catalogueHref } from '../features/catalogue/href.ts'
import { runSearchAction, type SearchActionResult } from '../features/saved-searches/searches.server.ts'
import { ShareButton } from '../features/share/share-button.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import accountsStyles from '../styles/accounts.css?url'
import { Options } from '../ui/options.tsx'
import { useNoticeOf } from '../ui/toast.tsx'
import { useHydrated } from '../ui/use-hydrated.ts'
import type { Route } from './+types/account-searches'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, savedSearches } = context.get(servicesContext)
  const user = await requireUser(sessions, request, '/account/searches')
  const locale = context.get(localeContext)
  const list = await savedSearches.listSavedSearches(user)
  return { ...list, title: translate(MESSAGES[locale], locale, 'searches.title') }
}

/** Create (from the catalogue's "Save this search"), rename, alerts, delete: plain form posts, with or without JS. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const user = await requireUser(services.sessions, request, '/account/searches')
  const { result, status } = await runSearchAction(services, user, await request.formData(), context.get(localeContext))
  return data<SearchActionResult>(result, { status, headers: PRIVATE_HEADERS })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

const ALERT_OPTIONS = ['daily', 'instant', 'off'] as const

function SearchRow({ search }: { search: SavedSearch }) {
  const { t, date } = useI18n()
  const fetcher = useFetcher<SearchActionResult>()
  const hydrated = useHydrated()
  const busy = fetcher.state !== 'idle'
  useNoticeOf(fetcher.data)
  const confirmDelete = (e: React.FormEvent<HTMLFormElement>) => {
    if (!window.confirm(t('searches.deleteConfirm', { name: search.name }))) e.preventDefault()
  }
  return (
    <li className="panel saved-search" data-testid="saved-search" aria-busy={busy}>
      <div className="saved-search-head">
        <h2>
          <Link to={`/account/searches/${search.id}`}>{search.name}</Link>
        </h2>
        {search.newCount > 0 ? (
          <span className="badge-new">{t('searches.new', { count: search.newCount })}</span>
        ) : (
          <small className="muted">{t('searches.noNew')}</small>
        )}
      </div>
      <p className="saved-search-meta">
        <small className="muted">{t('searches.since', { date: date(search.createdAt) })}</small>
        <Link to={`/account/searches/${search.id}`} className="button primary">
          {t('searches.open')}
        </Link>
        {/* The search's public catalogue page (its filters in the address), not this personal link. */}
        <ShareButton url={catalogueHref(search.filters)} title={search.name} message="share.search.text" />
      </p>
      <div className="saved-search-forms">
        <fetcher.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={search.id} />
          <label htmlFor={`name-${search.id}`}>{t('searches.name')}</label>
          <input id={`name-${search.id}`} name="name" defaultValue={search.name} required maxLength={80} />
          <button type="submit" className="button ghost" disabled={busy}>
            {t('searches.rename')}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="alerts" />
          <input type="hidden" name="id" value={search.id} />
          <label htmlFor={`alerts-${search.id}`}>{t('searches.alerts')}</label>
          <select
            id={`alerts-${search.id}`}
            name="alerts"
            defaultValue={search.alerts}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <Options values={ALERT_OPTIONS} label={(a) => t(`searches.alerts.${a}`)} />
          </select>
          {hydrated ? null : (
            <button type="submit" className="button ghost">
              {t('searches.apply')}
            </button>
          )}
        </fetcher.Form>
        <fetcher.Form method="post" onSubmit={confirmDelete}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={search.id} />
          <button type="submit" className="button danger" disabled={busy}>
            {t('searches.delete')}
          </button>
        </fetcher.Form>
      </div>
    </li>
  )
}

export default function AccountSearches({ loaderData }: Route.ComponentProps) {
  const { results, limit } = loaderData
  const { t } = useI18n()
  const hydrated = useHydrated()
  const result = useActionData<typeof action>()
  return (
    <div className="container account saved-searches">
      <p className="breadcrumbs">
        <Link to="/account">{t('account.title')}</Link>
      </p>
      <h1>
        {t('searches.title')} <small className="muted">{t('searches.countOf', { count: results.length, limit })}</small>
      </h1>
      {/* Without JavaScript the page itself says how the last post went. */}
      {result && !hydrated ? (
        <p className={result.ok ? 'form-status ok' : 'form-status failed'} role={result.ok ? 'status' : 'alert'}>
          {t(result.message, result.ok ? undefined : result.params)}
        </p>
      ) : null}
      {results.length === 0 ? (
        <div className="panel empty">
          <p>{t('searches.empty')}</p>
          <Link to={catalogueHref({})} className="button primary">
            {t('searches.toCatalogue')}
          </Link>
        </div>
      ) : (
        <ul className="saved-search-list">
          {results.map((s) => (
            <SearchRow key={`${s.id}-${s.name}-${s.alerts}`} search={s} />
          ))}
        </ul>
      )}
    </div>
  )
}

import type { AuditEvent } from '@tulpar/contracts'
import { Form, Link, redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { requireAdminUser } from '../features/admin/admin-guard.server.ts'
import { auditFilters } from '../features/admin/audit-filters.ts'
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, parseAuditQuery } from '../features/admin/audit-query.server.ts'
import { formatDateTime } from '../features/admin/format.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { Options } from '../ui/options.tsx'
import type { Route } from './+types/admin-audit'

/** Admins only (moderators and managers get the 403 page); a filter the contract refuses starts the page afresh. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireAdminUser(services.sessions, request)
  const params = new URL(request.url).searchParams
  const filters = auditFilters(params)
  const cursor = params.get('cursor')
  const query = parseAuditQuery({ ...filters, ...(cursor ? { cursor } : {}) })
  if (!query) throw redirect('/admin/audit')
  const page = await services.audit.listEvents(user, query)
  return {
    filters,
    results: page.results.map((e) => ({ ...e, when: formatDateTime(e.at, locale) })),
    nextCursor: page.nextCursor,
    title: translate(MESSAGES[locale], locale, 'admin.audit.title'),
    /** The filter's lists, from the server: the contract's lists stay out of the browser's code. */
    actions: AUDIT_ACTIONS,
    targetTypes: AUDIT_TARGET_TYPES,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

/** `key: before → after` for each changed field (a field only before or only after shows one side). */
function Changes({ before, after }: Pick<AuditEvent, 'before' | 'after'>) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  if (keys.length === 0) return null
  const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v))
  return (
    <ul className="audit-changes">
      {keys.map((k) => (
        <li key={k}>
          <code>{k}</code>: {before && k in before ? <del>{show(before[k])}</del> : null}
          {before && k in before && after && k in after ? ' → ' : null}
          {after && k in after ? <ins>{show(after[k])}</ins> : null}
        </li>
      ))}
    </ul>
  )
}

function Target({ type, id }: { type: AuditEvent['targetType']; id: string }) {
  const { t } = useI18n()
  const label = `${t(`admin.audit.target.${type}`)} ${id.length > 12 ? `${id.slice(0, 8)}…` : `#${id}`}`
  if (type === 'listing') return <Link to={`/admin/listings/${id}`}>{label}</Link>
  if (type === 'lead') return <Link to={`/admin/leads/${id}`}>{label}</Link>
  if (type === 'partner') return <Link to={`/admin/partners/${id}`}>{label}</Link>
  return <span title={id}>{label}</span>
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, results, nextCursor, actions, targetTypes } = loaderData
  const { t } = useI18n()
  const roleName = (role: string) =>
    role === 'system'
      ? t('admin.audit.system')
      : t(`admin.role.${role === 'admin' || role === 'moderator' || role === 'manager' ? role : 'user'}`)
  const same = new URLSearchParams(filters)
  const csv = `/admin/audit.csv${same.size > 0 ? `?${same}` : ''}`
  const next = new URLSearchParams(filters)
  if (nextCursor) next.set('cursor', nextCursor)
  const withFilter = (key: string, value: string) => {
    const p = new URLSearchParams(filters)
    p.set(key, value)
    return `/admin/audit?${p}`
  }
  return (
    <div className="admin-page">
      <h1>{t('admin.audit.title')}</h1>
      <p className="admin-hint">{t('admin.audit.hint')}</p>
      <Form method="get" className="audit-filters" role="search" aria-label={t('admin.audit.filters')}>
        <div className="field">
          <label htmlFor="audit-action">{t('admin.audit.action')}</label>
          <select id="audit-action" name="action" defaultValue={filters.action ?? ''}>
            <option value="">{t('admin.audit.anyAction')}</option>
            <Options values={actions} label={(a) => t(`admin.audit.action.${a}`)} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-target-type">{t('admin.audit.targetType')}</label>
          <select id="audit-target-type" name="targetType" defaultValue={filters.targetType ?? ''}>
            <option value="">{t('admin.audit.anyTarget')}</option>
            <Options values={targetTypes} label={(type) => t(`admin.audit.target.${type}`)} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-target-id">{t('admin.audit.targetId')}</label>
          <input id="audit-target-id" name="targetId" defaultValue={filters.targetId ?? ''} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="audit-actor">{t('admin.audit.actorId')}</label>
          <input id="audit-actor" name="actor" defaultValue={filters.actor ?? ''} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t('admin.audit.from')}</label>
          <input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('admin.audit.to')}</label>
          <input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </div>
        <div className="audit-filter-actions">
          <button type="submit" className="button primary">
            {t('admin.audit.show')}
          </button>
          {same.size > 0 ? (
            <Link to="/admin/audit" className="button">
              {t('admin.audit.reset')}
            </Link>
          ) : null}
          {/* A document download, not a page: the router must not fetch it. */}
          <a href={csv} className="button" download>
            {t('admin.audit.csv')}
          </a>
        </div>
      </Form>
      {results.length === 0 ? (
        <p className="empty">{t('admin.audit.empty')}</p>
      ) : (
        <ol className="audit-list">
          {results.map((e) => (
            <li key={e.id} className="panel audit-row">
              <p className="audit-line">
                <strong>{t(`admin.audit.action.${e.action}`)}</strong> · <Target type={e.targetType} id={e.targetId} />
              </p>
              <p className="admin-hint audit-line">
                <time dateTime={e.at}>{e.when}</time> ·{' '}
                {e.actor ? (
                  <Link to={withFilter('actor', e.actor.id)}>{e.actor.name ?? e.actor.id}</Link>
                ) : (
                  t('admin.audit.system')
                )}{' '}
                ({roleName(e.actorRole)}){e.ip ? ` · ${e.ip}` : ''}
              </p>
              <Changes before={e.before} after={e.after} />
            </li>
          ))}
        </ol>
      )}
      {nextCursor ? (
        <p>
          <Link to={`/admin/audit?${next}`} className="button">
            {t('admin.audit.next')}
          </Link>
        </p>
      ) : null}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

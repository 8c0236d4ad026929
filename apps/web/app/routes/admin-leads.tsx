import { LEAD_KINDS, LEAD_STATUSES } from '@tulpar/contracts/staff-constants'
import { data, Form, Link, redirect } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { assertSameOrigin, field, requireBackOfficeUser } from '../features/admin/admin-guard.server.ts'
import { formatDateTime } from '../features/admin/format.ts'
import { formatAgo, formatDuration } from '../features/admin/lead-time.ts'
import { leadDeskQuery } from '../features/admin/queries.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { orStatusPage } from '../lib/service-errors.ts'
import { Options } from '../ui/options.tsx'
import type { Route } from './+types/admin-leads'

/** The leads desk: every call-back, credit application, partner request and vehicle check order in one queue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireBackOfficeUser(services.sessions, request)
  const query = leadDeskQuery(new URL(request.url).searchParams)
  if (!query) throw data({ reason: 'bad-query' as const }, { status: 400 })
  const page = await services.leadDesk.listLeads(user, query)
  return {
    title: translate(MESSAGES[locale], locale, 'leads.title'),
    filters: { status: query.status ?? '', kind: query.kind ?? '', assigned: query.assigned ?? '' },
    page: { ...page, results: page.results.map((l) => ({ ...l, at: formatDateTime(l.createdAt, locale) })) },
    me: user.id,
    now: Date.now(),
  }
}

/** "Take" from the list: the lead is mine and in progress; then its page. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  assertSameOrigin(request, context.get(requestInfoContext).publicUrl)
  const user = await requireBackOfficeUser(services.sessions, request, context)
  const id = parseId(field(await request.formData(), 'id'))
  if (id === null) throw data(null, { status: 400 })
  await orStatusPage(services.leadDesk.takeLead(user, id))
  return redirect(`/admin/leads/${id}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { page, filters, me, now } = loaderData
  const link = (p: number) => {
    const q = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''))
    q.set('page', String(p))
    return `/admin/leads?${q}`
  }
  return (
    <div className="admin-page leads-desk">
      <h1>{t('leads.title')}</h1>
      <p className="admin-notice" role="status">
        {t('leads.waiting', { count: page.waiting })}
      </p>
      <Form method="get" className="leads-filters">
        <label>
          {t('leads.filter.status')}
          <select name="status" defaultValue={filters.status}>
            <option value="">{t('leads.filter.all')}</option>
            <Options values={LEAD_STATUSES} label={(s) => t(`leads.status.${s}`)} />
          </select>
        </label>
        <label>
          {t('leads.filter.kind')}
          <select name="kind" defaultValue={filters.kind}>
            <option value="">{t('leads.filter.all')}</option>
            <Options values={LEAD_KINDS} label={(k) => t(`leads.kind.${k}`)} />
          </select>
        </label>
        <label>
          {t('leads.filter.assigned')}
          <select name="assigned" defaultValue={filters.assigned}>
            <option value="">{t('leads.filter.all')}</option>
            <option value="me">{t('leads.filter.me')}</option>
            <option value="none">{t('leads.filter.none')}</option>
          </select>
        </label>
        <button type="submit" className="button ghost">
          {t('leads.filter.apply')}
        </button>
      </Form>
      {page.results.length === 0 ? <p>{t('leads.none')}</p> : null}
      <ul className="leads-list">
        {page.results.map((l) => (
          <li key={l.id} className={`panel lead-item lead-${l.status}`} data-testid="lead">
            <div className="lead-main">
              <h2>
                <Link to={`/admin/leads/${l.id}`}>
                  {t('leads.detail.title', { id: l.id })} · {t(`leads.kind.${l.kind}`)}
                </Link>
              </h2>
              <p>
                {l.name} · <a href={`tel:${l.phone}`}>{l.phone}</a>
              </p>
              <p className="muted">
                {l.listing ? `${l.listing.title} · ` : ''}
                {l.partner ? `${l.partner.name} · ` : ''}
                <time dateTime={l.createdAt} title={l.at}>
                  {formatAgo(t, l.createdAt, now)}
                </time>
                {l.secondsToFirstContact !== null
                  ? ` · ${t('leads.firstContact', { time: formatDuration(t, l.secondsToFirstContact) })}`
                  : ''}
              </p>
            </div>
            <div className="lead-side">
              <span className={`lead-status status-${l.status}`}>{t(`leads.status.${l.status}`)}</span>
              <span className="muted">
                {t('leads.col.assignee')}: {l.assignee ? l.assignee.name : t('leads.nobody')}
              </span>
              {l.status === 'new' || (l.assignee?.id !== me && l.status === 'in_progress') ? (
                <Form method="post">
                  <input type="hidden" name="id" value={l.id} />
                  <button type="submit" className="button primary">
                    {t('leads.take')}
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {page.pages > 1 ? (
        <nav className="admin-pager">
          {page.page > 1 ? (
            <Link to={link(page.page - 1)} className="button ghost">
              {t('leads.prev')}
            </Link>
          ) : null}
          <span>{t('leads.pages', { page: page.page, pages: page.pages })}</span>
          {page.page < page.pages ? (
            <Link to={link(page.page + 1)} className="button ghost">
              {t('leads.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

import { data, Form, redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { field, readStaffPost, requireStaffUser } from '../features/admin/admin-guard.server.ts'
import { formatDateTime } from '../features/admin/format.ts'
import { AdminNotices } from '../features/admin/page-notices.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import type { Route } from './+types/admin-reports'

/** Conversations buyers or sellers reported, with the messages as written; dismiss, or stop the other side writing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireStaffUser(services.sessions, request)
  const reports = await services.messaging.listReports(user)
  const done = new URL(request.url).searchParams.get('done') === '1'
  return {
    title: translate(MESSAGES[locale], locale, 'reports.title'),
    done,
    reports: reports.map((r) => ({
      ...r,
      at: formatDateTime(r.createdAt, locale),
      messages: r.messages.map((m) => ({ ...m, at: formatDateTime(m.createdAt, locale) })),
    })),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, form } = await readStaffPost({ request, context })
  const id = parseId(field(form, 'id'))
  const resolution = form.get('resolution')
  if (id === null || (resolution !== 'dismissed' && resolution !== 'blocked')) throw data(null, { status: 400 })
  await whenServiceFails(services.messaging.resolveReport(user, id, resolution), ({ code }) =>
    code === 'report.not_found' ? null : undefined,
  )
  return redirect('/admin/reports?done=1')
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  return (
    <div className="admin-page">
      <h1>{t('reports.title')}</h1>
      <AdminNotices notice={loaderData.done ? t('reports.done') : null} />
      {loaderData.reports.length === 0 ? <p>{t('reports.none')}</p> : null}
      {loaderData.reports.map((r) => (
        <article key={r.id} className="panel report-item" data-testid="report">
          <h2>{r.listing?.title ?? `#${r.conversationId}`}</h2>
          <p>
            {t('reports.from', { name: r.reporter.name })} · {r.at}
            {r.reported ? (
              <>
                <br />
                {t('reports.on', { name: r.reported.name })}
              </>
            ) : null}
          </p>
          <p>
            <strong>{t('reports.reason', { reason: r.reason })}</strong>
          </p>
          <ol className="messages">
            {r.messages.map((m) => (
              <li key={m.id} className="message">
                <small className="muted">
                  {m.senderName ?? 'Tulpar Auto'} · {m.at}
                  {m.warnings.length > 0 ? ` · ⚠ ${m.warnings.join(', ')}` : ''}
                </small>
                <p className="message-body">{m.body}</p>
              </li>
            ))}
          </ol>
          <Form method="post" className="report-actions">
            <input type="hidden" name="id" value={r.id} />
            <button type="submit" name="resolution" value="dismissed" className="button ghost">
              {t('reports.dismiss')}
            </button>{' '}
            <button type="submit" name="resolution" value="blocked" className="button danger">
              {t('reports.block')}
            </button>
          </Form>
        </article>
      ))}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

import { data, Link, useActionData } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUserAndId } from '../features/account/account-guard.server.ts'
import { assertSameOrigin } from '../features/admin/admin-guard.server.ts'
import { ReportSharePanel } from '../features/check/report-share.tsx'
import { reportCarName } from '../features/check/report-title.ts'
import { ReportFindings } from '../features/check/report-view.tsx'
import { runShareAction, type ShareActionResult } from '../features/check/share.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { orNotFound } from '../lib/service-errors.ts'
import checkStyles from '../styles/check.css?url'
import { useHydrated } from '../ui/use-hydrated.ts'
import type { Route } from './+types/account-report'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: checkStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** One TulparAutoCheck report: works on a phone and prints on paper. Someone else's is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const { id, user } = await requireUserAndId(services.sessions, request, params.id)
  const report = await orNotFound(services.vehicleChecks.getReport(user, id))
  return { report, title: report.name || translate(MESSAGES[locale], locale, 'account.reports') }
}

/** Share the report by link, or stop sharing it (report-share.tsx). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  // Sharing makes a report readable by anyone: a second lock beside the SameSite cookie, as the back office has.
  assertSameOrigin(request, context.get(requestInfoContext).publicUrl)
  const { id, user } = await requireUserAndId(services.sessions, request, params.id)
  const { result, status } = await runShareAction(services, user, id, await request.formData())
  return data<ShareActionResult>(result, { status, headers: PRIVATE_HEADERS })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
  ...(loaderData?.report.status === 'generating' ? [{ httpEquiv: 'refresh', content: '3' } as const] : []),
]

export default function AccountReport({ loaderData }: Route.ComponentProps) {
  const { t, date } = useI18n()
  const hydrated = useHydrated()
  const result = useActionData<typeof action>()
  const { report } = loaderData
  const content = report.content
  return (
    <div className="container check-page report-page">
      <p className="no-print">
        <Link to="/account/reports">← {t('account.reports')}</Link>
      </p>
      <h1>{report.name}</h1>
      <p className="muted">
        VIN: <span className="vin">{report.vin}</span> · {date(report.createdAt)}
      </p>
      {report.status === 'failed' ? (
        <p className="panel report-section" role="alert">
          {t('check.report.failed')}
        </p>
      ) : report.status !== 'ready' || !content ? (
        <p className="check-generating" role="status">
          <span className="spinner" aria-hidden="true" /> {t('check.order.generating')}
        </p>
      ) : (
        <>
          {hydrated ? (
            <p className="no-print">
              <button type="button" className="button ghost" onClick={() => window.print()}>
                {t('check.report.print')}
              </button>
            </p>
          ) : null}
          {/* Without JavaScript the page itself says how the last post went. */}
          {result && !hydrated ? (
            <p className={result.ok ? 'form-status ok' : 'form-status failed'} role={result.ok ? 'status' : 'alert'}>
              {t(result.message)}
            </p>
          ) : null}
          <ReportSharePanel share={report.share} title={reportCarName(content, report.vin)} />
          <ReportFindings content={content} />
        </>
      )}
    </div>
  )
}

import { data, isRouteErrorResponse, Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { reportCarName } from '../features/check/report-title.ts'
import { ReportFindings } from '../features/check/report-view.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, type MessageKey, type Params, translate } from '../i18n/index.ts'
import { socialMeta } from '../lib/seo/social-meta.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import checkStyles from '../styles/check.css?url'
import { NotFoundContent } from '../ui/not-found-content.tsx'
import type { Route } from './+types/check-shared'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: checkStyles }]

/**
 * A link, not a page for search engines; never kept by a browser or a cache, so the page is gone the moment the
 * owner stops sharing.
 */
const SHARED_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }
export const headers: Route.HeadersFunction = () => SHARED_HEADERS

/**
 * A TulparAutoCheck report its owner shares (issue 14): read-only, for anyone with the link, signed in or not.
 * The car, the VIN and the findings; nothing of who ordered it or paid. A stopped or wrong link is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const { publicUrl } = context.get(requestInfoContext)
  const t = (key: MessageKey, p?: Params) => translate(MESSAGES[locale], locale, key, p)
  const token = params.token ?? ''
  const report = await whenServiceFails(services.vehicleChecks.getSharedReport(token), ({ status }): undefined => {
    if (status === 404) throw data({ title: t('check.shared.notFound') }, { status: 404, headers: SHARED_HEADERS })
    return undefined
  })
  const verdict = t(`check.shared.verdict.${report.content.mileage.verdict}`)
  return {
    report,
    preview: {
      title: t('check.shared.title', { car: reportCarName(report.content, report.vin) }),
      description: t('check.shared.description', { verdict }),
      url: `${publicUrl}/check/shared/${token}`,
      ogLocale: t('car.ogLocale'),
      type: 'article' as const,
    },
  }
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) {
    const title = isRouteErrorResponse(error) && typeof error.data?.title === 'string' ? error.data.title : null
    return [{ title: `${title ?? 'Tulpar Auto'} — Tulpar Auto` }, { name: 'robots', content: 'noindex' }]
  }
  return [
    { title: `${loaderData.preview.title} | Tulpar Auto` },
    { name: 'robots', content: 'noindex' },
    ...socialMeta(loaderData.preview),
  ]
}

export default function SharedReport({ loaderData }: Route.ComponentProps) {
  const { t, date } = useI18n()
  const { report } = loaderData
  return (
    <div className="container check-page report-page shared-report">
      <p className="muted">{t('check.shared.lead')}</p>
      <h1>{report.title}</h1>
      <p className="muted">
        VIN: <span className="vin">{report.vin}</span> · {date(report.content.generatedAt)}
      </p>
      <ReportFindings content={report.content} />
      <section className="panel report-section report-cta no-print">
        <h2>{t('check.widget.title')}</h2>
        <p>{t('check.widget.text')}</p>
        <p>
          <Link to="/check" className="button primary">
            {t('check.shared.orderOwn')}
          </Link>
        </p>
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n()
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundContent title={t('check.shared.notFound')} text={t('check.shared.notFoundText')} />
  throw error
}

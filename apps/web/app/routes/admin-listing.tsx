import { INSPECTION_CHECKS, SIGNAL_RULES } from '@tulpar/contracts'
import { data, Link, redirect } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { adminErrorKey, assertSameOrigin, field, requireStaffUser } from '../features/admin/admin-guard.server.ts'
import { type DecisionErrors, DecisionPanel, ReviewHistory } from '../features/admin/decision.tsx'
import { formatDateTime } from '../features/admin/format.ts'
import { parseApprove, parseFlags, parseReject, parseReport } from '../features/admin/forms.server.ts'
import { listingName } from '../features/admin/listing-name.ts'
import type { ReportErrors } from '../features/admin/tulpar-panel.tsx'
import { formatWait } from '../features/admin/wait.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { formatDate, MESSAGES, translate } from '../i18n/index.ts'
import { parseId, requireIdParam } from '../lib/id-param.ts'
import { orNotFound, whenServiceFails } from '../lib/service-errors.ts'
import { island } from '../ui/island.tsx'
import type { Route } from './+types/admin-listing'

/*
 * Islands (ui/island.tsx), rendered by the server in full: the listing's photos, details, seller and signals
 * (read-only), and admins' Tulpar Auto panel (the inspection report forms, plain forms that work before their code
 * loads). With them in the first load the page took 125,517 bytes of gzipped JavaScript, over the budget of 120 KB
 * (docs/performance.md); the decision panel, which the moderator came for, stays in it.
 */
const details = () => import('../features/admin/listing-details.tsx')
const ReviewPhotos = island(() => details().then((m) => m.ReviewPhotos))
const ReviewDetails = island(() => details().then((m) => m.ReviewDetails))
const ReviewSeller = island(() => details().then((m) => m.ReviewSeller))
const SignalPanel = island(() => import('../features/admin/signals.tsx').then((m) => m.SignalPanel))
const TulparPanel = island(() => import('../features/admin/tulpar-panel.tsx').then((m) => m.TulparPanel))

const SAVED: Record<string, MessageKey> = {
  flags: 'admin.tulpar.saved',
  report: 'admin.reports.saved',
  'report-deleted': 'admin.reports.deleted',
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireStaffUser(services.sessions, request)
  const id = requireIdParam(params.id, { reason: 'not-found' })
  const listing = await orNotFound(services.moderation.getListingForReview(user, id, locale), { reason: 'not-found' })
  const saved = SAVED[new URL(request.url).searchParams.get('saved') ?? ''] ?? null
  const m = MESSAGES[locale]
  return {
    listing,
    reasons: services.moderation.listRejectionReasons(user, locale),
    isAdmin: user.role === 'admin',
    checks: INSPECTION_CHECKS,
    thresholdPct: Math.round(SIGNAL_RULES.lowPriceRatio * 100),
    newAccountDays: SIGNAL_RULES.newAccountDays,
    saved,
    // Dates are written on the server, so the browser (which may lack Kazakh data) shows the same text.
    dates: {
      createdAt: formatDateTime(listing.createdAt, locale),
      publishedAt: listing.publishedAt ? formatDateTime(listing.publishedAt, locale) : '',
      sellerSince: formatDate(listing.seller.createdAt, locale),
    },
    eventTimes: Object.fromEntries(listing.history.map((e) => [e.id, formatDateTime(e.createdAt, locale)])),
    reportDates: Object.fromEntries(
      listing.inspectionReports.map((r) => [r.id, r.reportDate ? formatDate(r.reportDate, locale) : '']),
    ),
    title: translate(m, locale, 'admin.review.title', { id: String(id) }),
  }
}

type ActionResult =
  | { intent: 'approve' | 'reject'; errors: DecisionErrors; values?: { reasonCode: string; comment: string } }
  | { intent: 'report'; target: 'new' | number; errors: ReportErrors }
  | { intent: 'other'; error: MessageKey }

/** Every change of the review page: a decision, the Tulpar marks, or a report. Redirects after success. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  assertSameOrigin(request, context.get(requestInfoContext).publicUrl)
  const user = await requireStaffUser(services.sessions, request, context)
  const id = requireIdParam(params.id, { reason: 'not-found' })
  const form = await request.formData()
  const intent = field(form, 'intent')
  const fail = (result: ActionResult, status = 400) => data(result, { status })
  const decide = async () => {
    if (intent === 'approve') {
      const parsed = parseApprove(form)
      if (!parsed.ok) return fail({ intent, errors: parsed.errors })
      await services.moderation.approveListing(user, id, parsed.body, locale)
      return redirect(`/admin?decided=approved&listing=${id}`)
    }
    if (intent === 'reject') {
      const parsed = parseReject(form)
      const values = { reasonCode: field(form, 'reasonCode'), comment: field(form, 'comment') }
      if (!parsed.ok) return fail({ intent, errors: parsed.errors, values })
      await services.moderation.rejectListing(user, id, parsed.body, locale)
      return redirect(`/admin?decided=rejected&listing=${id}`)
    }
    if (intent === 'flags') {
      const parsed = parseFlags(form)
      if (!parsed.ok) return fail({ intent: 'other', error: 'error.validation.failed' })
      await services.tulpar.setFlags(user, id, parsed.body)
      return redirect(`/admin/listings/${id}?saved=flags`)
    }
    if (intent === 'report-add' || intent === 'report-update') {
      const reportId = intent === 'report-update' ? parseId(field(form, 'reportId')) : null
      const target = reportId ?? 'new'
      const parsed = parseReport(form)
      if (!parsed.ok) return fail({ intent: 'report', target, errors: parsed.errors })
      if (reportId === null) await services.tulpar.addReport(user, id, parsed.body)
      else await services.tulpar.replaceReport(user, reportId, parsed.body)
      return redirect(`/admin/listings/${id}?saved=report`)
    }
    if (intent === 'report-delete') {
      const reportId = parseId(field(form, 'reportId'))
      if (reportId === null) return fail({ intent: 'other', error: 'error.validation.failed' })
      await services.tulpar.removeReport(user, reportId)
      return redirect(`/admin/listings/${id}?saved=report-deleted`)
    }
    return fail({ intent: 'other', error: 'error.validation.failed' })
  }
  return whenServiceFails(decide, ({ code, status }) => {
    const key = adminErrorKey(code)
    if (intent === 'approve' || intent === 'reject') return fail({ intent, errors: { error: key } }, status)
    return fail({ intent: 'other', error: key }, status)
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AdminListingReview({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, reasons, isAdmin, checks, thresholdPct, newAccountDays, saved, dates, eventTimes, reportDates } =
    loaderData
  const { t, price } = useI18n()
  // After a saved change the Tulpar forms start over (closed, showing what is saved); after a refused one they
  // keep what was typed. The key is what they show, the same on the server and in the browser.
  const tulparState = [
    listing.isTulpar,
    listing.isInspected,
    listing.isHot,
    ...listing.inspectionReports.map((r) => `${r.id}:${r.status}:${r.reportDate}:${JSON.stringify(r.summary)}`),
  ].join('|')
  const name = listingName(listing) ?? t('admin.review.untitled')
  const decisionErrors =
    actionData && (actionData.intent === 'approve' || actionData.intent === 'reject') ? actionData.errors : null
  const decisionValues = actionData?.intent === 'reject' ? (actionData.values ?? null) : null
  const reportErrors = actionData?.intent === 'report' ? { target: actionData.target, errors: actionData.errors } : null
  const otherError = actionData?.intent === 'other' ? actionData.error : null
  return (
    <div className="admin-page review">
      <p className="admin-back">
        <Link to="/admin">← {t('admin.review.back')}</Link>
      </p>
      <header className="review-head">
        <h1>
          {name} <span className="queue-id">№ {listing.id}</span>
        </h1>
        <p>
          <span className={`status-badge status-${listing.status}`}>{t(`admin.status.${listing.status}`)}</span>
          {listing.priceKzt !== null ? <strong className="review-price">{price(listing.priceKzt)}</strong> : null}
          {listing.waitedSeconds !== null ? (
            <span className="admin-hint">
              {t('admin.review.waiting', { time: formatWait(listing.waitedSeconds, t) })}
            </span>
          ) : null}
        </p>
      </header>
      {/* The same lines as AdminNotices (features/admin/page-notices.tsx), written here: its chunk took this page
          to 123,261 bytes of first-load JavaScript, over the budget of 120 KB (docs/performance.md). */}
      {saved ? (
        <p className="admin-notice" role="status">
          {t(saved)}
        </p>
      ) : null}
      {otherError ? (
        <p className="form-error" role="alert">
          {t(otherError)}
        </p>
      ) : null}
      <div className="review-layout">
        <div className="review-main">
          <ReviewPhotos listing={listing} />
          <ReviewDetails listing={listing} dates={dates} />
          <ReviewSeller listing={listing} since={dates.sellerSince} />
        </div>
        <div className="review-side">
          <SignalPanel signals={listing.signals} thresholdPct={thresholdPct} newAccountDays={newAccountDays} />
          {listing.status === 'moderation' ? (
            <DecisionPanel reasons={reasons} errors={decisionErrors} values={decisionValues} />
          ) : (
            <section className="panel review-decision">
              <h2>{t('admin.decision.title')}</h2>
              {decisionErrors?.error ? (
                <p className="form-error" role="alert">
                  {t(decisionErrors.error)}
                </p>
              ) : null}
              <p>{t('admin.decision.notWaiting')}</p>
            </section>
          )}
          <ReviewHistory events={listing.history} when={eventTimes} />
          {isAdmin ? (
            <TulparPanel
              key={tulparState}
              listing={listing}
              checks={checks}
              reportErrors={reportErrors}
              when={reportDates}
            />
          ) : null}
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

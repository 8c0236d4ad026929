import type { RejectionReasonView } from '@tulpar/contracts'
import { useId } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { field, readStaffPost, requireStaffUser } from '../features/admin/admin-guard.server.ts'
import { type DecisionErrors, RejectReasonField } from '../features/admin/decision.tsx'
import { formatDateTime } from '../features/admin/format.ts'
import { parseReject } from '../features/admin/forms.server.ts'
import { AdminNotices } from '../features/admin/page-notices.tsx'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import type { Route } from './+types/admin-complaints'

const DONE: Record<string, MessageKey> = {
  dismissed: 'admin.complaints.dismissed',
  taken_down: 'admin.complaints.takenDown',
}

/** Listings visitors complained about, with what they said; dismiss the complaints, or take the listing down. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireStaffUser(services.sessions, request)
  const { results } = await services.complaints.listOpen(user, locale)
  const done = new URL(request.url).searchParams.get('done') ?? ''
  return {
    title: translate(MESSAGES[locale], locale, 'admin.complaints.title'),
    done: DONE[done] ?? null,
    reasons: services.moderation.listRejectionReasons(user, locale),
    groups: results.map((g) => ({
      ...g,
      complaints: g.complaints.map((c) => ({ ...c, at: formatDateTime(c.createdAt, locale) })),
    })),
    // The reporters' reasons are named in the page's language.
    i18n: routeMessages(locale, 'complaint'),
  }
}

type ActionResult = { listingId: number; errors: DecisionErrors; values: { reasonCode: string; comment: string } }

const ERRORS: Record<string, MessageKey> = {
  'complaint.none_open': 'admin.complaints.error.none',
  'complaint.not_published': 'admin.complaints.error.notPublished',
  'listing.not_found': 'admin.complaints.error.notPublished',
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, form } = await readStaffPost({ request, context })
  const locale = context.get(localeContext)
  const listingId = parseId(field(form, 'listingId'))
  const resolution = field(form, 'resolution')
  if (listingId === null) throw data(null, { status: 400 })
  const values = { reasonCode: field(form, 'reasonCode'), comment: field(form, 'comment') }
  const fail = (errors: DecisionErrors, status = 400) => data<ActionResult>({ listingId, errors, values }, { status })
  const resolve = async () => {
    if (resolution === 'dismissed') {
      await services.complaints.resolve(user, listingId, { resolution: 'dismissed' }, locale)
      return redirect('/admin/complaints?done=dismissed')
    }
    if (resolution === 'taken_down') {
      const parsed = parseReject(form)
      if (!parsed.ok) return fail(parsed.errors)
      await services.complaints.resolve(user, listingId, { resolution: 'taken_down', ...parsed.body }, locale)
      return redirect('/admin/complaints?done=taken_down')
    }
    throw data(null, { status: 400 })
  }
  return whenServiceFails(resolve, ({ code, status }) => {
    const key = ERRORS[code]
    return key ? fail({ error: key }, status) : undefined
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

function TakeDownForm({
  listingId,
  reasons,
  result,
}: {
  listingId: number
  reasons: RejectionReasonView[]
  result: ActionResult | null
}) {
  const { t } = useI18n()
  const id = useId()
  const busy = useNavigation().state === 'submitting'
  const errors = result?.errors ?? {}
  return (
    <Form method="post" className="decision-form reject-form">
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="resolution" value="taken_down" />
      <RejectReasonField
        id={`${id}-reason`}
        reasons={reasons}
        value={result?.values.reasonCode}
        error={errors.reasonCode}
      />
      <label htmlFor={`${id}-comment`}>{t('admin.decision.comment')}</label>
      <textarea
        id={`${id}-comment`}
        name="comment"
        rows={2}
        maxLength={1000}
        defaultValue={result?.values.comment ?? ''}
        aria-invalid={errors.comment ? true : undefined}
      />
      {errors.comment ? (
        <small className="field-error" role="alert">
          {t(errors.comment)}
        </small>
      ) : (
        <small className="field-hint">{t('admin.complaints.takeDownHint')}</small>
      )}
      <button type="submit" className="button danger" disabled={busy}>
        {t('admin.complaints.takeDown')}
      </button>
    </Form>
  )
}

export default function AdminComplaints({ loaderData, actionData }: Route.ComponentProps) {
  const { t, price } = useI18n()
  return (
    <div className="admin-page">
      <h1>{t('admin.complaints.title')}</h1>
      <AdminNotices notice={loaderData.done ? t(loaderData.done) : null} />
      {loaderData.groups.length === 0 ? <p>{t('admin.complaints.none')}</p> : null}
      {loaderData.groups.map(({ listing, complaints }) => {
        const result = actionData?.listingId === listing.id ? actionData : null
        return (
          <article key={listing.id} className="panel complaint-group" data-testid="complaint-group">
            <h2>
              <Link to={`/admin/listings/${listing.id}`}>{listing.title}</Link>{' '}
              <span className={`status-badge status-${listing.status}`}>{t(`admin.status.${listing.status}`)}</span>
            </h2>
            <p>
              {listing.priceKzt !== null ? `${price(listing.priceKzt)} · ` : ''}
              {t('admin.complaints.owner', { name: listing.owner.name })} ·{' '}
              <a href={`/cars/${listing.id}`}>{t('admin.complaints.onSite')}</a>
            </p>
            <p>
              <strong>{t('admin.complaints.count', { count: complaints.length })}</strong>
            </p>
            <ul className="complaint-list">
              {complaints.map((c) => (
                <li key={c.id}>
                  <strong>{t(`complaint.reason.${c.reason}`)}</strong>
                  <small className="muted">
                    {' '}
                    · {t('admin.complaints.from', { name: c.reporter.name, date: c.at })}
                  </small>
                  {c.comment ? <p className="message-body">{c.comment}</p> : null}
                </li>
              ))}
            </ul>
            {result?.errors.error ? (
              <p className="form-error" role="alert">
                {t(result.errors.error)}
              </p>
            ) : null}
            <div className="complaint-decisions">
              <Form method="post">
                <input type="hidden" name="listingId" value={listing.id} />
                <button type="submit" name="resolution" value="dismissed" className="button ghost">
                  {t('admin.complaints.dismiss')}
                </button>
              </Form>
              {listing.status === 'published' ? (
                <TakeDownForm listingId={listing.id} reasons={loaderData.reasons} result={result} />
              ) : (
                // Sold, or edited back into moderation since: nothing on sale to take down (the API answers 409).
                <p className="admin-hint">{t('admin.complaints.error.notPublished')}</p>
              )}
            </div>
          </article>
        )
      })}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

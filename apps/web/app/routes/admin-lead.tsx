import { LeadAssignBody, LeadNoteBody, LeadStatusBody } from '@tulpar/contracts'
import { LEAD_NOTE_MAX, LEAD_REASON_MAX } from '@tulpar/contracts/staff-constants'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { adminErrorKey, assertSameOrigin, field, requireBackOfficeUser } from '../features/admin/admin-guard.server.ts'
import { formatDateTime } from '../features/admin/format.ts'
import { formatDuration } from '../features/admin/lead-time.ts'
import { AdminNotices } from '../features/admin/page-notices.tsx'
import type { MessageKey } from '../i18n/i18n.ts'
import { formatPrice } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { requireIdParam } from '../lib/id-param.ts'
import { orStatusPage, whenServiceFails } from '../lib/service-errors.ts'
import { Options } from '../ui/options.tsx'
import type { Route } from './+types/admin-lead'

/** One lead: what was asked, by whom and from where, its history, and the desk's actions. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireBackOfficeUser(services.sessions, request)
  const id = requireIdParam(params.id)
  const [lead, staff] = await orStatusPage(
    Promise.all([services.leadDesk.getLead(user, id), services.leadDesk.listStaff(user)]),
  )
  return {
    title: translate(MESSAGES[locale], locale, 'leads.detail.title', { id }),
    lead: {
      ...lead,
      at: formatDateTime(lead.createdAt, locale),
      credit:
        lead.carPriceKzt !== null && lead.downPaymentKzt !== null
          ? { price: formatPrice(lead.carPriceKzt, locale), down: formatPrice(lead.downPaymentKzt, locale) }
          : null,
      events: lead.events.map((e) => ({ ...e, at: formatDateTime(e.createdAt, locale) })),
    },
    staff: staff.results,
    me: user.id,
    saved: new URL(request.url).searchParams.get('saved') === '1',
  }
}

/** take / status / note / assign, each a plain form post; back to the lead with a notice, or the error. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  assertSameOrigin(request, context.get(requestInfoContext).publicUrl)
  const user = await requireBackOfficeUser(services.sessions, request, context)
  const id = requireIdParam(params.id)
  const form = await request.formData()
  const intent = field(form, 'intent')
  const invalid = () => data({ error: 'error.validation.failed' as MessageKey }, { status: 400 })
  return whenServiceFails(
    async () => {
      if (intent === 'take') await services.leadDesk.takeLead(user, id)
      else if (intent === 'status') {
        const body = LeadStatusBody.safeParse({
          status: field(form, 'status'),
          reason: field(form, 'reason') || undefined,
        })
        if (!body.success) return invalid()
        await services.leadDesk.setStatus(user, id, body.data)
      } else if (intent === 'note') {
        const body = LeadNoteBody.safeParse({ text: field(form, 'text') })
        if (!body.success) return invalid()
        await services.leadDesk.addNote(user, id, body.data)
      } else if (intent === 'assign') {
        const body = LeadAssignBody.safeParse({ userId: field(form, 'userId') || null })
        if (!body.success) return invalid()
        await services.leadDesk.assignLead(user, id, body.data)
      } else return invalid()
      return redirect(`/admin/leads/${id}?saved=1`)
    },
    ({ code, status }) => data({ error: adminErrorKey(code) }, { status }),
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AdminLead({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { lead, staff, me, saved } = loaderData
  const busy = useNavigation().state !== 'idle'
  return (
    <div className="admin-page lead-page">
      <p>
        <Link to="/admin/leads">← {t('leads.back')}</Link>
      </p>
      <h1>
        {t('leads.detail.title', { id: lead.id })} · {t(`leads.kind.${lead.kind}`)}
      </h1>
      <AdminNotices notice={saved ? t('leads.saved') : null} error={actionData?.error} />
      <div className="lead-columns">
        <section className="panel">
          <p>
            <span className={`lead-status status-${lead.status}`}>{t(`leads.status.${lead.status}`)}</span>{' '}
            <span className="muted">
              {lead.at} ·{' '}
              {lead.secondsToFirstContact !== null
                ? t('leads.firstContact', { time: formatDuration(t, lead.secondsToFirstContact) })
                : t('leads.noContactYet')}
            </span>
          </p>
          <dl className="specs">
            <div>
              <dt>{t('leads.detail.name')}</dt>
              <dd>{lead.name}</dd>
            </div>
            <div>
              <dt>{t('leads.detail.phone')}</dt>
              <dd>
                <a href={`tel:${lead.phone}`}>{lead.phone}</a>
              </dd>
            </div>
            {lead.listing ? (
              <div>
                <dt>{t('leads.detail.car')}</dt>
                <dd>
                  <Link to={`/cars/${lead.listing.id}`}>{lead.listing.title}</Link>
                </dd>
              </div>
            ) : null}
            {lead.partner ? (
              <div>
                <dt>{t('leads.detail.partner')}</dt>
                <dd>{lead.partner.name}</dd>
              </div>
            ) : null}
            {lead.credit ? (
              <div>
                <dt>{t('leads.kind.credit')}</dt>
                <dd>
                  {t('leads.detail.credit', {
                    price: lead.credit.price,
                    down: lead.credit.down,
                    term: lead.termMonths ?? '',
                  })}
                </dd>
              </div>
            ) : null}
            {lead.vin ? (
              <div>
                <dt>{t('leads.detail.vin')}</dt>
                <dd>{lead.vin}</dd>
              </div>
            ) : null}
            {lead.comment ? (
              <div>
                <dt>{t('leads.detail.comment')}</dt>
                <dd>{lead.comment}</dd>
              </div>
            ) : null}
            {lead.sourcePath ? (
              <div>
                <dt>{t('leads.detail.source')}</dt>
                <dd>
                  <Link to={lead.sourcePath}>{lead.sourcePath}</Link>
                </dd>
              </div>
            ) : null}
          </dl>
          <p className="muted">{t(lead.signedIn ? 'leads.detail.signedIn' : 'leads.detail.guest')}</p>
          {lead.rejectionReason ? <p>{t('leads.detail.rejected', { reason: lead.rejectionReason })}</p> : null}
        </section>
        <section className="panel lead-actions">
          {lead.assignee?.id !== me || lead.status === 'new' ? (
            <Form method="post">
              <input type="hidden" name="intent" value="take" />
              <button type="submit" className="button primary" disabled={busy}>
                {t('leads.take')}
              </button>
            </Form>
          ) : null}
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="status" />
            <label htmlFor="lead-status">{t('leads.action.status')}</label>
            <select id="lead-status" name="status" defaultValue={lead.status === 'new' ? 'in_progress' : lead.status}>
              <Options values={['in_progress', 'done', 'rejected'] as const} label={(s) => t(`leads.status.${s}`)} />
            </select>
            <label htmlFor="lead-reason">{t('leads.action.reason')}</label>
            <input
              id="lead-reason"
              name="reason"
              maxLength={LEAD_REASON_MAX}
              defaultValue={lead.rejectionReason ?? ''}
            />
            <button type="submit" className="button ghost" disabled={busy}>
              {t('leads.action.save')}
            </button>
          </Form>
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="assign" />
            <label htmlFor="lead-assignee">{t('leads.action.assign')}</label>
            <select id="lead-assignee" name="userId" defaultValue={lead.assignee?.id ?? ''}>
              <option value="">{t('leads.nobody')}</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} (
                  {t(`admin.role.${s.role === 'admin' ? 'admin' : s.role === 'moderator' ? 'moderator' : 'manager'}`)})
                </option>
              ))}
            </select>
            <button type="submit" className="button ghost" disabled={busy}>
              {t('leads.action.assignSave')}
            </button>
          </Form>
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="lead-note">{t('leads.action.note')}</label>
            <textarea id="lead-note" name="text" rows={3} maxLength={LEAD_NOTE_MAX} required />
            <button type="submit" className="button ghost" disabled={busy}>
              {t('leads.action.addNote')}
            </button>
          </Form>
        </section>
      </div>
      <section className="panel">
        <h2>{t('leads.history')}</h2>
        <ol className="lead-history">
          <li>
            <small className="muted">{lead.at}</small> {t('leads.event.created')}
          </li>
          {lead.events.map((e) => (
            <li key={e.id}>
              <small className="muted">
                {e.at} · {e.actor?.name ?? 'Tulpar Auto'}
              </small>{' '}
              {e.action === 'status'
                ? t('leads.event.status', {
                    from: e.fromStatus ? t(`leads.status.${e.fromStatus}`) : '',
                    to: e.toStatus ? t(`leads.status.${e.toStatus}`) : '',
                  })
                : e.action === 'assign'
                  ? t('leads.event.assign', { name: e.assignee?.name ?? t('leads.nobody') })
                  : null}
              {e.text ? <q className="lead-note">{e.text}</q> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

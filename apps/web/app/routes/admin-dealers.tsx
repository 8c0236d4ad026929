import { DealerDecisionBody } from '@tulpar/contracts'
// Zod-free: the page's own code lists the checklist and must not bring zod (decision 026).
import { DEALER_CHECKLIST } from '@tulpar/contracts/staff-constants'
import { data, Form, redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { field, readStaffPost, requireStaffUser } from '../features/admin/admin-guard.server.ts'
import { formatDateTime } from '../features/admin/format.ts'
import { formatPhone } from '../features/auth/phone.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import type { Route } from './+types/admin-dealers'

/** Dealer verification (issue 38): applications first; verify with the whole checklist, reject or suspend with a note. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireStaffUser(services.sessions, request)
  const { results } = await services.dealers.listForStaff(user, { limit: 50 }, locale)
  return {
    title: translate(MESSAGES[locale], locale, 'admin.dealers.title'),
    done: new URL(request.url).searchParams.get('done') === '1',
    dealers: results.map((d) => ({ ...d, at: formatDateTime(d.createdAt, locale) })),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ''} — Tulpar Auto` }]

type ActionResult = { dealerId: number; error: MessageKey }

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, form } = await readStaffPost({ request, context })
  const dealerId = parseId(field(form, 'dealerId'))
  if (dealerId === null) throw data(null, { status: 400 })
  const fail = (error: MessageKey, status = 400) => data<ActionResult>({ dealerId, error }, { status })
  const body = DealerDecisionBody.safeParse({
    status: field(form, 'status'),
    checklist: Object.fromEntries(DEALER_CHECKLIST.map((k) => [k, form.get(k) === 'on'])),
    note: field(form, 'note'),
    trustedToPublish: form.get('trustedToPublish') === 'on',
  })
  if (!body.success) return fail('admin.dealers.error.note')
  return whenServiceFails(
    async () => {
      await services.dealers.decide(user, dealerId, body.data)
      return redirect('/admin/dealers?done=1')
    },
    ({ code, status }) =>
      code === 'dealer.checklist_incomplete' ? fail('admin.dealers.error.checklist', status) : undefined,
  )
}

export default function AdminDealers({ loaderData, actionData }: Route.ComponentProps) {
  const { dealers, done } = loaderData
  const { t } = useI18n()
  return (
    <div className="admin-page">
      <h1>{t('admin.dealers.title')}</h1>
      {done ? <p role="status">{t('admin.dealers.done')}</p> : null}
      {dealers.length === 0 ? <p>{t('admin.dealers.empty')}</p> : null}
      {dealers.map((d) => (
        <section key={d.id} className="panel" aria-labelledby={`dealer-${d.id}`}>
          <h2 id={`dealer-${d.id}`}>
            {d.legalName} · {t(`dealer.status.${d.status}`)}
          </h2>
          <p>
            {t(`dealer.apply.kind.${d.kind}`)}: <code>{d.bin}</code> · {d.city.name} · {d.at}
          </p>
          <p>
            {d.owner ? `${d.owner.name}${d.owner.email ? ` <${d.owner.email}>` : ''}` : '—'} ·{' '}
            {d.phones.map(formatPhone).join(', ')}
          </p>
          {actionData?.dealerId === d.id ? (
            <p className="form-error" role="alert">
              {t(actionData.error)}
            </p>
          ) : null}
          <Form method="post" className="stack">
            <input type="hidden" name="dealerId" value={d.id} />
            <fieldset>
              <legend>{t('admin.dealers.checklist')}</legend>
              {DEALER_CHECKLIST.map((k) => (
                <label key={k}>
                  <input type="checkbox" name={k} defaultChecked={d.checklist[k]} /> {t(`admin.dealers.check.${k}`)}
                </label>
              ))}
            </fieldset>
            <label>
              <input type="checkbox" name="trustedToPublish" defaultChecked={d.trustedToPublish} />{' '}
              {t('admin.dealers.trusted')}
            </label>
            <label>
              {t('admin.dealers.note')}
              <textarea name="note" defaultValue={d.note ?? ''} maxLength={1000} />
            </label>
            <p>
              <button type="submit" name="status" value="verified" className="button primary">
                {t('admin.dealers.verify')}
              </button>{' '}
              <button type="submit" name="status" value="rejected" className="button ghost">
                {t('admin.dealers.reject')}
              </button>{' '}
              <button type="submit" name="status" value="suspended" className="button ghost">
                {t('admin.dealers.suspend')}
              </button>
            </p>
          </Form>
        </section>
      ))}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

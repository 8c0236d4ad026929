import { CreateBroadcastBody } from '@tulpar/contracts'
import { data, Form, useActionData, useNavigation } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { readStaffPost, requireStaffUser } from '../features/admin/admin-guard.server.ts'
import { formatDateTime } from '../features/admin/format.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import type { Route } from './+types/admin-broadcasts'

const LANGS = ['ru', 'kk', 'en'] as const
const FIELDS = LANGS.flatMap((l) => [`subject_${l}`, `body_${l}`])

/** News and promotions to everyone who opted in (staff): the texts in all three languages, sent by the queue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireStaffUser(services.sessions, request)
  const list = await services.notifications.listBroadcasts(user)
  return {
    title: translate(MESSAGES[locale], locale, 'broadcasts.title'),
    recent: list.map((b) => ({
      id: b.id,
      topic: b.topic,
      subject: b.subject[locale],
      at: formatDateTime(b.createdAt, locale),
    })),
  }
}

type ActionResult =
  | { ok: true; message: MessageKey }
  | { ok: false; message: MessageKey; values: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, form } = await readStaffPost({ request, context })
  const values: Record<string, string> = {}
  for (const name of ['topic', ...FIELDS]) {
    const v = form.get(name)
    values[name] = typeof v === 'string' ? v : ''
  }
  const body = CreateBroadcastBody.safeParse({
    topic: values.topic,
    subject: { ru: values.subject_ru, kk: values.subject_kk, en: values.subject_en },
    body: { ru: values.body_ru, kk: values.body_kk, en: values.body_en },
  })
  if (!body.success)
    return data<ActionResult>({ ok: false, message: 'broadcasts.error.required', values }, { status: 400 })
  await services.notifications.createBroadcast(user, body.data)
  return data<ActionResult>({ ok: true, message: 'broadcasts.sent' })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AdminBroadcasts({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const values = result && !result.ok ? result.values : {}
  return (
    <div className="admin-page">
      <h1>{t('broadcasts.title')}</h1>
      <section className="panel">
        <h2>{t('broadcasts.new')}</h2>
        <p className="muted">{t('broadcasts.hint')}</p>
        {result ? (
          <p className={result.ok ? 'form-status ok' : 'form-status failed'} role={result.ok ? 'status' : 'alert'}>
            {t(result.message)}
          </p>
        ) : null}
        <Form method="post" key={result?.ok ? 'sent' : 'form'} className="broadcast-form">
          <label>
            {t('broadcasts.topic')}{' '}
            <select name="topic" defaultValue={values.topic || 'news'}>
              <option value="news">{t('broadcasts.topic.news')}</option>
              <option value="promotions">{t('broadcasts.topic.promotions')}</option>
            </select>
          </label>
          {LANGS.map((lang) => (
            <fieldset key={lang}>
              <legend>{lang.toUpperCase()}</legend>
              <label>
                {t('broadcasts.subject', { lang: lang.toUpperCase() })}
                <input name={`subject_${lang}`} required maxLength={120} defaultValue={values[`subject_${lang}`]} />
              </label>
              <label>
                {t('broadcasts.body', { lang: lang.toUpperCase() })}
                <textarea
                  name={`body_${lang}`}
                  required
                  maxLength={4000}
                  rows={4}
                  defaultValue={values[`body_${lang}`]}
                />
              </label>
            </fieldset>
          ))}
          <button type="submit" className="button" disabled={busy}>
            {t('broadcasts.send')}
          </button>
        </Form>
      </section>
      <section className="panel">
        <h2>{t('broadcasts.recent')}</h2>
        {loaderData.recent.length === 0 ? <p>{t('broadcasts.none')}</p> : null}
        <ul>
          {loaderData.recent.map((b) => (
            <li key={b.id}>
              <strong>{t(`broadcasts.topic.${b.topic}`)}</strong> · {b.subject} · <small>{b.at}</small>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

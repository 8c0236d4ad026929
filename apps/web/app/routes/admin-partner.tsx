import type { AdminPartner } from '@tulpar/contracts'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { assertSameOrigin, requireAdminUser, requireStaffUser } from '../features/admin/admin-guard.server.ts'
import { AdminNotices } from '../features/admin/page-notices.tsx'
import { formatPhone } from '../features/auth/phone.ts'
import {
  type FormErrors,
  LANGS,
  type PartnerFormField,
  type PartnerFormValues,
} from '../features/partners/admin-form-fields.ts'
import {
  parsePartnerForm,
  partnerAdminErrorKey,
  partnerFormValues,
  partnerServiceErrors,
} from '../features/partners/admin-forms.server.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { LOCALE_NAMES } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { INT4_MAX, requireIdParam } from '../lib/id-param.ts'
import { orNotFound, whenServiceFails } from '../lib/service-errors.ts'
import adminPartnersStyles from '../styles/admin-partners.css?url'
import type { Route } from './+types/admin-partner'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminPartnersStyles }]

/**
 * `new` at `/admin/partners/new` (a route of its own, without an id), or the id of an existing partner; anything
 * else is the back office's 404.
 */
function target(raw: string | undefined): number | 'new' {
  if (raw === undefined) return 'new'
  return requireIdParam(raw, { reason: 'not-found' }, INT4_MAX)
}

function valuesOf(p: AdminPartner): PartnerFormValues {
  return {
    name: p.name,
    categoryId: String(p.category.id),
    cityId: String(p.city.id),
    'description.ru': p.description.ru,
    'description.kk': p.description.kk,
    'description.en': p.description.en,
    'address.ru': p.address.ru,
    'address.kk': p.address.kk,
    'address.en': p.address.en,
    phones: p.phones.map(formatPhone).join('\n'),
    lat: String(p.lat),
    lng: String(p.lng),
    website: p.website ?? '',
    email: p.email ?? '',
    isActive: p.isActive,
  }
}

const EMPTY: PartnerFormValues = {
  name: '',
  categoryId: '',
  cityId: '',
  'description.ru': '',
  'description.kk': '',
  'description.en': '',
  'address.ru': '',
  'address.kk': '',
  'address.en': '',
  phones: '',
  lat: '',
  lng: '',
  website: '',
  email: '',
  isActive: true,
}

/** Adds a partner (`/admin/partners/new`) or edits one: every field in ru, kk and en. Admins only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireAdminUser(services.sessions, request)
  const id = target(params.id)
  const [categories, cities] = await Promise.all([
    services.partnersAdmin.listCategories(user),
    services.reference.listCities(locale),
  ])
  let partner: AdminPartner | null = null
  if (id !== 'new') {
    partner = await orNotFound(services.partnersAdmin.getPartner(user, id, locale), { reason: 'not-found' })
  }
  const messages = MESSAGES[locale]
  return {
    id: partner?.id ?? null,
    values: partner ? valuesOf(partner) : EMPTY,
    categories: categories.results.map((c) => ({ id: c.id, name: c.names[locale], isActive: c.isActive })),
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    title: partner?.name ?? translate(messages, locale, 'admin.partner.newTitle'),
  }
}

type ActionAnswer = { values: PartnerFormValues; errors: FormErrors<PartnerFormField>; error: MessageKey | null }

/** Saves through the same use cases as POST and PUT /api/admin/partners/; back to the list with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  assertSameOrigin(request, context.get(requestInfoContext).publicUrl)
  const user = await requireStaffUser(services.sessions, request, context)
  const id = target(params.id)
  const values = partnerFormValues(await request.formData())
  const answer = (status: number, patch: Partial<ActionAnswer>) =>
    data<ActionAnswer>({ values, errors: {}, error: null, ...patch }, { status })
  const parsed = parsePartnerForm(values)
  if (!parsed.ok) return answer(400, { errors: parsed.errors })
  const save =
    id === 'new'
      ? services.partnersAdmin.createPartner(user, parsed.body, locale)
      : services.partnersAdmin.replacePartner(user, id, parsed.body, locale)
  return whenServiceFails(
    save.then((saved) => redirect(`/admin/partners?saved=${saved.id}`)),
    ({ code, status }, error) => {
      const fieldErrors = partnerServiceErrors(error, values)
      if (fieldErrors) return answer(400, { errors: fieldErrors })
      return answer(status, { error: partnerAdminErrorKey(code) })
    },
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AdminPartnerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const busy = useNavigation().state === 'submitting'
  const values = actionData?.values ?? loaderData.values
  const errors: FormErrors<PartnerFormField> = actionData?.errors ?? {}
  const err = (name: PartnerFormField) => (errors[name] ? t(errors[name]) : null)
  const invalid = (name: PartnerFormField) => (errors[name] ? true : undefined)
  const described = (name: PartnerFormField, hint?: string) =>
    [hint, errors[name] ? `partner-${name}-error` : null].filter(Boolean).join(' ') || undefined
  const errorText = (name: PartnerFormField) =>
    errors[name] ? (
      <small id={`partner-${name}-error`} className="field-error" role="alert">
        {err(name)}
      </small>
    ) : null
  const input = (
    name: PartnerFormField,
    label: string,
    extra: { maxLength?: number; type?: string; inputMode?: 'decimal'; placeholder?: string; hint?: string } = {},
  ) => (
    <div className="field">
      <label htmlFor={`partner-${name}`}>{label}</label>
      <input
        id={`partner-${name}`}
        name={name}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength}
        placeholder={extra.placeholder}
        defaultValue={values[name]}
        aria-invalid={invalid(name)}
        aria-describedby={described(name, extra.hint)}
      />
      {errorText(name)}
    </div>
  )
  const select = (name: 'categoryId' | 'cityId', label: string, options: { id: number; name: string }[]) => (
    <div className="field">
      <label htmlFor={`partner-${name}`}>{label}</label>
      <select
        id={`partner-${name}`}
        name={name}
        defaultValue={values[name]}
        aria-invalid={invalid(name)}
        aria-describedby={described(name)}
      >
        <option value="">{t('admin.partner.choose')}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
      {errorText(name)}
    </div>
  )
  // Keyed by the saved values: after a failed post the form shows what was sent, not what was loaded.
  const formKey = JSON.stringify(values)
  return (
    <div className="admin-page admin-partner">
      <p>
        <Link to="/admin/partners">← {t('admin.partner.back')}</Link>
      </p>
      <h1>{loaderData.id ? loaderData.title : t('admin.partner.newTitle')}</h1>
      <AdminNotices error={actionData?.error} />
      <Form method="post" className="panel admin-partner-form" noValidate key={formKey}>
        {input('name', t('admin.partner.name'), { maxLength: 120 })}
        <div className="admin-partner-row">
          {select(
            'categoryId',
            t('admin.partner.category'),
            loaderData.categories.map((c) => ({
              id: c.id,
              name: c.isActive ? c.name : `${c.name} (${t('admin.partners.off')})`,
            })),
          )}
          {select('cityId', t('admin.partner.city'), loaderData.cities)}
        </div>
        {LANGS.map((lang) => (
          <fieldset key={lang} className="admin-partner-lang">
            <legend>{LOCALE_NAMES[lang]}</legend>
            <div className="field">
              <label htmlFor={`partner-description.${lang}`}>
                {t('admin.partner.description', { lang: LOCALE_NAMES[lang] })}
              </label>
              <textarea
                id={`partner-description.${lang}`}
                name={`description.${lang}`}
                rows={3}
                maxLength={2000}
                defaultValue={values[`description.${lang}`]}
                aria-invalid={invalid(`description.${lang}`)}
                aria-describedby={described(`description.${lang}`)}
              />
              {errorText(`description.${lang}`)}
            </div>
            {input(`address.${lang}`, t('admin.partner.address', { lang: LOCALE_NAMES[lang] }), { maxLength: 200 })}
          </fieldset>
        ))}
        <div className="field">
          <label htmlFor="partner-phones">{t('admin.partner.phones')}</label>
          <textarea
            id="partner-phones"
            name="phones"
            rows={2}
            maxLength={200}
            defaultValue={values.phones}
            aria-invalid={invalid('phones')}
            aria-describedby={described('phones')}
          />
          {errorText('phones')}
        </div>
        <div className="admin-partner-row">
          {input('lat', t('admin.partner.lat'), { inputMode: 'decimal', hint: 'partner-coords-hint' })}
          {input('lng', t('admin.partner.lng'), { inputMode: 'decimal', hint: 'partner-coords-hint' })}
        </div>
        <small id="partner-coords-hint" className="field-hint">
          {t('admin.partner.coordsHint')}
        </small>
        {input('website', t('admin.partner.website'), { type: 'url', maxLength: 300, placeholder: 'https://' })}
        {input('email', t('admin.partner.email'), { type: 'email', maxLength: 200 })}
        <label className="check">
          <input type="checkbox" name="isActive" defaultChecked={values.isActive} />
          {t('admin.partner.active')}
        </label>
        <button type="submit" className="button primary" disabled={busy}>
          {t('admin.partner.save')}
        </button>
      </Form>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

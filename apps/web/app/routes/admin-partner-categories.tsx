import type { AdminPartnerCategory } from '@tulpar/contracts'
import { Fragment } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { field, readStaffPost, requireAdminUser } from '../features/admin/admin-guard.server.ts'
import { AdminNotices } from '../features/admin/page-notices.tsx'
import {
  type CategoryFormField,
  type CategoryFormValues,
  type FormErrors,
  LANGS,
} from '../features/partners/admin-form-fields.ts'
import { categoryFormValues, parseCategoryForm, partnerAdminErrorKey } from '../features/partners/admin-forms.server.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { LOCALE_NAMES } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import adminPartnersStyles from '../styles/admin-partners.css?url'
import type { Route } from './+types/admin-partner-categories'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminPartnersStyles }]

function valuesOf(c: AdminPartnerCategory): CategoryFormValues {
  return {
    code: c.code,
    'names.ru': c.names.ru,
    'names.kk': c.names.kk,
    'names.en': c.names.en,
    sort: String(c.sort),
    isActive: c.isActive,
  }
}

/** Partner categories: each editable in place (names in ru, kk, en; order; shown or hidden), and a new one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireAdminUser(services.sessions, request)
  const { results } = await services.partnersAdmin.listCategories(user)
  const savedId = parseId(new URL(request.url).searchParams.get('saved'))
  const saved = results.find((c) => c.id === savedId)
  return {
    categories: results.map((c) => ({ id: c.id, partnersCount: c.partnersCount, values: valuesOf(c) })),
    saved: saved ? saved.names[locale] : null,
    nextSort: results.reduce((max, c) => Math.max(max, c.sort + 1), 0),
    title: translate(MESSAGES[locale], locale, 'admin.categories.title'),
  }
}

type ActionAnswer = {
  /** The category the answer is about; null for the new-category form. */
  id: number | null
  values: CategoryFormValues
  errors: FormErrors<CategoryFormField>
  error: MessageKey | null
}

/** Adds a category or saves one, through the same use cases as the API; back here with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, form } = await readStaffPost({ request, context })
  const id = field(form, 'intent') === 'create' ? null : parseId(field(form, 'categoryId'))
  const values = categoryFormValues(form)
  const answer = (status: number, patch: Partial<ActionAnswer>) =>
    data<ActionAnswer>({ id, values, errors: {}, error: null, ...patch }, { status })
  if (field(form, 'intent') !== 'create' && id === null) return answer(400, { error: 'error.validation.failed' })
  const parsed = parseCategoryForm(values)
  if (!parsed.ok) return answer(400, { errors: parsed.errors })
  const save =
    id === null
      ? services.partnersAdmin.createCategory(user, parsed.body)
      : services.partnersAdmin.replaceCategory(user, id, parsed.body)
  return whenServiceFails(
    save.then((saved) => redirect(`/admin/partners/categories?saved=${saved.id}`)),
    ({ code, status }) =>
      code === 'partner_category.code_taken'
        ? answer(409, { errors: { code: 'admin.categories.codeTaken' } })
        : answer(status, { error: partnerAdminErrorKey(code) }),
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

function CategoryForm({
  id,
  values,
  errors,
  partnersCount,
}: {
  id: number | null
  values: CategoryFormValues
  errors: FormErrors<CategoryFormField>
  partnersCount: number | null
}) {
  const { t } = useI18n()
  const busy = useNavigation().state === 'submitting'
  const prefix = `category-${id ?? 'new'}`
  const control = (name: CategoryFormField, label: string, extra: { maxLength?: number; hint?: string } = {}) => {
    const error = errors[name]
    const describedBy = [extra.hint, error ? `${prefix}-${name}-error` : null].filter(Boolean).join(' ') || undefined
    return (
      <div className="field">
        <label htmlFor={`${prefix}-${name}`}>{label}</label>
        <input
          id={`${prefix}-${name}`}
          name={name}
          type="text"
          maxLength={extra.maxLength}
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {error ? (
          <small id={`${prefix}-${name}-error`} className="field-error" role="alert">
            {t(error)}
          </small>
        ) : null}
      </div>
    )
  }
  return (
    <Form method="post" className="admin-category-form" noValidate key={JSON.stringify(values)}>
      <input type="hidden" name="intent" value={id === null ? 'create' : 'save'} />
      {id === null ? null : <input type="hidden" name="categoryId" value={id} />}
      <div className="admin-category-grid">
        {control('code', t('admin.categories.code'), { maxLength: 40, hint: 'category-code-hint' })}
        {LANGS.map((lang) => (
          <Fragment key={lang}>
            {control(`names.${lang}`, t('admin.categories.name', { lang: LOCALE_NAMES[lang] }), { maxLength: 60 })}
          </Fragment>
        ))}
        {control('sort', t('admin.categories.sort'), { maxLength: 3 })}
      </div>
      <div className="admin-category-actions">
        <label className="check">
          <input type="checkbox" name="isActive" defaultChecked={values.isActive} />
          {t('admin.categories.active')}
        </label>
        {partnersCount === null ? null : (
          <span className="admin-hint">{t('partners.count', { count: partnersCount })}</span>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {id === null ? t('admin.categories.add') : t('admin.categories.save')}
        </button>
      </div>
    </Form>
  )
}

export default function AdminPartnerCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { categories, saved, nextSort } = loaderData
  const failed = (id: number | null) => (actionData && actionData.id === id ? actionData : null)
  const blank: CategoryFormValues = {
    code: '',
    'names.ru': '',
    'names.kk': '',
    'names.en': '',
    sort: String(nextSort),
    isActive: true,
  }
  return (
    <div className="admin-page">
      <p>
        <Link to="/admin/partners">← {t('admin.partner.back')}</Link>
      </p>
      <h1>{t('admin.categories.title')}</h1>
      <p className="admin-hint">{t('admin.categories.hint')}</p>
      <p id="category-code-hint" className="admin-hint">
        {t('admin.categories.codeHint')}
      </p>
      <AdminNotices notice={saved ? t('admin.partners.saved', { name: saved }) : null} error={actionData?.error} />
      <ul className="admin-category-list">
        {categories.map((c) => {
          const answer = failed(c.id)
          return (
            <li key={c.id} className="panel">
              <CategoryForm
                id={c.id}
                values={answer?.values ?? c.values}
                errors={answer?.errors ?? {}}
                partnersCount={c.partnersCount}
              />
            </li>
          )
        })}
      </ul>
      <section className="panel" aria-labelledby="new-category-title">
        <h2 id="new-category-title">{t('admin.categories.new')}</h2>
        <CategoryForm
          id={null}
          values={failed(null)?.values ?? blank}
          errors={failed(null)?.errors ?? {}}
          partnersCount={null}
        />
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

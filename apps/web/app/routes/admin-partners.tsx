import { AdminPartnersQuery } from '@tulpar/contracts'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { field, readStaffPost, requireAdminUser } from '../features/admin/admin-guard.server.ts'
import { AdminFilter, AdminNextPage, AdminSearch } from '../features/admin/admin-search.tsx'
import { AdminNotices } from '../features/admin/page-notices.tsx'
import { formatPhone } from '../features/auth/phone.ts'
import { partnerAdminErrorKey } from '../features/partners/admin-forms.server.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { formOutcome } from '../lib/service-errors.ts'
import adminPartnersStyles from '../styles/admin-partners.css?url'
import type { Route } from './+types/admin-partners'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminPartnersStyles }]

/** The partners in the back office: admins only (moderators get the 403 page inside the back office). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireAdminUser(services.sessions, request)
  const params = new URL(request.url).searchParams
  const parsed = AdminPartnersQuery.safeParse({
    category: params.get('category') || undefined,
    q: params.get('q') || undefined,
    cursor: params.get('cursor') || undefined,
  })
  // A hand-edited query starts the list over rather than failing.
  const query = parsed.success ? parsed.data : AdminPartnersQuery.parse({})
  const [page, categories] = await Promise.all([
    services.partnersAdmin.listPartners(user, query, locale),
    services.partnersAdmin.listCategories(user),
  ])
  const savedId = parseId(params.get('saved'))
  const saved = savedId ? (page.results.find((p) => p.id === savedId)?.name ?? null) : null
  return {
    page,
    categories: categories.results.map((c) => ({ code: c.code, name: c.names[locale] })),
    category: query.category ?? '',
    q: query.q ?? '',
    cursor: query.cursor === undefined ? '' : String(query.cursor),
    saved,
    title: translate(MESSAGES[locale], locale, 'admin.partners.title'),
  }
}

/** Hides a partner from the site or shows it again; back to the same list afterwards. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, form } = await readStaffPost({ request, context })
  const id = parseId(field(form, 'partnerId'))
  if (id === null) return data({ error: 'error.validation.failed' as MessageKey }, { status: 400 })
  const saved = await formOutcome(
    services.partnersAdmin.setPartnerActive(
      user,
      id,
      { isActive: field(form, 'isActive') === 'true' },
      context.get(localeContext),
    ),
    partnerAdminErrorKey,
  )
  if (!saved.ok) return data({ error: saved.error }, { status: saved.status })
  const back = new URLSearchParams()
  for (const name of ['q', 'category', 'cursor']) if (field(form, name)) back.set(name, field(form, name))
  back.set('saved', String(id))
  return redirect(`/admin/partners?${back}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AdminPartners({ loaderData, actionData }: Route.ComponentProps) {
  const { page, categories, category, q, cursor, saved } = loaderData
  const { t, locale } = useI18n()
  const busy = useNavigation().state === 'submitting'
  const next = new URLSearchParams()
  if (q) next.set('q', q)
  if (category) next.set('category', category)
  if (page.nextCursor !== null) next.set('cursor', String(page.nextCursor))
  return (
    <div className="admin-page">
      <h1>{t('admin.partners.title')}</h1>
      <p className="admin-hint">{t('admin.partners.hint')}</p>
      <p className="admin-partner-links">
        <Link to="/admin/partners/new" className="button primary">
          {t('admin.partners.new')}
        </Link>
        <Link to="/admin/partners/categories" className="button ghost">
          {t('admin.partners.categories')}
        </Link>
      </p>
      <AdminNotices notice={saved ? t('admin.partners.saved', { name: saved }) : null} error={actionData?.error} />
      <AdminSearch id="partners-q" label={t('admin.partners.search')} q={q} submit={t('admin.partners.find')}>
        <AdminFilter
          id="partners-category"
          name="category"
          label={t('admin.partners.category')}
          value={category}
          all={t('admin.partners.allCategories')}
          options={categories.map((c) => ({ value: c.code, label: c.name }))}
        />
      </AdminSearch>
      {page.results.length === 0 ? (
        <p className="empty">{t('admin.partners.empty')}</p>
      ) : (
        <ul className="user-list">
          {page.results.map((p) => (
            <li key={p.id} className="panel user-row">
              <div>
                <p>
                  <strong>{p.name}</strong> · {p.category.name} · {p.city.name}
                  {p.isActive ? null : (
                    <>
                      {' '}
                      <span className="role-badge banned">{t('admin.partners.off')}</span>
                    </>
                  )}
                  {p.category.isActive ? null : (
                    <>
                      {' '}
                      <span className="role-badge banned">{t('admin.partners.categoryOff')}</span>
                    </>
                  )}
                </p>
                <p className="admin-hint">
                  {p.address[locale]} · {p.phones.map(formatPhone).join(', ')}
                </p>
              </div>
              <div className="user-actions partner-actions">
                <Link to={`/admin/partners/${p.id}`} className="button ghost">
                  {t('admin.partners.edit')}
                </Link>
                {p.isActive && p.category.isActive ? (
                  <Link to={`/partners/${p.id}`} className="button ghost">
                    {t('admin.partners.view')}
                  </Link>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="partnerId" value={p.id} />
                  <input type="hidden" name="isActive" value={p.isActive ? 'false' : 'true'} />
                  <input type="hidden" name="q" value={q} />
                  <input type="hidden" name="category" value={category} />
                  <input type="hidden" name="cursor" value={cursor} />
                  <button type="submit" className={p.isActive ? 'button ghost' : 'button primary'} disabled={busy}>
                    {t(p.isActive ? 'admin.partners.deactivate' : 'admin.partners.activate')}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AdminNextPage
        href={page.nextCursor !== null ? `/admin/partners?${next}` : null}
        label={t('admin.partners.next')}
      />
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

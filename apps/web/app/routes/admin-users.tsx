import { ASSIGNABLE_ROLES } from '@tulpar/contracts/staff-constants'
import { data, Form, redirect, useNavigation } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { adminErrorKey, field, readStaffPost, requireAdminUser } from '../features/admin/admin-guard.server.ts'
import { AdminFilter, AdminNextPage, AdminSearch } from '../features/admin/admin-search.tsx'
import { formatDateTime } from '../features/admin/format.ts'
import { parseRole } from '../features/admin/forms.server.ts'
import { AdminNotices } from '../features/admin/page-notices.tsx'
import { adminUsersQuery } from '../features/admin/queries.server.ts'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { formOutcome, whenServiceFails } from '../lib/service-errors.ts'
import { Options } from '../ui/options.tsx'
import type { Route } from './+types/admin-users'

const ROLE_FILTERS = ['user', 'manager', 'moderator', 'admin'] as const

/** Admins only: moderators get the 403 page inside the back office. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const user = await requireAdminUser(services.sessions, request)
  const params = new URL(request.url).searchParams
  const query = adminUsersQuery(params)
  const page = await whenServiceFails(services.staff.listUsers(user, query), ({ status }): undefined => {
    if (status === 400) throw redirect('/admin/users')
    return undefined
  })
  const roleChanges = await services.staff.roleChangesOf(
    user,
    page.results.map((u) => u.id),
  )
  const savedId = params.get('saved')
  const saved = savedId ? (page.results.find((u) => u.id === savedId) ?? null) : null
  return {
    page,
    q: query.q ?? '',
    role: query.role ?? '',
    me: user.id,
    saved: saved ? { name: saved.name, role: saved.role } : null,
    created: Object.fromEntries(page.results.map((u) => [u.id, formatDateTime(u.createdAt, locale)])),
    // Who changed each role, when (recorded for every change: modules/identity/role-changes.ts).
    history: Object.fromEntries(
      Object.entries(roleChanges).map(([id, changes]) => [
        id,
        changes.map((c) => ({ ...c, at: formatDateTime(c.createdAt, locale) })),
      ]),
    ),
    title: translate(MESSAGES[locale], locale, 'admin.users.title'),
  }
}

/** Gives or takes the moderator role; back to the same search afterwards. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user, form } = await readStaffPost({ request, context })
  const userId = field(form, 'userId')
  const parsed = parseRole(form)
  if (!parsed.ok || !userId) return data({ error: 'error.validation.failed' as MessageKey }, { status: 400 })
  const saved = await formOutcome(services.staff.changeRole(user, userId, parsed.body), adminErrorKey)
  if (!saved.ok) return data({ error: saved.error }, { status: saved.status })
  const back = new URLSearchParams()
  const q = field(form, 'q')
  if (q) back.set('q', q)
  back.set('saved', userId)
  return redirect(`/admin/users?${back}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { page, q, role, me, saved, created, history } = loaderData
  const { t } = useI18n()
  const busy = useNavigation().state === 'submitting'
  const next = new URLSearchParams()
  if (q) next.set('q', q)
  if (role) next.set('role', role)
  if (page.nextCursor) next.set('cursor', page.nextCursor)
  return (
    <div className="admin-page">
      <h1>{t('admin.users.title')}</h1>
      <p className="admin-hint">{t('admin.users.hint')}</p>
      <AdminNotices
        notice={saved ? t('admin.users.saved', { name: saved.name, role: t(`admin.role.${saved.role}`) }) : null}
        error={actionData?.error}
      />
      <AdminSearch id="users-q" label={t('admin.users.search')} q={q} submit={t('admin.users.find')}>
        <AdminFilter
          id="users-role"
          name="role"
          label={t('admin.users.roleFilter')}
          value={role}
          all={t('admin.users.allRoles')}
          options={ROLE_FILTERS.map((r) => ({ value: r, label: t(`admin.role.${r}`) }))}
        />
      </AdminSearch>
      {page.results.length === 0 ? (
        <p className="empty">{t('admin.users.empty')}</p>
      ) : (
        <ul className="user-list">
          {page.results.map((u) => (
            <li key={u.id} className="panel user-row">
              <div>
                <p>
                  <strong>{u.name}</strong> ·{' '}
                  <span className={`role-badge role-${u.role}`}>{t(`admin.role.${u.role}`)}</span>
                  {u.banned ? <span className="role-badge banned">{t('admin.users.banned')}</span> : null}
                </p>
                <p className="admin-hint">
                  {u.email ?? t('admin.users.noEmail')}
                  {u.phone ? ` · ${u.phone}` : ''} · {t('admin.users.listings', { count: u.listingsCount })} ·{' '}
                  {created[u.id]}
                </p>
                <RoleHistory changes={history[u.id] ?? []} />
              </div>
              <div className="user-actions">
                {u.id === me ? (
                  <span className="admin-hint">{t('admin.users.you')}</span>
                ) : u.role === 'admin' ? (
                  <span className="admin-hint">{t('admin.users.adminFixed')}</span>
                ) : (
                  <Form method="post" className="role-form">
                    <input type="hidden" name="userId" value={u.id} />
                    <input type="hidden" name="q" value={q} />
                    <label htmlFor={`role-${u.id}`} className="sr-only">
                      {t('admin.users.roleLabel', { name: u.name || u.email || u.id })}
                    </label>
                    <select id={`role-${u.id}`} name="role" defaultValue={u.role}>
                      <Options values={ASSIGNABLE_ROLES} label={(r) => t(`admin.role.${r}`)} />
                    </select>
                    <button type="submit" className="button primary" disabled={busy}>
                      {t('admin.users.saveRole')}
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <AdminNextPage href={page.nextCursor ? `/admin/users?${next}` : null} label={t('admin.users.next')} />
    </div>
  )
}

type HistoryEntry = Route.ComponentProps['loaderData']['history'][string][number]

function RoleHistory({ changes }: { changes: HistoryEntry[] }) {
  const { t } = useI18n()
  if (changes.length === 0) return null
  return (
    <details className="role-history">
      <summary>{t('admin.roles.history')}</summary>
      <ul>
        {changes.map((c) => (
          <li key={c.id}>
            {t('admin.roles.history.entry', {
              from: t(`admin.role.${c.fromRole}`),
              to: t(`admin.role.${c.toRole}`),
            })}{' '}
            · {c.changedBy ? (c.changedBy.email ?? c.changedBy.name) : t('admin.roles.history.byCommand')} · {c.at}
          </li>
        ))}
      </ul>
    </details>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorContent error={error} />
}

import { Link, NavLink, Outlet } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS } from '../features/account/account-guard.server.ts'
import { AdminErrorContent } from '../features/admin/admin-error.tsx'
import { backOfficeRole, requireBackOfficeUser } from '../features/admin/admin-guard.server.ts'
import { LanguageSwitch } from '../features/layout/language-switch.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { routeMessages } from '../i18n/index.ts'
import adminStyles from '../styles/admin.css?url'
import type { Route } from './+types/admin-layout'

/**
 * The back office has its own plain layout: managers (the leads desk), moderators and admins (guests sign in
 * first, others get 403). Each page checks its own role again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const user = await requireBackOfficeUser(services.sessions, request)
  const role = backOfficeRole(user.role)
  return {
    user: { name: user.name || user.email, role },
    // Listings with open complaints, for the menu (managers do not handle them).
    complaints: role === 'manager' ? 0 : await services.complaints.countOpen(user),
    // The back office's own messages, for every screen in it.
    i18n: routeMessages(context.get(localeContext), 'admin', 'leads', 'broadcasts', 'reports'),
  }
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

function AdminHeader({
  user,
  complaints = 0,
}: {
  user: { name: string; role: 'admin' | 'moderator' | 'manager' } | null
  complaints?: number
}) {
  const { t } = useI18n()
  return (
    <header className="admin-header">
      <div className="admin-bar">
        <Link to="/admin" className="admin-logo">
          <span className="logo-mark" aria-hidden="true">
            T
          </span>
          <span>{t('admin.backOffice')}</span>
        </Link>
        <LanguageSwitch />
      </div>
      {user ? (
        <nav className="admin-nav" aria-label={t('admin.nav.label')}>
          {user.role === 'manager' ? null : (
            <NavLink to="/admin" end>
              {t('admin.nav.queue')}
            </NavLink>
          )}
          <NavLink to="/admin/leads">{t('admin.nav.leads')}</NavLink>
          {user.role === 'admin' ? <NavLink to="/admin/users">{t('admin.nav.users')}</NavLink> : null}
          {user.role === 'admin' ? <NavLink to="/admin/partners">{t('admin.nav.partners')}</NavLink> : null}
          {user.role === 'admin' ? <NavLink to="/admin/audit">{t('admin.nav.audit')}</NavLink> : null}
          {user.role === 'manager' ? null : (
            <>
              <NavLink to="/admin/complaints">
                {t('admin.nav.complaints')}
                {complaints > 0 ? <span className="admin-count"> {complaints}</span> : null}
              </NavLink>
              <NavLink to="/admin/reports">{t('reports.title')}</NavLink>
              <NavLink to="/admin/dealers">{t('admin.nav.dealers')}</NavLink>
              <NavLink to="/admin/promotions">{t('admin.nav.promotions')}</NavLink>
              <NavLink to="/admin/broadcasts">{t('broadcasts.title')}</NavLink>
            </>
          )}
          <Link to="/">{t('admin.nav.site')}</Link>
          <span className="admin-user">
            {t('admin.signedInAs', { name: user.name, role: t(`admin.role.${user.role}`) })}
          </span>
        </nav>
      ) : null}
    </header>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin">
      <AdminHeader user={loaderData.user} complaints={loaderData.complaints} />
      <main id="content" className="admin-main">
        <Outlet />
      </main>
    </div>
  )
}

/** A guest never gets here (redirected to sign in); a plain user sees 403 in the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="admin">
      <AdminHeader user={null} />
      <main id="content" className="admin-main">
        <AdminErrorContent error={error} />
      </main>
    </div>
  )
}

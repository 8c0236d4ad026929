import { isRouteErrorResponse, Link } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'

/** 403 for plain users (and for moderators on admin-only pages), 404 for unknown listings, else the generic error. */
export function AdminErrorContent({ error }: { error: unknown }) {
  const { t } = useI18n()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const adminOnly = isRouteErrorResponse(error) && error.data?.reason === 'admin'
  const title = status === 403 ? 'admin.forbidden.title' : status === 404 ? 'notFound.title' : 'error.title'
  const text =
    status === 403
      ? adminOnly
        ? 'admin.forbidden.adminOnly'
        : 'admin.forbidden.text'
      : status === 404
        ? 'error.listing.not_found'
        : 'error.text'
  return (
    <div className="admin-error">
      <h1>{t(title)}</h1>
      <p>{t(text)}</p>
      <p>
        <Link to={status === 403 && !adminOnly ? '/' : '/admin'} className="button ghost">
          {status === 403 && !adminOnly ? t('admin.forbidden.home') : t('admin.nav.queue')}
        </Link>
      </p>
    </div>
  )
}

import { Link } from 'react-router'
import { useI18n } from '../i18n/i18n-react.tsx'

/** The not-found page's body (404, what is missing, the ways on): the 404 route's and every page's own 404. */
export function NotFoundContent({ title, text }: { title: string; text: string }) {
  const { t } = useI18n()
  return (
    <div className="container not-found">
      <p className="big-404" aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p>{text}</p>
      <p className="actions">
        <Link to="/" className="button primary">
          {t('notFound.home')}
        </Link>
        <Link to="/cars" className="button ghost">
          {t('notFound.catalogue')}
        </Link>
      </p>
    </div>
  )
}

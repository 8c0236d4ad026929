import { data, Link } from 'react-router'
import { localeContext } from '#app-context'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import type { Route } from './+types/not-found'

/** Any path that is not a screen of the product answers HTTP 404 with this page. */
export function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  return data({ title: translate(MESSAGES[locale], locale, 'notFound.title') }, { status: 404 })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? '404'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function NotFound() {
  const { t } = useI18n()
  return <NotFoundContent title={t('notFound.title')} text={t('notFound.text')} />
}

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

import { data } from 'react-router'
import { localeContext } from '#app-context'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { NotFoundContent } from '../ui/not-found-content.tsx'
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

import { isRouteErrorResponse } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { loadCatalogue } from '../features/catalogue/catalogue.server.ts'
import { CataloguePage } from '../features/catalogue/catalogue-page.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import catalogueStyles from '../styles/catalogue.css?url'
import { NotFoundContent } from '../ui/not-found-content.tsx'
import type { Route } from './+types/catalogue'

/** `/auto`, `/auto/{city}`, `/auto/{brand}[/{model}][/{city}]`: the catalogue with readable URLs. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const segments = [params.first, params.second, params.third].filter((s): s is string => Boolean(s))
  const data = await loadCatalogue(request, segments, {
    services: context.get(servicesContext),
    locale: context.get(localeContext),
    publicUrl: context.get(requestInfoContext).publicUrl,
  })
  // A list changes only with the cars of its scope (its brand, model and city, decision 042) and those it shows.
  const { brand, model, city } = data.query
  cacheForGuests(
    context,
    GUEST_PAGE_SECONDS.lists,
    pageTags.list(
      { brand, model, city },
      data.page.results.map((r) => r.id),
    ),
  )
  return data
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }]

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) {
    const title = isRouteErrorResponse(error) && typeof error.data?.title === 'string' ? error.data.title : '404'
    return [{ title: `${title} — Tulpar Auto` }, { name: 'robots', content: 'noindex' }]
  }
  return [
    { title: `${loaderData.title} — Tulpar Auto` },
    { name: 'description', content: loaderData.description },
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
    { property: 'og:title', content: loaderData.title },
    { property: 'og:description', content: loaderData.description },
    { property: 'og:url', content: loaderData.canonical },
    // Built by the loader (catalogue.server.ts): the page's own code stays small.
    ...loaderData.openGraph,
  ]
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  return <CataloguePage data={loaderData} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent title={t('catalogue.notFound.title')} text={t('catalogue.notFound.text')} />
  }
  throw error
}

import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { Filters } from '../features/catalogue/filters.tsx'
import { catalogueHref } from '../features/catalogue/href.ts'
import { ListingCard } from '../features/catalogue/listing-card.tsx'
import { Pagination } from '../features/catalogue/pagination.tsx'
import { parseCatalogueParams } from '../features/catalogue/search-params.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import type { Route } from './+types/catalogue'

function hasFilters(q: Route.ComponentProps['loaderData']['query']): boolean {
  return Boolean(
    q.brand || q.yearFrom || q.yearTo || q.priceFrom !== undefined || q.priceTo !== undefined || q.hot || q.tulpar,
  )
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { listings, reference } = context.get(servicesContext)
  const locale = context.get(localeContext)
  const { query, invalid } = parseCatalogueParams(new URL(request.url).searchParams)
  const [page, brands, models] = await Promise.all([
    listings.searchListings(query, locale),
    reference.listBrands(),
    query.brand ? reference.listModels(query.brand) : Promise.resolve([]),
  ])
  const brandName = brands.find((b) => b.slug === query.brand)?.name
  const modelName = models.find((m) => m.slug === query.model)?.name
  const heading = brandName ? [brandName, modelName].filter(Boolean).join(' ') : null
  const messages = MESSAGES[locale]
  return {
    query,
    invalid,
    page,
    brands,
    models,
    heading,
    title: heading
      ? translate(messages, locale, 'catalogue.titleBrand', { brand: heading })
      : translate(messages, locale, 'catalogue.title'),
    description: translate(messages, locale, 'catalogue.description'),
    canonical: `${context.get(requestInfoContext).publicUrl}${catalogueHref({ ...query, lang: undefined })}`,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.title} — Tulpar Auto` },
        { name: 'description', content: loaderData.description },
        { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
      ]
    : []

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { query, invalid, page, brands, models, title } = loaderData
  const { t } = useI18n()
  return (
    <div className="container catalogue">
      <h1>{title}</h1>
      <div className="catalogue-layout">
        {/* Collapsed on phones unless filters are set; always shown on desktop (CSS). */}
        <details className="filters-panel" open={hasFilters(query)}>
          <summary>{t('catalogue.showFilters')}</summary>
          <Filters key={`${query.brand}-${query.model}`} query={query} brands={brands} models={models} />
        </details>
        <section aria-live="polite">
          {invalid.length > 0 ? (
            <p className="notice" role="status">
              {t('catalogue.badFilters')}
            </p>
          ) : null}
          <p className="found">{t('catalogue.found', { count: page.count })}</p>
          {page.results.length === 0 ? (
            <div className="empty">
              <h2>{t('catalogue.empty.title')}</h2>
              <p>{t('catalogue.empty.text')}</p>
            </div>
          ) : (
            <div className="grid">
              {page.results.map((car, i) => (
                <ListingCard key={car.id} car={car} eager={i < 2} />
              ))}
            </div>
          )}
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(p) => catalogueHref({ ...query, page: p })}
          />
        </section>
      </div>
    </div>
  )
}

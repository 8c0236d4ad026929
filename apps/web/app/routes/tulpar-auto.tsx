import { LISTING_MAX_PAGE, ListingSearchQuery } from '@tulpar/contracts'
import { Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { catalogueHref } from '../features/catalogue/href.ts'
import { InspectionCoverage } from '../features/catalogue/inspection.tsx'
import { INSPECTION_CHECKS } from '../features/catalogue/inspection-content.server.ts'
import { ListingCard } from '../features/catalogue/listing-card.tsx'
import { Pagination } from '../features/catalogue/pagination.tsx'
import { pagedTitle } from '../features/catalogue/seo.server.ts'
import { SERVER_TEXTS } from '../features/catalogue/server-texts.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import { pageMeta } from '../lib/seo/page-meta.ts'
import catalogueStyles from '../styles/catalogue.css?url'
import type { Route } from './+types/tulpar-auto'

const BASE = '/tulpar-auto'

/** The company's own inspected cars, all of Kazakhstan, newest first; `?page=` outside 1..100 reads as page 1. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const requested = Number(new URL(request.url).searchParams.get('page') ?? '1')
  const pageNo = Number.isInteger(requested) && requested >= 1 && requested <= LISTING_MAX_PAGE ? requested : 1
  const page = await context
    .get(servicesContext)
    .listings.searchListings(ListingSearchQuery.parse({ tulpar: 'true', page: pageNo }), locale)
  cacheForGuests(context, GUEST_PAGE_SECONDS.lists, [
    pageTags.scope({}),
    ...page.results.map((r) => pageTags.listing(r.id)),
  ])
  const texts = SERVER_TEXTS[locale]
  return {
    page,
    // The inspection is what sets these cars apart: on the first page; the next ones go straight to the cars.
    checks: pageNo === 1 ? INSPECTION_CHECKS[locale] : [],
    lead: texts.tulparLead,
    title: pagedTitle(texts.tulparTitle, pageNo, locale),
    description: texts.tulparDescription,
    canonical: `${context.get(requestInfoContext).publicUrl}${BASE}${pageNo > 1 ? `?page=${pageNo}` : ''}`,
  }
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }]

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

export default function TulparAuto({ loaderData }: Route.ComponentProps) {
  const { page, checks, lead } = loaderData
  const { t } = useI18n()
  return (
    <div className="container tulpar-page">
      <header className="tulpar-head">
        <h1>{t('tulpar.h1')}</h1>
        <p className="lead">{lead}</p>
        {/* On a phone the inspection list is long: a way straight to the cars. */}
        {checks.length > 0 && page.count > 0 ? (
          <p>
            <a href="#tulpar-cars-title">{t('tulpar.count', { count: page.count })} ↓</a>
          </p>
        ) : null}
      </header>
      {checks.length > 0 ? <InspectionCoverage checks={checks} /> : null}
      <section className="tulpar-cars" aria-labelledby="tulpar-cars-title">
        <div className="section-head">
          <h2 id="tulpar-cars-title">{t('tulpar.cars')}</h2>
          <Link to={catalogueHref({ tulpar: true })}>{t('tulpar.inCatalogue')} →</Link>
        </div>
        <p className="found">{t('tulpar.count', { count: page.count })}</p>
        {page.results.length === 0 ? (
          <div className="empty">
            <p>{t('tulpar.empty')}</p>
            <p>
              <Link to={catalogueHref({})} className="button ghost">
                {t('nav.catalogue')}
              </Link>
            </p>
          </div>
        ) : (
          <div className="grid">
            {page.results.map((car, i) => (
              <ListingCard key={car.id} car={car} eager={i < 2 && page.page > 1} />
            ))}
          </div>
        )}
        <Pagination page={page.page} pageCount={page.pageCount} hrefFor={(p) => (p > 1 ? `${BASE}?page=${p}` : BASE)} />
      </section>
    </div>
  )
}

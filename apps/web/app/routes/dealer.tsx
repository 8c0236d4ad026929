import { LISTING_MAX_PAGE, ListingSearchQuery, type ListingSort } from '@tulpar/contracts'
// The sorts from the zod-free constants: the page's own code must not bring zod (decision 026).
import { LISTING_SORTS } from '@tulpar/contracts/constants'
import { isRouteErrorResponse, Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { formatPhone } from '../features/auth/phone.ts'
import { catalogueHref } from '../features/catalogue/href.ts'
import { ListingCard } from '../features/catalogue/listing-card.tsx'
import { Pagination } from '../features/catalogue/pagination.tsx'
import { DealerLogo } from '../features/dealers/dealer-logo.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { INT4_MAX, requireIdParam } from '../lib/id-param.ts'
import { pageMeta } from '../lib/seo/page-meta.ts'
import { notFound, whenServiceFails } from '../lib/service-errors.ts'
import catalogueStyles from '../styles/catalogue.css?url'
import dealersStyles from '../styles/dealers.css?url'
import partnersStyles from '../styles/partners.css?url'
import { NotFoundContent } from '../ui/not-found-content.tsx'
import type { Route } from './+types/dealer'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogueStyles },
  { rel: 'stylesheet', href: partnersStyles },
  { rel: 'stylesheet', href: dealersStyles },
]

const isSort = (v: string | null): v is ListingSort => (LISTING_SORTS as readonly (string | null)[]).includes(v)

/**
 * `/dealers/{id}` (issue 38): a verified dealer's contacts, showrooms with their places in 2GIS and Yandex Maps, and
 * its cars from the catalogue (its sorts and pages, in the dealer's scope). Any other dealer is the not-found page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const missing = { title: translate(MESSAGES[locale], locale, 'dealer.page.notFound') }
  const id = requireIdParam(params.id, missing, INT4_MAX)
  const dealer = await whenServiceFails(services.dealers.getPublic(id, locale), ({ code }): undefined => {
    if (code === 'dealer.not_found') throw notFound(missing)
    return undefined
  })
  const search = new URL(request.url).searchParams
  const askedSort = search.get('sort')
  const sort: ListingSort = isSort(askedSort) ? askedSort : 'newest'
  const requested = Number(search.get('page') ?? '1')
  const page = Number.isInteger(requested) && requested >= 1 && requested <= LISTING_MAX_PAGE ? requested : 1
  const cars = await services.listings.searchListings(ListingSearchQuery.parse({ dealer: id, sort, page }), locale)
  return {
    dealer,
    cars,
    sort,
    title: dealer.name,
    description: dealer.description.slice(0, 160) || `${dealer.name}, ${dealer.city.name}`,
    canonical: `${context.get(requestInfoContext).publicUrl}/dealers/${id}`,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData) : [])

export default function Dealer({ loaderData }: Route.ComponentProps) {
  const { dealer, cars, sort } = loaderData
  const { t } = useI18n()
  const base = `/dealers/${dealer.id}`
  const hrefOf = (p: number, s: ListingSort = sort) => {
    const q = new URLSearchParams()
    if (s !== 'newest') q.set('sort', s)
    if (p > 1) q.set('page', String(p))
    const text = q.toString()
    return text ? `${base}?${text}` : base
  }
  return (
    <div className="container partner-page dealer-page">
      <p className="partner-back">
        <Link to="/dealers">← {t('nav.dealers')}</Link>
      </p>
      <div className="dealer-head">
        <DealerLogo logo={dealer.logo} alt={t('dealer.logo.alt', { name: dealer.name })} size={96} />
        <h1>{dealer.name}</h1>
      </div>
      <p className="partner-category">
        <span className="badge badge-dealer">{t('dealer.page.verified')}</span> · {dealer.city.name}
      </p>
      {dealer.description ? <p className="partner-description">{dealer.description}</p> : null}
      <section className="panel partner-contacts" aria-labelledby="dealer-contacts-title">
        <h2 id="dealer-contacts-title">{t('dealer.page.contacts')}</h2>
        <dl className="partner-facts">
          <dt>{t('dealer.apply.phones')}</dt>
          <dd className="partner-phones">
            {dealer.phones.map((phone) => (
              <a key={phone} href={`tel:${phone}`}>
                {formatPhone(phone)}
              </a>
            ))}
          </dd>
          <dt>{t('dealer.page.hours')}</dt>
          <dd>{dealer.workingHours}</dd>
        </dl>
      </section>
      {dealer.showrooms.length > 0 ? (
        <section className="panel" aria-labelledby="dealer-showrooms-title">
          <h2 id="dealer-showrooms-title">{t('dealer.page.showrooms')}</h2>
          <ul className="partner-grid">
            {dealer.showrooms.map((s) => (
              <li key={s.id} className="card partner-card">
                <p className="partner-place">
                  {s.city.name}, {s.address}
                </p>
                <p>{s.workingHours}</p>
                <p className="partner-phones">
                  {s.phones.map((phone) => (
                    <a key={phone} href={`tel:${phone}`}>
                      {formatPhone(phone)}
                    </a>
                  ))}
                </p>
                <p className="partner-maps">
                  <a className="button ghost" href={s.mapLinks.twoGis} target="_blank" rel="noopener noreferrer">
                    {t('dealer.page.twoGis')} ↗
                  </a>
                  <a className="button ghost" href={s.mapLinks.yandex} target="_blank" rel="noopener noreferrer">
                    {t('dealer.page.yandex')} ↗
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="dealer-cars-title">
        <div className="section-head">
          <h2 id="dealer-cars-title">{t('dealer.page.cars')}</h2>
          <Link to={catalogueHref({ dealer: dealer.id })}>{t('dealer.page.inCatalogue')} →</Link>
        </div>
        <p className="found">{t('dealer.list.cars', { count: cars.count })}</p>
        <nav aria-label={t('dealer.sort.label')} className="partner-chips">
          <ul>
            {LISTING_SORTS.map((s) => (
              <li key={s}>
                <Link to={hrefOf(1, s)} aria-current={s === sort ? 'page' : undefined}>
                  {t(`catalogue.sort.${s}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {cars.results.length === 0 ? (
          <p className="empty">{t('dealer.page.noCars')}</p>
        ) : (
          <div className="grid">
            {cars.results.map((car) => (
              <ListingCard key={car.id} car={car} />
            ))}
          </div>
        )}
        <Pagination page={cars.page} pageCount={cars.pageCount} hrefFor={(p) => hrefOf(p)} />
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n()
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundContent title={t('dealer.page.notFound')} text={t('notFound.text')} />
  return <NotFoundContent title={t('error.title')} text={t('error.text')} />
}

import { data, isRouteErrorResponse, Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { Characteristics } from '../features/car/characteristics.tsx'
import { Gallery } from '../features/car/gallery.tsx'
import { Badges } from '../features/catalogue/listing-card.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { formatDistance, formatPrice, MESSAGES, translate } from '../i18n/index.ts'
import type { Route } from './+types/car'
import { NotFoundContent } from './not-found.tsx'

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : null
  const notFound = () =>
    data({ title: translate(MESSAGES[locale], locale, 'error.listing.not_found') }, { status: 404 })
  if (id === null) throw notFound()
  try {
    const car = await context.get(servicesContext).listings.getListing(id, locale)
    const m = MESSAGES[locale]
    const vars = {
      brand: car.brand.name,
      model: car.model.name,
      year: String(car.year),
      price: formatPrice(car.priceKzt, locale),
      mileage: formatDistance(car.mileage, car.mileageUnit, locale),
      city: car.city.name,
    }
    return {
      car,
      title: translate(m, locale, 'car.title', vars),
      description: translate(m, locale, 'car.description', vars),
      canonical: `${context.get(requestInfoContext).publicUrl}/cars/${car.id}`,
    }
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) throw notFound()
    throw error
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.title} | Tulpar Auto` },
        { name: 'description', content: loaderData.description },
        { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
        { property: 'og:title', content: loaderData.title },
        { property: 'og:description', content: loaderData.description },
        { property: 'og:type', content: 'website' },
        { property: 'og:url', content: loaderData.canonical },
      ]
    : [{ title: 'Tulpar Auto' }, { name: 'robots', content: 'noindex' }]

export default function CarPage({ loaderData }: Route.ComponentProps) {
  const { car } = loaderData
  const { t, price, distance, date } = useI18n()
  const title = `${car.brand.name} ${car.model.name}, ${car.year}`
  const catalogue = `/cars?brand=${car.brand.slug}`
  return (
    <div className="container car-page">
      <nav aria-label={t('car.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to={catalogue}>{car.brand.name}</Link>
          </li>
          <li>
            <Link to={`${catalogue}&model=${car.model.slug}`}>{car.model.name}</Link>
          </li>
          <li>
            <Link
              to={`${catalogue}&model=${car.model.slug}&yearFrom=${car.year}&yearTo=${car.year}`}
              aria-current="page"
            >
              {car.year}
            </Link>
          </li>
        </ol>
      </nav>
      <div className="car-layout">
        <div className="car-main">
          <Gallery photos={car.photos} title={title} />
        </div>
        <aside className="car-summary">
          <h1>{title}</h1>
          {car.status === 'sold' ? <p className="notice">{t('car.sold')}</p> : null}
          <p className="car-price">{price(car.priceKzt)}</p>
          <ul className="badges">
            {car.isBargainAllowed ? <li className="badge">{t('badge.bargain')}</li> : null}
            {car.isExchangeAccepted ? <li className="badge">{t('badge.exchange')}</li> : null}
          </ul>
          <Badges car={car} />
          <dl className="facts">
            <div>
              <dt>{t('car.year')}</dt>
              <dd>{car.year}</dd>
            </div>
            <div>
              <dt>{t('car.mileage')}</dt>
              <dd>{distance(car.mileage, car.mileageUnit)}</dd>
            </div>
            <div>
              <dt>{t('car.transmission')}</dt>
              <dd>{t(`transmission.${car.transmission}`)}</dd>
            </div>
            <div>
              <dt>{t('car.drive')}</dt>
              <dd>{t(`drive.${car.drive}`)}</dd>
            </div>
            <div>
              <dt>{t('car.city')}</dt>
              <dd>{car.city.name}</dd>
            </div>
          </dl>
          <p className="contact-hint">{t('car.contact')}</p>
          <p className="meta-line">
            {t('car.views', { count: car.viewsCount })} · {t('car.published', { date: date(car.publishedAt) })}
          </p>
        </aside>
      </div>
      <section className="section">
        <h2>{t('car.characteristics')}</h2>
        <Characteristics car={car} />
      </section>
      <section className="section">
        <h2>{t('car.description.title')}</h2>
        <p className="description">{car.description || t('car.noDescription')}</p>
      </section>
      {car.options.length > 0 ? (
        <section className="section">
          <h2>{t('car.equipment')}</h2>
          <div className="options">
            {car.options.map((g) => (
              <div key={g.code}>
                <h3>{g.name}</h3>
                <ul>
                  {g.options.map((o) => (
                    <li key={o.code}>{o.name}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      ) : null}
      {car.inspectionReports.length > 0 ? (
        <section className="section">
          <h2>{t('car.inspections')}</h2>
          <ul className="reports">
            {car.inspectionReports.map((r) => (
              <li key={r.id}>
                <strong>{r.name}</strong>{' '}
                {r.status === 'ready' && r.reportDate
                  ? t('car.reportDate', { date: date(r.reportDate) })
                  : t('car.reportGenerating')}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {car.priceHistory.length > 1 ? (
        <section className="section">
          <h2>{t('car.priceHistory')}</h2>
          <ol className="price-history">
            {car.priceHistory.map((p) => (
              <li key={p.changedAt}>
                <span>{date(p.changedAt)}</span> <strong>{price(p.priceKzt)}</strong>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent title={t('error.listing.not_found')} text={t('notFound.text')} />
  }
  throw error
}

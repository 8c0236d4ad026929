import { Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { currentCitySlug } from '../features/catalogue/current-city.server.ts'
import { catalogueHref } from '../features/catalogue/href.ts'
import { ListingCard } from '../features/catalogue/listing-card.tsx'
import { Reviews } from '../features/home/reviews.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import catalogueStyles from '../styles/catalogue.css?url'
import type { Route } from './+types/home'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { listings, company, reference } = context.get(servicesContext)
  const locale = context.get(localeContext)
  const [newest, hot, tulpar, reviews, reviewSummary, cities] = await Promise.all([
    listings.listNewest(8, locale),
    listings.listNewest(4, locale, { hot: true }),
    listings.listNewest(4, locale, { tulpar: true }),
    company.listReviews(6),
    company.summariseReviews(),
    reference.listCities(locale),
  ])
  const messages = MESSAGES[locale]
  return {
    newest,
    hot,
    tulpar,
    reviews,
    reviewSummary,
    // The hero's search starts in the visitor's city (the catalogue's default); the lists below are nationwide.
    citySlug: currentCitySlug(request, cities),
    title: translate(messages, locale, 'home.title'),
    description: translate(messages, locale, 'home.description'),
    canonical: `${context.get(requestInfoContext).publicUrl}/`,
  }
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }]

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: 'description', content: loaderData.description },
        { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
        { property: 'og:title', content: loaderData.title },
        { property: 'og:description', content: loaderData.description },
        { property: 'og:url', content: loaderData.canonical },
      ]
    : []

export default function Home({ loaderData }: Route.ComponentProps) {
  const { newest, hot, tulpar, reviews, reviewSummary, citySlug } = loaderData
  const { t } = useI18n()
  const city = citySlug ?? undefined
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>{t('home.hero.title')}</h1>
          <ul className="claims">
            <li>{t('home.hero.cars')}</li>
            <li>{t('home.hero.reach')}</li>
          </ul>
          <div className="hero-actions">
            <Link to={catalogueHref({ city })} className="button primary">
              {t('home.hero.search')}
            </Link>
            <Link to={catalogueHref({ city, hot: true })} className="button light">
              {t('home.hero.hot')}
            </Link>
          </div>
        </div>
      </section>
      {hot.length > 0 ? (
        <section className="container section">
          <div className="section-head">
            <h2>{t('home.hotOffers')}</h2>
            <Link to={catalogueHref({ hot: true })}>{t('home.seeAll')} →</Link>
          </div>
          <div className="grid rail">
            {hot.map((car, i) => (
              <ListingCard key={car.id} car={car} eager={i < 1} />
            ))}
          </div>
        </section>
      ) : null}
      <section className="container section">
        <div className="section-head">
          <h2>{t('home.newest')}</h2>
          <Link to={catalogueHref({})}>{t('home.seeAll')} →</Link>
        </div>
        <div className="grid rail">
          {newest.map((car) => (
            <ListingCard key={car.id} car={car} />
          ))}
        </div>
      </section>
      {tulpar.length > 0 ? (
        <section className="container section tulpar-section">
          <div className="section-head">
            <h2>{t('home.tulpar.title')}</h2>
            <Link to="/tulpar-auto">{t('home.seeAll')} →</Link>
          </div>
          <p>
            {t('home.tulpar.text')} <Link to="/tulpar-auto#inspection-title">{t('home.tulpar.more')}</Link>
          </p>
          <div className="grid rail">
            {tulpar.map((car) => (
              <ListingCard key={car.id} car={car} />
            ))}
          </div>
        </section>
      ) : null}
      <Reviews reviews={reviews} summary={reviewSummary} />
    </>
  )
}

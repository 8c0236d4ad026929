import { Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { currentCitySlug } from '../features/catalogue/current-city.server.ts'
import { catalogueHref } from '../features/catalogue/href.ts'
import { ListingCard } from '../features/catalogue/listing-card.tsx'
import { CreditWidget } from '../features/credit/credit-widget.tsx'
import { Reviews } from '../features/home/reviews.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import catalogueStyles from '../styles/catalogue.css?url'
import { island } from '../ui/island.tsx'
import type { Route } from './+types/home'

/**
 * The home page's lists are of the city chosen in the city dialog (the catalogue's default), each with a link
 * to that city's catalogue. A list the city has no car for is shown nationwide, so the page is never empty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { listings, company, reference, valuation } = context.get(servicesContext)
  const locale = context.get(localeContext)
  const cities = await reference.listCities(locale)
  const citySlug = currentCitySlug(request, cities)
  const cityId = cities.find((c) => c.slug === citySlug)?.id
  const inCityOrAll = async (limit: number, filter: { hot?: boolean; tulpar?: boolean }) => {
    const local = cityId === undefined ? [] : await listings.listNewest(limit, locale, { ...filter, cityId })
    if (local.length > 0) return { cars: local, city: citySlug ?? undefined }
    return { cars: await listings.listNewest(limit, locale, filter), city: undefined }
  }
  const [newest, hot, tulpar, reviews, reviewSummary] = await Promise.all([
    inCityOrAll(8, {}),
    inCityOrAll(4, { hot: true }),
    inCityOrAll(4, { tulpar: true }),
    company.listReviews(6),
    company.summariseReviews(),
  ])
  // Every car shown carries its tag: a price change purges only the pages showing the car (decision 038). A list of
  // the city's cars changes only with that city's cars (decision 042); one shown nationwide with any car.
  cacheForGuests(context, GUEST_PAGE_SECONDS.lists, [
    ...new Set([newest, hot, tulpar].map((list) => pageTags.scope({ city: list.city }))),
    pageTags.company,
    ...[newest, hot, tulpar].flatMap((list) => list.cars.map((car) => pageTags.listing(car.id))),
  ])
  const messages = MESSAGES[locale]
  return {
    newest,
    hot,
    tulpar,
    reviews,
    reviewSummary,
    citySlug,
    credit: valuation.getCreditProgrammes(locale),
    today: new Date().toISOString().slice(0, 10),
    title: translate(messages, locale, 'home.title'),
    description: translate(messages, locale, 'home.description'),
    canonical: `${context.get(requestInfoContext).publicUrl}/`,
  }
}

/** The lists depend on the city cookie: never shared from a cache. */
export const headers: Route.HeadersFunction = () => ({ Vary: 'Cookie' })

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

/** Only this browser knows its history: the section renders in the browser, after the page (ui/island). */
const RecentlyViewedSection = island(() =>
  import('../features/recently-viewed/recently-viewed-section.tsx').then((m) => m.RecentlyViewedSection),
)

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
      {hot.cars.length > 0 ? (
        <section className="container section">
          <div className="section-head">
            <h2>{t('home.hotOffers')}</h2>
            <Link to={catalogueHref({ city: hot.city, hot: true })}>{t('home.seeAll')} →</Link>
          </div>
          <div className="grid rail">
            {hot.cars.map((car, i) => (
              <ListingCard key={car.id} car={car} eager={i < 1} />
            ))}
          </div>
        </section>
      ) : null}
      <section className="container section">
        <div className="section-head">
          <h2>{t('home.newest')}</h2>
          <Link to={catalogueHref({ city: newest.city })}>{t('home.seeAll')} →</Link>
        </div>
        <div className="grid rail">
          {newest.cars.map((car) => (
            <ListingCard key={car.id} car={car} />
          ))}
        </div>
      </section>
      <RecentlyViewedSection />
      {tulpar.cars.length > 0 ? (
        <section className="container section tulpar-section">
          <div className="section-head">
            <h2>{t('home.tulpar.title')}</h2>
            <Link to="/tulpar-auto">{t('home.seeAll')} →</Link>
          </div>
          <p>
            {t('home.tulpar.text')} <Link to="/tulpar-auto#inspection-title">{t('home.tulpar.more')}</Link>
          </p>
          <div className="grid rail">
            {tulpar.cars.map((car) => (
              <ListingCard key={car.id} car={car} />
            ))}
          </div>
        </section>
      ) : null}
      <div className="container section">
        <CreditWidget offer={loaderData.credit} today={loaderData.today} />
      </div>
      {/* The sell widget (spec section 2): what a seller gets, and the way to the listing form. */}
      <section className="container section sell-widget" aria-labelledby="sell-widget-title">
        <h2 id="sell-widget-title">{t('home.sell.title')}</h2>
        <ul className="sell-points">
          <li>{t('home.hero.reach')}</li>
          <li>{t('home.sell.free')}</li>
          <li>{t('home.sell.checked')}</li>
        </ul>
        <Link to="/create-auto" className="button primary">
          {t('home.sell.cta')}
        </Link>
      </section>
      {/* The vehicle check widget (spec section 2): a plain form to /check, no script on the home page. */}
      <section className="container section check-widget" aria-labelledby="check-widget-title">
        <h2 id="check-widget-title">{t('check.widget.title')}</h2>
        <p className="muted">{t('check.widget.text')}</p>
        <form method="get" action="/check">
          <label htmlFor="check-widget-vin" className="sr-only">
            {t('check.vin')}
          </label>
          <input id="check-widget-vin" name="vin" maxLength={40} placeholder={t('check.vinHint')} />
          <button type="submit" className="button primary">
            {t('check.widget.submit')}
          </button>
        </form>
      </section>
      <Reviews reviews={reviews} summary={reviewSummary} />
    </>
  )
}

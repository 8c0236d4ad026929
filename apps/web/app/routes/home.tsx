import { Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { ListingCard } from '../features/catalogue/listing-card.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import type { Route } from './+types/home'

export async function loader({ context }: Route.LoaderArgs) {
  const { listings } = context.get(servicesContext)
  const locale = context.get(localeContext)
  const [newest, hot, tulpar] = await Promise.all([
    listings.listNewest(8, locale),
    listings.listNewest(4, locale, { hot: true }),
    listings.listNewest(4, locale, { tulpar: true }),
  ])
  const messages = MESSAGES[locale]
  return {
    newest,
    hot,
    tulpar,
    title: translate(messages, locale, 'home.title'),
    description: translate(messages, locale, 'home.description'),
    canonical: `${context.get(requestInfoContext).publicUrl}/`,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: 'description', content: loaderData.description },
        { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
      ]
    : []

export default function Home({ loaderData }: Route.ComponentProps) {
  const { newest, hot, tulpar } = loaderData
  const { t } = useI18n()
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
            <Link to="/cars" className="button primary">
              {t('home.hero.search')}
            </Link>
            <Link to="/cars?hot=true" className="button light">
              {t('home.hotOffers')}
            </Link>
          </div>
        </div>
      </section>
      {hot.length > 0 ? (
        <section className="container section">
          <div className="section-head">
            <h2>{t('home.hotOffers')}</h2>
            <Link to="/cars?hot=true">{t('home.seeAll')} →</Link>
          </div>
          <div className="grid">
            {hot.map((car) => (
              <ListingCard key={car.id} car={car} />
            ))}
          </div>
        </section>
      ) : null}
      <section className="container section">
        <div className="section-head">
          <h2>{t('home.newest')}</h2>
          <Link to="/cars">{t('home.seeAll')} →</Link>
        </div>
        <div className="grid">
          {newest.map((car) => (
            <ListingCard key={car.id} car={car} />
          ))}
        </div>
      </section>
      {tulpar.length > 0 ? (
        <section className="container section tulpar-section">
          <div className="section-head">
            <h2>{t('home.tulpar.title')}</h2>
            <Link to="/cars?tulpar=true">{t('home.seeAll')} →</Link>
          </div>
          <p>{t('home.tulpar.text')}</p>
          <div className="grid">
            {tulpar.map((car) => (
              <ListingCard key={car.id} car={car} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  )
}

import { DealerListQuery } from '@tulpar/contracts'
import { Form, Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { DealerLogo } from '../features/dealers/dealer-logo.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { pageMeta } from '../lib/seo/page-meta.ts'
import dealersStyles from '../styles/dealers.css?url'
import partnersStyles from '../styles/partners.css?url'
import type { Route } from './+types/dealers'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: partnersStyles },
  { rel: 'stylesheet', href: dealersStyles },
]

/** `/dealers` (issue 38): verified dealers by name, in one city (`?city=` slug) or all Kazakhstan. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const asked = new URL(request.url).searchParams.get('city') ?? ''
  const parsed = DealerListQuery.safeParse(asked ? { city: asked } : {})
  const query = parsed.success ? parsed.data : {}
  const [list, cities] = await Promise.all([
    services.dealers.listVerified(query, locale),
    services.reference.listCities(locale),
  ])
  const messages = MESSAGES[locale]
  return {
    dealers: list.results,
    cities: cities.map((c) => ({ slug: c.slug, name: c.name })),
    city: query.city ?? '',
    title: translate(messages, locale, 'dealer.list.title'),
    description: translate(messages, locale, 'dealer.list.description'),
    canonical: `${context.get(requestInfoContext).publicUrl}/dealers${query.city ? `?city=${query.city}` : ''}`,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

export default function Dealers({ loaderData }: Route.ComponentProps) {
  const { dealers, cities, city } = loaderData
  const { t } = useI18n()
  return (
    <div className="container partners-page">
      <h1>{t('dealer.list.title')}</h1>
      <p className="lead">{t('dealer.list.lead')}</p>
      <Form method="get" className="dealer-filter">
        <label>
          {t('dealer.list.city')}{' '}
          <select name="city" defaultValue={city}>
            <option value="">{t('dealer.list.allCities')}</option>
            {cities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="submit" className="button ghost">
          {t('dealer.list.show')}
        </button>
      </Form>
      {dealers.length === 0 ? (
        <p className="empty">{t('dealer.list.empty')}</p>
      ) : (
        <ul className="partner-grid">
          {dealers.map((d) => (
            <li key={d.id} className="card partner-card">
              <div className="dealer-head">
                {/* Beside the name it shows: no words of its own for a screen reader. */}
                <DealerLogo logo={d.logo} alt="" size={48} />
                <h2>
                  <Link to={`/dealers/${d.id}`}>{d.name}</Link>
                </h2>
              </div>
              <p className="partner-category">{t('dealer.page.verified')}</p>
              <p className="partner-place">{d.city.name}</p>
              <p>
                {t('dealer.list.cars', { count: d.listingCount })} ·{' '}
                {t('dealer.list.showrooms', { count: d.showroomCount })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/account/dealer" className="button ghost">
          {t('dealer.list.open')}
        </Link>
      </p>
    </div>
  )
}

import { PartnersQuery } from '@tulpar/contracts'
import { Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { formatPhone } from '../features/auth/phone.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import { pageMeta } from '../lib/seo/page-meta.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import partnersStyles from '../styles/partners.css?url'
import type { Route } from './+types/partners'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: partnersStyles }]

/** `?category=` filters (a link per chip: works without JavaScript); `?cursor=` is the next page. */
function hrefOf(category: string | null, cursor?: string) {
  const params = new URLSearchParams()
  if (category) params.set('category', category)
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  return query ? `/partners?${query}` : '/partners'
}

/** `/partners` (spec section 2): the partners, all or of one category, with the category chips above them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const params = new URL(request.url).searchParams
  const categories = await services.partners.listCategories(locale)
  const asked = params.get('category')
  // An unknown or hidden category shows every partner rather than an empty page.
  const category = categories.find((c) => c.code === asked)?.code ?? null
  const parsed = PartnersQuery.safeParse({ category: category ?? undefined, cursor: params.get('cursor') ?? undefined })
  const query = parsed.success ? parsed.data : PartnersQuery.parse({ category: category ?? undefined })
  // A cursor this site did not give out (a hand-edited URL) starts the list over.
  const page = await whenServiceFails(services.partners.listPartners(query, locale), ({ code }) =>
    code === 'validation.failed' ? services.partners.listPartners({ ...query, cursor: undefined }, locale) : undefined,
  )
  cacheForGuests(context, GUEST_PAGE_SECONDS.partners, [pageTags.partners])
  const messages = MESSAGES[locale]
  const total = category
    ? (categories.find((c) => c.code === category)?.partnersCount ?? 0)
    : categories.reduce((sum, c) => sum + c.partnersCount, 0)
  return {
    paged: parsed.success && parsed.data.cursor !== undefined,
    categories: categories.filter((c) => c.partnersCount > 0),
    category,
    page,
    total,
    title: translate(messages, locale, 'partners.title'),
    description: translate(messages, locale, 'partners.description'),
    canonical: `${context.get(requestInfoContext).publicUrl}${hrefOf(category)}`,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

export default function Partners({ loaderData }: Route.ComponentProps) {
  const { categories, category, page, total, paged } = loaderData
  const { t } = useI18n()
  return (
    <div className="container partners-page">
      <h1>{t('partners.title')}</h1>
      <p className="lead">{t('partners.lead')}</p>
      <nav className="partner-chips" aria-label={t('partners.filter.label')}>
        <ul>
          <li>
            <Link to={hrefOf(null)} aria-current={category === null ? 'page' : undefined}>
              {t('partners.filter.all')}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.code}>
              <Link to={hrefOf(c.code)} aria-current={category === c.code ? 'page' : undefined}>
                {c.name} <span className="chip-count">{c.partnersCount}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="found" aria-live="polite">
        {t('partners.count', { count: total })}
      </p>
      {page.results.length === 0 ? (
        <p className="empty">{t('partners.empty')}</p>
      ) : (
        <ul className="partner-grid">
          {page.results.map((p) => (
            <li key={p.id} className="card partner-card">
              <h2>
                <Link to={`/partners/${p.id}`}>{p.name}</Link>
              </h2>
              <p className="partner-category">{p.category.name}</p>
              <p className="partner-place">
                {p.city.name}, {p.address}
              </p>
              {p.phones.length > 0 ? (
                <p className="partner-phones">
                  {p.phones.map((phone) => (
                    <a key={phone} href={`tel:${phone}`}>
                      {formatPhone(phone)}
                    </a>
                  ))}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {page.nextCursor || paged ? (
        <nav className="pagination">
          {paged ? (
            <Link to={hrefOf(category)} className="button ghost">
              {t('partners.first')}
            </Link>
          ) : null}
          {page.nextCursor ? (
            <Link to={hrefOf(category, page.nextCursor)} className="button ghost">
              {t('partners.more')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}

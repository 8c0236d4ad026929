import { Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { ABOUT_TEXTS } from '../features/company/about-content.server.ts'
import { formatCompanyPhone } from '../features/company/phone-format.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import { pageMeta } from '../lib/seo/page-meta.ts'
import companyStyles from '../styles/company.css?url'
import type { Route } from './+types/about'

/** About us: the company, the Tulpar inspected-cars promise (told in full on /tulpar-auto), the claims and branches. */
export async function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const branches = await context.get(servicesContext).company.listBranches(locale)
  cacheForGuests(context, GUEST_PAGE_SECONDS.company, [pageTags.company])
  const texts = ABOUT_TEXTS[locale]
  return {
    texts,
    branches: branches.map((b) => ({ id: b.id, city: b.city.name, address: b.address, phone: b.phones[0] ?? null })),
    title: texts.title,
    description: texts.description,
    canonical: `${context.get(requestInfoContext).publicUrl}/about`,
  }
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: companyStyles }]

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

export default function About({ loaderData }: Route.ComponentProps) {
  const { texts, branches } = loaderData
  const { t } = useI18n()
  return (
    <div className="container company-page about-page">
      <h1>{texts.h1}</h1>
      <p className="lead">{texts.lead}</p>
      <section aria-labelledby="about-claims">
        <h2 id="about-claims">{t('company.about.claims')}</h2>
        {/* The marketing claims of the spec (section 1), as the home page states them. */}
        <ul className="about-claims">
          <li>{t('home.hero.reach')}</li>
          <li>{t('home.hero.cars')}</li>
        </ul>
      </section>
      {texts.sections.map((s) => (
        <section key={s.id} className="about-section" aria-labelledby={`about-${s.id}`}>
          <h2 id={`about-${s.id}`}>{s.title}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p>
            <Link to={s.link.href}>{s.link.label} →</Link>
          </p>
        </section>
      ))}
      <section className="about-section" aria-labelledby="about-branches">
        <div className="section-head">
          <h2 id="about-branches">{t('company.about.branches')}</h2>
          <Link to="/contacts">{t('company.about.allContacts')} →</Link>
        </div>
        <ul className="about-branches">
          {branches.map((b) => (
            <li key={b.id}>
              <strong>{b.city}</strong>
              <span>{b.address}</span>
              {b.phone ? <a href={`tel:${b.phone}`}>{formatCompanyPhone(b.phone)}</a> : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

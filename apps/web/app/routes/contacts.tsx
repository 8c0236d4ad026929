import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { BranchCard, PhoneLinks, SocialLinkView } from '../features/company/branch-card.tsx'
import { buildContactsJsonLd } from '../features/company/contacts-seo.server.ts'
import { CONTACTS_TEXTS } from '../features/company/page-texts.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import { pageMeta } from '../lib/seo/page-meta.ts'
import companyStyles from '../styles/company.css?url'
import type { Route } from './+types/contacts'

/** Spec section 2: the company's contacts and its branches with city, address, phones and a social link. */
export async function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const { company } = context.get(servicesContext)
  const [contacts, branches] = await Promise.all([company.getContacts(locale), company.listBranches(locale)])
  cacheForGuests(context, GUEST_PAGE_SECONDS.company, [pageTags.company])
  const { publicUrl } = context.get(requestInfoContext)
  return {
    contacts,
    branches,
    ...CONTACTS_TEXTS[locale],
    canonical: `${publicUrl}/contacts`,
    jsonLd: buildContactsJsonLd(contacts, branches, publicUrl),
  }
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: companyStyles }]

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [...pageMeta(loaderData), { 'script:ld+json': loaderData.jsonLd }] : []

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { contacts, branches } = loaderData
  const { t } = useI18n()
  return (
    <div className="container company-page">
      <h1>{t('company.contacts.title')}</h1>
      <section className="company-card" aria-labelledby="company-office">
        <h2 id="company-office">{contacts.name}</h2>
        <dl className="contact-list">
          <dt>{t('company.phones')}</dt>
          <dd>
            <PhoneLinks phones={contacts.phones} />
          </dd>
          <dt>{t('company.email')}</dt>
          <dd>
            <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
          </dd>
          <dt>{t('company.address')}</dt>
          <dd>{contacts.address}</dd>
          <dt>{t('company.hours')}</dt>
          <dd>{contacts.workingHours}</dd>
          <dt>{t('company.social')}</dt>
          <dd>
            <ul className="social-links">
              {Object.entries(contacts.socials).map(([name, url]) => (
                <li key={name}>
                  <SocialLinkView url={url} />
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="branches-title">
        <h2 id="branches-title">{t('company.contacts.branches')}</h2>
        <ul className="branch-list">
          {branches.map((b) => (
            <li key={b.id}>
              <BranchCard branch={b} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

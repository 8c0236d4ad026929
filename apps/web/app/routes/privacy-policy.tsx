import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { legalDocument } from '../features/company/legal/documents.server.ts'
import { LegalDocumentView } from '../features/company/legal-document-view.tsx'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import { pageMeta } from '../lib/seo/page-meta.ts'
import companyStyles from '../styles/company.css?url'
import type { Route } from './+types/privacy-policy'

/** The privacy policy in the visitor's language, with the company's current contacts. */
export async function loader({ context }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const contacts = await context.get(servicesContext).company.getContacts(locale)
  cacheForGuests(context, GUEST_PAGE_SECONDS.company, [pageTags.company])
  const { doc, version } = legalDocument('privacy', locale, contacts)
  return {
    doc,
    version,
    title: doc.title,
    description: doc.description,
    canonical: `${context.get(requestInfoContext).publicUrl}/privacy-policy`,
  }
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: companyStyles }]

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData)

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView doc={loaderData.doc} version={loaderData.version} />
}

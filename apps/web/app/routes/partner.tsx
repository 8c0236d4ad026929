import { data, isRouteErrorResponse, Link } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS } from '../features/account/account-guard.server.ts'
import { formatPhone, normaliseKzPhone } from '../features/auth/phone.ts'
import { sendPartnerRequest } from '../features/partners/partner-request.server.ts'
import { PartnerRequestForm } from '../features/partners/partner-request-form.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import { INT4_MAX, parseId, requireIdParam } from '../lib/id-param.ts'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import { pageMeta } from '../lib/seo/page-meta.ts'
import { notFound, whenServiceFails } from '../lib/service-errors.ts'
import partnersStyles from '../styles/partners.css?url'
import { NotFoundContent } from '../ui/not-found-content.tsx'
import type { Route } from './+types/partner'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: partnersStyles }]

/** Signed in, the form carries the visitor's name and phone: such a page is never kept by a shared cache. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const cacheControl = actionHeaders.get('Cache-Control') ?? loaderHeaders.get('Cache-Control')
  const headers: Record<string, string> = { Vary: 'Cookie' }
  if (cacheControl) headers['Cache-Control'] = cacheControl
  return headers
}

/**
 * `/partners/{id}` (spec section 2): the partner, how to reach it (address, phones, website, the place in 2GIS
 * and Yandex Maps) and the service request form. A hidden or unknown partner is the not-found page (404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const missing = { title: translate(MESSAGES[locale], locale, 'partners.notFound') }
  const id = requireIdParam(params.id, missing, INT4_MAX)
  const partner = await whenServiceFails(services.partners.getPartner(id, locale), ({ code }): undefined => {
    if (code === 'partner.not_found') throw notFound(missing)
    return undefined
  })
  const user = await services.sessions.sessionUser(request.headers)
  let prefill = { name: '', phone: '' }
  if (user) {
    const [profile] = await services.profiles.listMyProfiles(user)
    const phone = profile?.phone ?? user.phoneNumber ?? ''
    const name = profile?.full_name?.trim() || user.name.trim()
    // Phone accounts are named after their number until the owner sets a name: not a name to fill in.
    prefill = {
      name: normaliseKzPhone(name) === null ? name : '',
      phone: phone ? formatPhone(normaliseKzPhone(phone) ?? phone) : '',
    }
  }
  // A signed-in visitor's form is filled in with their name and phone: only guests' pages are cached.
  if (!user) cacheForGuests(context, GUEST_PAGE_SECONDS.partners, [pageTags.partners])
  const body = {
    partner,
    prefill,
    title: partner.name,
    description: `${partner.category.name}, ${partner.city.name}. ${partner.description}`.slice(0, 300),
    canonical: `${context.get(requestInfoContext).publicUrl}/partners/${partner.id}`,
  }
  return user ? data(body, { headers: PRIVATE_HEADERS }) : body
}

/** The request form's post: the same use case as POST /api/partners/{id}/requests/. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id, INT4_MAX)
  if (id === null) throw data(null, { status: 404 })
  const { result, status } = await sendPartnerRequest(
    context.get(servicesContext),
    id,
    await request.formData(),
    request,
    context.get(requestInfoContext).clientIp,
  )
  // The answer repeats what was typed (name, phone): personal, never cached.
  return data(result, { status, headers: PRIVATE_HEADERS })
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData && 'partner' in loaderData
    ? pageMeta(loaderData)
    : [{ title: 'Tulpar Auto' }, { name: 'robots', content: 'noindex' }]

export default function PartnerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const { partner, prefill } = loaderData
  const newTab = ` (${t('partners.newTab')})`
  return (
    <div className="container partner-page">
      <p className="partner-back">
        <Link to="/partners">← {t('partners.back')}</Link>
      </p>
      <h1>{partner.name}</h1>
      <p className="partner-category">
        <Link to={`/partners?category=${partner.category.code}`}>{partner.category.name}</Link> · {partner.city.name}
      </p>
      <div className="partner-layout">
        <div className="partner-main">
          <p className="partner-description">{partner.description}</p>
          <section className="panel partner-contacts" aria-labelledby="partner-contacts-title">
            <h2 id="partner-contacts-title">{t('partners.contacts')}</h2>
            <h3>{t('partners.howToReach')}</h3>
            <dl className="partner-facts">
              <dt>{t('partners.address')}</dt>
              <dd>
                {partner.city.name}, {partner.address}
              </dd>
              {partner.phones.length > 0 ? (
                <>
                  <dt>{t('partners.phones')}</dt>
                  <dd className="partner-phones">
                    {partner.phones.map((phone) => (
                      <a key={phone} href={`tel:${phone}`}>
                        {formatPhone(phone)}
                      </a>
                    ))}
                  </dd>
                </>
              ) : null}
              {partner.website ? (
                <>
                  <dt>{t('partners.website')}</dt>
                  <dd>
                    <a href={partner.website} target="_blank" rel="noopener noreferrer nofollow">
                      {partner.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    </a>
                  </dd>
                </>
              ) : null}
            </dl>
            <p className="partner-maps">
              <a
                className="button ghost"
                href={partner.mapLinks.twoGis}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t('partners.openIn2gis')}${newTab}`}
              >
                {t('partners.openIn2gis')} ↗
              </a>
              <a
                className="button ghost"
                href={partner.mapLinks.yandex}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${t('partners.openInYandex')}${newTab}`}
              >
                {t('partners.openInYandex')} ↗
              </a>
            </p>
          </section>
        </div>
        <section id="request" className="panel partner-request" aria-labelledby="partner-request-title">
          <h2 id="partner-request-title">{t('partners.request.title')}</h2>
          <p>{t('partners.request.text', { name: partner.name })}</p>
          <PartnerRequestForm partnerName={partner.name} prefill={prefill} fallback={actionData} />
        </section>
      </div>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n()
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundContent title={t('partners.notFound')} text={t('notFound.text')} />
  return <NotFoundContent title={t('error.title')} text={t('error.text')} />
}

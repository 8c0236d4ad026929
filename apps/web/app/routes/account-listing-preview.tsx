import type { ListingPreview } from '@tulpar/contracts'
import { Link, redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUserAndId } from '../features/account/account-guard.server.ts'
import { CarSummary } from '../features/car/car-summary.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import { notFound, whenServiceFails } from '../lib/service-errors.ts'
import carStyles from '../styles/car.css?url'
import sellingStyles from '../styles/selling.css?url'
import { island } from '../ui/island.tsx'
import { ListingErrorBoundary } from '../ui/listing-error-boundary.tsx'
import type { Route } from './+types/account-listing-preview'

/* The car page's sections as the car page has them, islands (ui/island.tsx): rendered by the server, their code loads
 * after the page. Imported directly they took the preview to 123,974 bytes of first-load JavaScript, over the budget
 * of 120 KB (docs/performance.md). */
const Gallery = island(() => import('../features/car/gallery.tsx').then((m) => m.Gallery))
const TotalCostCard = island(() => import('../features/car/total-cost.tsx').then((m) => m.TotalCostCard))
const Characteristics = island(() => import('../features/car/characteristics.tsx').then((m) => m.Characteristics))
const CarMore = island(() => import('../features/car/car-more.tsx').then((m) => m.CarMore))

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: carStyles },
  { rel: 'stylesheet', href: sellingStyles },
]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/**
 * The seller's own listing as buyers will see its page, before it is public: under review, returned by a
 * moderator, or a draft with every required field. Published and sold listings have their real page; anyone but
 * the owner (and staff) gets the same 404 as for a listing that does not exist.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { sessions, listings } = context.get(servicesContext)
  const locale = context.get(localeContext)
  const missing = { title: translate(MESSAGES[locale], locale, 'error.listing.not_found') }
  const { id, user } = await requireUserAndId(sessions, request, params.id, missing)
  const i18n = routeMessages(locale, 'sell', 'myListings')
  const title = translate(MESSAGES[locale], locale, 'myListings.preview')
  const car = await whenServiceFails(listings.previewListing(user, id, locale), ({ code }) => {
    if (code === 'listing.not_found') throw notFound(missing)
    return code === 'listing.incomplete' ? null : undefined
  })
  if (car === null) return { kind: 'incomplete' as const, id, title, i18n }
  if (car.status === 'published' || car.status === 'sold') throw redirect(`/cars/${id}`)
  return { kind: 'preview' as const, car, title, i18n }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function ListingPreviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n()
  if (loaderData.kind === 'incomplete')
    return (
      <div className="container preview-incomplete">
        <h1>{t('myListings.preview.incomplete.title')}</h1>
        <p>{t('myListings.preview.incomplete.text')}</p>
        <p className="preview-actions">
          <Link className="button primary" to={`/create-auto/${loaderData.id}`}>
            {t('myListings.resume')}
          </Link>
          <Link className="button ghost" to="/account/listings">
            {t('myListings.title')}
          </Link>
        </p>
      </div>
    )
  const { car } = loaderData
  const title = `${car.brand.name} ${car.model.name}, ${car.year}`
  return (
    <div className="container car-page">
      <nav aria-label={t('car.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/account/listings">{t('myListings.title')}</Link>
          </li>
          <li>
            <span aria-current="page">{t('myListings.preview')}</span>
          </li>
        </ol>
      </nav>
      <div className="notice preview-banner" role="status">
        <strong>
          {t('myListings.preview.title')} · {t(`sell.status.${car.status}`)}
        </strong>
        <p>
          {t(`myListings.preview.${car.status === 'draft' || car.status === 'rejected' ? car.status : 'moderation'}`)}
        </p>
        {car.rejectionReason ? (
          <p className="rejection">{t('myListings.reason', { reason: car.rejectionReason })}</p>
        ) : null}
      </div>
      <div className="car-layout">
        <div className="car-main">
          <Gallery photos={car.photos} title={title} />
        </div>
        <aside className="car-summary">
          <CarSummary car={car} />
          <PreviewActions car={car} />
        </aside>
        <div className="car-details">
          <TotalCostCard cost={car.totalCost} />
          <section className="section" aria-labelledby="specs-title">
            <h2 id="specs-title">{t('car.characteristics')}</h2>
            <Characteristics car={car} />
          </section>
          <section className="section" aria-labelledby="description-title">
            <h2 id="description-title">{t('car.description.title')}</h2>
            <p className="description">{car.description || t('car.noDescription')}</p>
          </section>
          <CarMore car={car} />
        </div>
      </div>
    </div>
  )
}

/** In place of the contacts: what buyers will find there, and the way back to the form. */
function PreviewActions({ car }: { car: ListingPreview }) {
  const { t } = useI18n()
  // Drafts and returned listings are sent from the form's last step; one under review already was.
  const toSend = car.status === 'draft' || car.status === 'rejected'
  return (
    <section className="owner-panel" aria-labelledby="preview-actions-title">
      <h2 id="preview-actions-title">{t('myListings.own.title')}</h2>
      <p className="muted">{t('myListings.preview.contacts')}</p>
      {toSend ? (
        <Link className="button primary block" to={`/create-auto/${car.id}?step=publish`}>
          {t('myListings.preview.send')}
        </Link>
      ) : null}
      <Link
        className={toSend ? 'button ghost block' : 'button primary block'}
        to={`/create-auto/${car.id}?step=characteristics`}
      >
        {t('myListings.edit')}
      </Link>
      <Link className="button ghost block" to="/account/listings">
        {t('myListings.title')}
      </Link>
    </section>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListingErrorBoundary error={error} other="rethrow" />
}

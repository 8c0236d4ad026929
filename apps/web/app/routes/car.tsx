import type { Services } from '@tulpar/api'
import type { Locale } from '@tulpar/contracts'
import { data, Link, type MetaDescriptor, redirect, type ShouldRevalidateFunctionArgs } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { viewerOf } from '../features/auth/viewer.server.ts'
import { requestCallback, revealPhone } from '../features/car/actions.server.ts'
import { carShownOf, similarCardOf, similarSrcOf } from '../features/car/car-page-data.server.ts'
import { CarSummary } from '../features/car/car-summary.tsx'
import { ContactBlock } from '../features/car/contact-block.tsx'
import { buildCarSeo, carHeadTags } from '../features/car/seo.server.ts'
import { catalogueHref } from '../features/catalogue/href.ts'
import { creditCarOf } from '../features/credit/credit-car.ts'
import { creditOfferOf } from '../features/credit/credit-offer.ts'
import { CreditWidget } from '../features/credit/credit-widget.tsx'
import { DealBadge } from '../features/valuation/deal-badge.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import { parseId } from '../lib/id-param.ts'
import { cacheForGuests, GUEST_PAGE_SECONDS, pageTags } from '../lib/page-cache/cache-for-guests.server.ts'
import { serviceErrorCode } from '../lib/service-errors.ts'
import carStyles from '../styles/car.css?url'
import { island } from '../ui/island.tsx'
import { ListingErrorBoundary } from '../ui/listing-error-boundary.tsx'
import type { Route } from './+types/car'

/** Static sections of the car page: their code loads after the page (ui/island); the server's HTML shows them at once. */
const TotalCostCard = island(() => import('../features/car/total-cost.tsx').then((m) => m.TotalCostCard))
const Characteristics = island(() => import('../features/car/characteristics.tsx').then((m) => m.Characteristics))
const ValuationPanel = island(() => import('../features/valuation/valuation-panel.tsx').then((m) => m.ValuationPanel))
const CarMore = island(() => import('../features/car/car-more.tsx').then((m) => m.CarMore))
const CarMeta = island(() => import('../features/car/car-meta.tsx').then((m) => m.CarMeta))
// The 410 page of a removed car: rare, and its links work before its code has loaded.
const GonePage = island(() => import('../features/car/gone-page.tsx').then((m) => m.GonePage))
// Only the seller ever sees it: no guest loads its code.
const OwnerPanel = island(() => import('../features/car/owner-panel.tsx').then((m) => m.OwnerPanel))
const ShareButton = island(() => import('../features/share/share-button.tsx').then((m) => m.ShareButton))
// The photos swipe and scroll with the keyboard as plain HTML; the buttons and the counter come with its code.
const Gallery = island(() => import('../features/car/gallery.tsx').then((m) => m.Gallery))
// Below the fold, after the details: its cards' hearts work as plain forms until its code has loaded.
const SimilarCars = island(() => import('../features/car/similar-cars.tsx').then((m) => m.SimilarCars))
// The car on sale's similar cars, asked for by band once its code has loaded (decision 045).
const SimilarCarsOfBand = island(() => import('../features/car/similar-cars.tsx').then((m) => m.SimilarCarsOfBand))

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: carStyles }]

/** A car that is not there (or not yet): 404 with its title. */
const carNotFound = (locale: Locale) =>
  data({ title: translate(MESSAGES[locale], locale, 'error.listing.not_found') }, { status: 404 })

/**
 * The page of a car no longer on sale: sold or removed (410, `gone`) or paused until its seller confirms it (404,
 * `paused`), with its name and similar cars; a 404 when there is no such car.
 */
async function endedCarPage<K extends 'gone' | 'paused'>(services: Services, locale: Locale, id: number, kind: K) {
  const [ended, similar] = await Promise.all([
    kind === 'gone' ? services.carPage.findRemovedListing(id) : services.carPage.findPausedListing(id),
    services.carPage.listSimilar(id, locale),
  ])
  if (!ended) throw carNotFound(locale)
  const name = [ended.brand.name, ended.model.name, ended.year].filter(Boolean).join(' ')
  return data(
    {
      kind,
      title: translate(MESSAGES[locale], locale, kind === 'gone' ? 'car.gone.title' : 'fresh.paused.title'),
      removed: { ...ended, name },
      similar: similar.results.map(similarCardOf),
    },
    { status: kind === 'gone' ? 410 : 404, headers: { 'X-Robots-Tag': 'noindex' } },
  )
}

/**
 * The car, and the address of its similar cars, which the browser asks for by price band (decision 045). Views are
 * counted by the page's beacon after it loads (routes/car-view.ts), so a guest's page is the same for every guest and
 * is cached, purged when the car changes (decision 019). Removed cars answer 410 with a page that points to the same
 * model, paused ones (decision 032) 404 with a page that says why; drafts and listings under moderation do not exist
 * (404).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const locale = context.get(localeContext)
  const services = context.get(servicesContext)
  const { publicUrl } = context.get(requestInfoContext)
  const notFound = () => carNotFound(locale)
  const id = parseId(params.id)
  if (id === null) throw notFound()

  let car: Awaited<ReturnType<typeof services.listings.getListing>>
  try {
    car = await services.listings.getListing(id, locale)
  } catch (error) {
    const code = serviceErrorCode(error)
    if (code === 'listing.gone') return endedCarPage(services, locale, id, 'gone')
    if (code === 'listing.paused') {
      // Paused until its seller confirms it is for sale (decision 032): the seller sees the preview, buyers why.
      const preview = await ownPreview(context, request, id)
      if (preview) throw preview
      return endedCarPage(services, locale, id, 'paused')
    }
    if (code === 'listing.not_found') throw (await ownPreview(context, request, id)) ?? notFound()
    throw error
  }

  const own = await ownListing(context, request, id)
  const seo = buildCarSeo(car, publicUrl, locale)
  // The page shows this car alone: its similar cars are the browser's follow-up, by price band (decision 045).
  cacheForGuests(context, GUEST_PAGE_SECONDS.car, [pageTags.listing(id)])
  // Only what the page reads (car-page-data.server.ts): each value sent is encoded in every render.
  return data({
    kind: 'car' as const,
    car: carShownOf(car),
    similarSrc: similarSrcOf(car, locale),
    // The share button's link; the root's hreflang alternates are built from it too (lib/seo/alternates.ts).
    canonical: seo.canonical,
    // Built here as one text: the tags' code stays on the server (the car page's first-load JS is at its budget).
    head: carHeadTags(seo),
    credit: car.status === 'published' ? creditOfferOf(services.valuation.getCreditProgrammes(locale)) : null,
    today: new Date().toISOString().slice(0, 10),
    /** The seller's own car: their panel (stats, edit, sold) instead of the contacts, with its messages. */
    own,
    ...(own ? { i18n: routeMessages(locale, 'myListings') } : {}),
  })
}

/** The listing's stats when the signed-in visitor owns it; null for a guest (no lookup) and anyone else. */
async function ownListing(context: Route.LoaderArgs['context'], request: Request, id: number) {
  const viewer = await viewerOf(context, request).catch(() => null)
  return viewer ? context.get(servicesContext).selling.ownListingStats(viewer, id) : null
}

/** The seller opening their car before it is public (a link kept from the form) is sent to its preview. */
async function ownPreview(context: Route.LoaderArgs['context'], request: Request, id: number) {
  const viewer = await viewerOf(context, request).catch(() => null)
  if (!viewer || !(await context.get(servicesContext).selling.ownListingStats(viewer, id))) return null
  return redirect(`/account/listings/${id}/preview`)
}

/** A removed car's 410 tells crawlers to drop it (the visitor cookie needs nothing here: Set-Cookie passes on its own). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const robots = loaderHeaders.get('X-Robots-Tag')
  return robots ? { 'X-Robots-Tag': robots } : new Headers()
}

/** Reveal the number and request a call-back: plain form posts, answered by the same use cases as the API. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id)
  if (id === null) throw data(null, { status: 404 })
  const services = context.get(servicesContext)
  const { clientIp } = context.get(requestInfoContext)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'reveal') {
    const { result, status } = await revealPhone(services, id, clientIp)
    return data(result, { status })
  }
  if (intent === 'callback') {
    const { result, status } = await requestCallback(services, id, form, request, clientIp)
    return data(result, { status })
  }
  throw data(null, { status: 400 })
}

/** Revealing a number or sending a request changes nothing else on the page: no need to reload it. */
export function shouldRevalidate({ formData, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // A credit application is stored as a lead: nothing on the car page changes.
  if (formAction?.startsWith('/credit')) return false
  const intent = formData?.get('intent')
  return intent === 'reveal' || intent === 'callback' ? false : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (loaderData?.kind === 'gone' || loaderData?.kind === 'paused') {
    return [{ title: `${loaderData.title} — Tulpar Auto` }, { name: 'robots', content: 'noindex' }]
  }
  if (!loaderData) return [{ title: 'Tulpar Auto' }, { name: 'robots', content: 'noindex' }]
  // Our own server's JSON text (features/car/seo.server.ts, carHeadTags).
  const tags: MetaDescriptor[] = JSON.parse(loaderData.head)
  return tags
}

export default function CarPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  if (loaderData.kind !== 'car')
    return (
      <GonePage removed={loaderData.removed} paused={loaderData.kind === 'paused'}>
        <SimilarCars cars={loaderData.similar} />
      </GonePage>
    )
  const { car } = loaderData
  const title = `${car.brand.name} ${car.model.name}, ${car.year}`
  const sold = car.status === 'sold'
  const rating = car.valuation?.rating ?? car.dealRating
  return (
    <div className="container car-page">
      <nav aria-label={t('car.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/cars">{t('car.catalogue')}</Link>
          </li>
          <li>
            <Link to={catalogueHref({ brand: car.brand.slug })}>{car.brand.name}</Link>
          </li>
          <li>
            <Link to={catalogueHref({ brand: car.brand.slug, model: car.model.slug })}>{car.model.name}</Link>
          </li>
          <li>
            <Link
              to={catalogueHref({ brand: car.brand.slug, model: car.model.slug, yearFrom: car.year, yearTo: car.year })}
              aria-current="page"
            >
              {car.year}
            </Link>
          </li>
        </ol>
      </nav>
      {sold ? (
        <div className="sold-banner" role="status">
          <strong>{t('car.sold.title')}</strong>
          <p>{t('car.sold.text')}</p>
        </div>
      ) : null}
      <div className="car-layout">
        <div className="car-main">
          <Gallery photos={car.photos} title={title} />
        </div>
        <aside className="car-summary">
          <CarSummary car={car} dealBadge={rating && !sold ? <DealBadge rating={rating} /> : null} />
          {loaderData.own ? (
            <OwnerPanel id={car.id} own={loaderData.own} />
          ) : sold ? null : (
            <ContactBlock car={car} actionData={actionData} />
          )}
          <CarMeta
            id={car.id}
            viewsCount={car.viewsCount}
            publishedAt={car.publishedAt}
            confirmedAt={sold ? null : car.confirmedAt}
            today={loaderData.today}
          />
          <ShareButton url={loaderData.canonical} title={title} />
        </aside>
        <div className="car-details">
          {/* On a phone it follows the price and contact block; on a desktop it heads the column under the photos. */}
          {sold ? null : <ValuationPanel valuation={car.valuation} priceKzt={car.priceKzt} />}
          {sold ? null : <TotalCostCard cost={car.totalCost} />}
          <section className="section" aria-labelledby="specs-title">
            <h2 id="specs-title">{t('car.characteristics')}</h2>
            <Characteristics car={car} />
          </section>
          <section className="section" aria-labelledby="description-title">
            <h2 id="description-title">{t('car.description.title')}</h2>
            <p className="description">{car.description || t('car.noDescription')}</p>
          </section>
          {loaderData.credit ? (
            <CreditWidget offer={loaderData.credit} car={creditCarOf(car)} today={loaderData.today} />
          ) : null}
          <CarMore car={car} />
        </div>
      </div>
      <SimilarCarsOfBand
        src={loaderData.similarSrc}
        carId={car.id}
        modelHref={catalogueHref({ brand: car.brand.slug, model: car.model.slug })}
        modelName={`${car.brand.name} ${car.model.name}`}
      />
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListingErrorBoundary error={error} other="rethrow" />
}

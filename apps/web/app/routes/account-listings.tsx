import type { MyListing } from '@tulpar/contracts'
import { useEffect, useRef } from 'react'
import { Link, useFetcher, useSearchParams } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { type ListingActionResult, runListingAction } from '../features/selling/my-listings.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import sellingCss from '../styles/selling.css?url'
import { Picture } from '../ui/picture.tsx'
import { useToast } from '../ui/toast.tsx'
import type { Route } from './+types/account-listings'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sellingCss }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, selling } = context.get(servicesContext)
  const user = await requireUser(sessions, request, '/account/listings')
  const locale = context.get(localeContext)
  const { results } = await selling.listMyListings(user)
  return {
    listings: results,
    title: translate(MESSAGES[locale], locale, 'myListings.title'),
    i18n: routeMessages(locale, 'sell', 'myListings'),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const user = await requireUser(services.sessions, request, '/account/listings')
  return runListingAction(services, user, await request.formData())
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

const EDITABLE = new Set(['draft', 'moderation', 'published', 'rejected'])

type Fetcher = ReturnType<typeof useFetcher<ListingActionResult>>

function ListingRow({ listing, fetcher }: { listing: MyListing; fetcher: Fetcher }) {
  const { t, price, distance, date } = useI18n()
  const busy = fetcher.state !== 'idle'
  const title = listing.title ?? t('myListings.untitled')
  const resume = `/create-auto/${listing.id}?step=${listing.nextStep}`
  const isPublic = listing.status === 'published' || listing.status === 'sold'
  // Before it is public the seller sees it as buyers will: a draft once every step is filled in.
  const preview =
    listing.status === 'moderation' ||
    listing.status === 'rejected' ||
    (listing.status === 'draft' && listing.nextStep === 'publish')
      ? `/account/listings/${listing.id}/preview`
      : null
  return (
    <li className="my-listing" data-status={listing.status}>
      <div className="my-listing-photo">
        {listing.coverKey ? (
          <Picture photoKey={listing.coverKey} alt={title} variant="card" sizes="160px" />
        ) : (
          <div className="no-photo" aria-hidden="true" />
        )}
      </div>
      <div className="my-listing-body">
        <p className="my-listing-head">
          <span className={`status-badge status-${listing.status}`}>{t(`sell.status.${listing.status}`)}</span>
          <small className="muted">{t('myListings.updated', { date: date(listing.updatedAt) })}</small>
        </p>
        <h2>
          {isPublic ? (
            <Link to={`/cars/${listing.id}`}>{title}</Link>
          ) : preview ? (
            <Link to={preview}>{title}</Link>
          ) : (
            title
          )}
        </h2>
        <p className="my-listing-facts">
          <strong>{listing.priceKzt ? price(listing.priceKzt) : t('myListings.noPrice')}</strong>
          {listing.mileage !== null ? <span>{distance(listing.mileage, listing.mileageUnit)}</span> : null}
          <span>{t('myListings.photos', { count: listing.photoCount })}</span>
        </p>
        {listing.publishedAt ? (
          <p className="my-listing-stats muted">
            {[
              t('myListings.stats.views', { count: listing.viewsCount }),
              t('myListings.stats.reveals', { count: listing.phoneRevealsCount }),
              t('myListings.stats.saved', { count: listing.savedCount }),
            ].join(' · ')}
          </p>
        ) : null}
        {listing.status === 'paused' ? <p className="notice">{t('fresh.ownPaused')}</p> : null}
        {listing.status === 'rejected' && listing.rejectionReason ? (
          <p className="rejection">{t('myListings.reason', { reason: listing.rejectionReason })}</p>
        ) : null}
        <div className="my-listing-actions">
          {listing.status === 'draft' ? (
            <Link to={resume} className="button primary">
              {t('myListings.resume')}
            </Link>
          ) : EDITABLE.has(listing.status) ? (
            <Link to={`/create-auto/${listing.id}?step=characteristics`} className="button ghost">
              {t('myListings.edit')}
            </Link>
          ) : null}
          {preview ? (
            <Link to={preview} className="button ghost">
              {t('myListings.preview')}
            </Link>
          ) : null}
          {listing.status === 'published' || listing.status === 'paused' ? (
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={listing.id} />
              <button type="submit" name="intent" value="still-for-sale" className="button primary" disabled={busy}>
                {t(listing.status === 'paused' ? 'fresh.buttonPaused' : 'fresh.button')}
              </button>
              <button type="submit" name="intent" value="sold" className="button ghost" disabled={busy}>
                {t('myListings.markSold')}
              </button>
            </fetcher.Form>
          ) : null}
          {listing.status === 'published' ? (
            <Link to={`/account/listings/${listing.id}/promote`} className="button ghost">
              {t('myListings.promote')}
            </Link>
          ) : null}
          {listing.status !== 'draft' && EDITABLE.has(listing.status) ? (
            <details className="inline-details">
              <summary className="button ghost">{t('myListings.changePrice')}</summary>
              <fetcher.Form method="post" className="price-form">
                <input type="hidden" name="id" value={listing.id} />
                <label>
                  <span>{t('myListings.newPrice')}</span>
                  <input
                    type="number"
                    name="priceKzt"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    required
                    defaultValue={listing.priceKzt ?? ''}
                  />
                </label>
                <button type="submit" name="intent" value="price" className="button primary" disabled={busy}>
                  {t('myListings.savePrice')}
                </button>
              </fetcher.Form>
            </details>
          ) : null}
          <details className="inline-details">
            <summary className="button ghost danger-text">{t('myListings.delete')}</summary>
            <fetcher.Form method="post" className="delete-form">
              <input type="hidden" name="id" value={listing.id} />
              <p>{t('myListings.deleteConfirm')}</p>
              <button type="submit" name="intent" value="delete" className="button danger" disabled={busy}>
                {t('myListings.deleteYes')}
              </button>
            </fetcher.Form>
          </details>
        </div>
      </div>
    </li>
  )
}

export default function AccountListings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const toast = useToast()
  const [params] = useSearchParams()
  const sent = params.get('sent')
  // A trusted dealer's car is on sale at once (issue 38): say so instead of "sent to moderation".
  const sentPublished =
    sent !== null && loaderData.listings.some((l) => String(l.id) === sent && l.status === 'published')
  // One fetcher for every row: a deleted row is gone before it could announce its own result.
  const fetcher = useFetcher<ListingActionResult>()
  const shown = useRef<ListingActionResult | null>(null)
  useEffect(() => {
    const done = fetcher.data
    if (!done || shown.current === done || fetcher.state !== 'idle') return
    shown.current = done
    if (done.ok) toast.success(done.notice)
    else toast.error(done.error)
  }, [fetcher.data, fetcher.state, toast])
  // Without JavaScript the forms post here and the answer is shown as a banner.
  const result = actionData
  return (
    <div className="container my-listings">
      <div className="my-listings-head">
        <h1>{t('myListings.title')}</h1>
        <Link to="/create-auto" className="button primary">
          {t('myListings.new')}
        </Link>
      </div>
      {/* Said once, on the page: a toast with the same text would cover the New listing button. */}
      {sent ? (
        <p className="notice success-notice" role="status">
          {t(sentPublished ? 'sell.notice.published' : 'sell.notice.sent')}
        </p>
      ) : null}
      {result ? (
        <p className={result.ok ? 'notice success-notice' : 'notice error-notice'} role="status">
          {t(result.ok ? result.notice : result.error)}
        </p>
      ) : null}
      {loaderData.listings.length === 0 ? (
        <p className="empty">{t('myListings.empty')}</p>
      ) : (
        <ul className="my-listing-list">
          {loaderData.listings.map((l) => (
            <ListingRow key={l.id} listing={l} fetcher={fetcher} />
          ))}
        </ul>
      )}
    </div>
  )
}

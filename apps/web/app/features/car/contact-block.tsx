import type { ListingDetail } from '@tulpar/contracts'
import { lazy, Suspense, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import type { CarActionResult, RevealResult } from './contact.ts'

// The call-back dialog loads when first wanted (hover, focus or tap on its button): 2.5 KB gzip that most car
// page views never need (docs/performance.md). Without JavaScript the button is a link to /cars/{id}/callback.
const loadCallbackForm = () => import('./callback-form.tsx')
const CallbackDialog = lazy(() => loadCallbackForm().then((m) => ({ default: m.CallbackDialog })))

/**
 * "Call the seller" (spec): the masked number, a button that reveals it (a plain form POST, so it also works
 * before JavaScript loads or without it), and the call-back request, in a dialog with JavaScript and on a page
 * of its own (/cars/{id}/callback) without.
 */
export function ContactBlock({
  car,
  actionData,
}: {
  car: Pick<ListingDetail, 'id' | 'contactPhoneMasked' | 'seller' | 'dealer'>
  actionData: CarActionResult | undefined
}) {
  const { t, date } = useI18n()
  const reveal = useFetcher<RevealResult>()
  const [dialogOpen, setDialogOpen] = useState(false)
  const [dialogWanted, setDialogWanted] = useState(false)
  const hydrated = useHydrated()
  const revealed = reveal.data ?? (actionData?.intent === 'reveal' ? actionData : undefined)
  return (
    <section className="contact-block" aria-labelledby="contact-title">
      <h2 id="contact-title">{t('car.contact.title')}</h2>
      {car.dealer ? (
        <p className="seller-dealer">
          <span className="badge badge-dealer">{t('dealer.badge')}</span>{' '}
          <Link to={`/dealers/${car.dealer.id}`}>{car.dealer.name}</Link>
        </p>
      ) : null}
      <p className="seller">
        <strong>{car.seller.name ?? t('car.contact.privateSeller')}</strong>
        <br />
        <span className="muted">{t('car.contact.memberSince', { date: date(car.seller.memberSince) })}</span>
      </p>
      <p className="contact-hint">{t('car.contact')}</p>
      {revealed?.phone ? (
        <a className="button primary block phone-link" href={`tel:${revealed.phone}`}>
          {revealed.display ?? revealed.phone}
        </a>
      ) : (
        <reveal.Form method="post" className="reveal-form">
          <span className="masked-phone">{car.contactPhoneMasked}</span>
          <input type="hidden" name="intent" value="reveal" />
          <button type="submit" className="button primary" disabled={reveal.state !== 'idle'}>
            {t('car.contact.show')}
          </button>
        </reveal.Form>
      )}
      {revealed?.error ? (
        <p className="form-error" role="alert">
          {t(revealed.error)}
        </p>
      ) : null}
      {hydrated ? (
        <button
          type="button"
          className="button ghost block"
          onPointerEnter={loadCallbackForm}
          onFocus={loadCallbackForm}
          onClick={() => {
            setDialogWanted(true)
            setDialogOpen(true)
          }}
        >
          {t('car.callback.open')}
        </button>
      ) : (
        // Without JavaScript the form is a page of its own.
        <a className="button ghost block" href={`/cars/${car.id}/callback`}>
          {t('car.callback.open')}
        </a>
      )}
      {/* A page of its own (a guest signs in first and comes back): no script for it on the car page. */}
      <a className="button ghost block write-link" href={`/cars/${car.id}/write`}>
        {t('chat.write.title')}
      </a>
      <p className="safety-note">{t('car.contact.safety')}</p>
      {/* A page of its own too (sign-in first): the moderators check what a visitor reports. */}
      <a className="complaint-link" href={`/cars/${car.id}/complaint`} rel="nofollow">
        {t('complaint.link')}
      </a>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <CallbackDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  )
}

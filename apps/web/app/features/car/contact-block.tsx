import type { ListingDetail } from '@tulpar/contracts'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { formatPhone } from '../auth/phone.ts'
import { CallbackDialog, CallbackForm } from './callback-form.tsx'
import type { CarActionResult, RevealResult } from './contact.ts'

/**
 * "Call the seller" (spec): the masked number, a button that reveals it (a plain form POST, so it also works
 * before JavaScript loads or without it), and the call-back request, in a dialog with JavaScript and inline
 * (`?callback`) without.
 */
export function ContactBlock({
  car,
  actionData,
  inlineCallback,
}: {
  car: Pick<ListingDetail, 'id' | 'contactPhoneMasked' | 'seller'>
  actionData: CarActionResult | undefined
  inlineCallback: boolean
}) {
  const { t, date } = useI18n()
  const reveal = useFetcher<RevealResult>()
  const [dialogOpen, setDialogOpen] = useState(false)
  const hydrated = useHydrated()
  const revealed = reveal.data ?? (actionData?.intent === 'reveal' ? actionData : undefined)
  const callbackFallback = actionData?.intent === 'callback' ? actionData : undefined
  return (
    <section className="contact-block" aria-labelledby="contact-title">
      <h2 id="contact-title">{t('car.contact.title')}</h2>
      <p className="seller">
        <strong>{car.seller.name ?? t('car.contact.privateSeller')}</strong>
        <br />
        <span className="muted">{t('car.contact.memberSince', { date: date(car.seller.memberSince) })}</span>
      </p>
      <p className="contact-hint">{t('car.contact')}</p>
      {revealed?.phone ? (
        <a className="button primary block phone-link" href={`tel:${revealed.phone}`}>
          {formatPhone(revealed.phone)}
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
        <button type="button" className="button ghost block" onClick={() => setDialogOpen(true)}>
          {t('car.callback.open')}
        </button>
      ) : (
        // Without JavaScript the form is shown in the page instead of a dialog.
        <a className="button ghost block" href="?callback#callback">
          {t('car.callback.open')}
        </a>
      )}
      <p className="safety-note">{t('car.contact.safety')}</p>
      {inlineCallback ? (
        <section id="callback" className="callback-inline" aria-labelledby="callback-inline-title">
          <h3 id="callback-inline-title">{t('car.callback.title')}</h3>
          <CallbackForm fallback={callbackFallback} idPrefix="inline" onDone={() => {}} />
        </section>
      ) : null}
      <CallbackDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </section>
  )
}

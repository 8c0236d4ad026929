import {
  assessProgramme,
  type CreditCar,
  type CreditMisfit,
  type CreditProgramme,
  dtiWaiver,
  type ProgrammeFit,
} from '@tulpar/contracts/credit'
import { useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import type { Params } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useAnswerToast, useSubmitValidation } from '../../lib/form-validation.ts'
import { FormError, PHONE_INPUT, TextField } from '../../ui/field.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { useValueOnLoad } from '../../ui/use-value-on-load.ts'
import { CREDIT_FIELDS, type CreditResult, NAME_MAX_LENGTH, parseKzt, validateCredit } from './credit-form.ts'
import type { CreditOffer } from './credit-offer.ts'

/** The spec's placeholders (section 9): what the payment is worked out on until the visitor types their own. */
const PLACEHOLDER_PRICE = 10_000_000
const PLACEHOLDER_DOWN_PAYMENT = 2_500_000

/** The car the widget is about, when it sits on a car page. */
export type CreditWidgetCar = CreditCar & { listingId: number; name: string }

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
const brandName = (slug: string) => (slug.length <= 3 ? slug.toUpperCase() : slug[0]?.toUpperCase() + slug.slice(1))

/**
 * The spec's credit widget (home page and every car page): car price, down payment, term, phone, last and first
 * name. The monthly payment and which programmes the car fits follow what is typed; the application posts to
 * /credit (a fetcher with JavaScript, a plain form post without) and is stored as a lead.
 */
export interface CreditWidgetProps {
  offer: CreditOffer
  car?: CreditWidgetCar
  /** The server's date (YYYY-MM-DD): the waiver rule's end is judged by it, the same in both renders. */
  today: string
  /** The action's answer when the form was posted without JavaScript. */
  fallback?: CreditResult
}

export default function CreditWidgetLive({ offer, car, today, fallback }: CreditWidgetProps) {
  const { t, price: money, date } = useI18n()
  const location = useLocation()
  const hydrated = useHydrated()
  const fetcher = useFetcher<CreditResult>({ key: `credit-${car?.listingId ?? 'any'}` })
  const { errors: clientErrors, onSubmit } = useSubmitValidation(CREDIT_FIELDS, validateCredit)
  const result = fetcher.data ?? fallback
  const kept = result && !result.ok ? result.values : null
  const carDown = car ? Math.round((car.priceKzt * offer.defaultDownPaymentPct) / 100) : null
  const [priceText, setPriceText] = useState(kept?.carPriceKzt ?? (car ? group(car.priceKzt) : ''))
  const [downText, setDownText] = useState(kept?.downPaymentKzt ?? (carDown === null ? '' : group(carDown)))
  const [term, setTerm] = useState(kept?.termMonths || String(offer.defaultTermMonths))
  const errors = clientErrors ?? result?.fieldErrors ?? {}
  // The widget is an island (credit-widget.tsx) and its amounts and term are uncontrolled: what a visitor typed or
  // chose before its code had loaded stays in them and is taken into the calculation (ui/use-value-on-load.ts).
  const priceField = useValueOnLoad<HTMLInputElement>(setPriceText)
  const downField = useValueOnLoad<HTMLInputElement>(setDownText)
  const termField = useValueOnLoad<HTMLSelectElement>(setTerm)

  useAnswerToast(fetcher, 'credit.sent')

  // Empty fields are worked out on the spec's example; a typed amount that is not a number shows no payment.
  const priceKzt = priceText.trim() === '' ? PLACEHOLDER_PRICE : parseKzt(priceText)
  const downKzt = downText.trim() === '' ? PLACEHOLDER_DOWN_PAYMENT : parseKzt(downText)
  const termMonths = Number(term)
  const assessed: CreditCar | null = priceKzt === null ? null : { ...car, priceKzt }
  const request = { downPaymentKzt: downKzt ?? 0, termMonths }
  const currentYear = Number(today.slice(0, 4))
  const fits: [CreditProgramme, ProgrammeFit][] =
    assessed && downKzt !== null
      ? offer.programmes.map((p) => [p, assessProgramme(p, assessed, request, currentYear)])
      : []
  const best = fits
    .filter(([, f]) => f.fits && f.monthlyPaymentKzt !== null)
    .map(([, f]) => f.monthlyPaymentKzt as number)
    .sort((a, b) => a - b)[0]
  const waiver = assessed && downKzt !== null ? dtiWaiver(offer.dtiWaiver, assessed, request, today) : null
  const waiverActive = today <= offer.dtiWaiver.until
  const misfitText = (p: CreditProgramme, m: CreditMisfit) => {
    const params: Params = {
      years: p.maxCarAgeYears ?? 0,
      amount: money(m === 'price-above-limit' ? (p.maxCarPriceKzt ?? 0) : p.maxLoanKzt),
      percent: p.minDownPaymentPct,
      months: p.maxTermMonths,
      brands: (p.localBrands ?? []).map(brandName).join(', '),
    }
    return t(`credit.misfit.${m}`, params)
  }

  const sent =
    fetcher.data?.ok || (!fetcher.data && fallback?.ok) || new URLSearchParams(location.search).get('credit') === 'sent'
  const busy = fetcher.state !== 'idle'
  return (
    <section id="credit" className="credit-widget" aria-labelledby="credit-title">
      <h2 id="credit-title">{car ? t('credit.forCar', { car: car.name }) : t('credit.title')}</h2>
      {sent ? (
        <p className="form-success" role="status">
          {t('credit.sent')}
        </p>
      ) : (
        <p>{t('credit.text')}</p>
      )}
      <fetcher.Form
        method="post"
        action={car ? `/credit?car=${car.listingId}` : '/credit'}
        noValidate
        className="credit-form"
        onSubmit={onSubmit}
      >
        {car ? <input type="hidden" name="listingId" value={car.listingId} /> : null}
        <input type="hidden" name="redirectTo" value={car ? `/cars/${car.listingId}` : location.pathname} />
        {/* Only a fetcher post gets the answer as data; a plain form post is sent back to the page it came from. */}
        {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
        <div className="credit-amounts">
          <TextField
            name="carPriceKzt"
            label={t('credit.price')}
            inputMode="numeric"
            placeholder={group(PLACEHOLDER_PRICE)}
            ref={priceField}
            defaultValue={priceText}
            onChange={(e) => setPriceText(e.target.value)}
            maxLength={20}
            error={errors.carPriceKzt ? t(errors.carPriceKzt) : null}
          />
          <TextField
            name="downPaymentKzt"
            label={t('credit.downPayment')}
            inputMode="numeric"
            placeholder={group(PLACEHOLDER_DOWN_PAYMENT)}
            ref={downField}
            defaultValue={downText}
            onChange={(e) => setDownText(e.target.value)}
            maxLength={20}
            error={errors.downPaymentKzt ? t(errors.downPaymentKzt) : null}
          />
          <div className="field">
            <label htmlFor={`credit-term-${car?.listingId ?? 'any'}`}>{t('credit.term')}</label>
            <select
              id={`credit-term-${car?.listingId ?? 'any'}`}
              ref={termField}
              name="termMonths"
              defaultValue={term}
              onChange={(e) => setTerm(e.target.value)}
            >
              {offer.termOptions.map((months) => (
                <option key={months} value={months}>
                  {t('credit.termOption', { months })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="credit-result" aria-live="polite">
          <span>{t('credit.monthly')}</span>
          <strong data-testid="credit-monthly">{best === undefined ? '—' : money(best)}</strong>
          {best === undefined && fits.length > 0 ? <small>{t('credit.noneFits')}</small> : null}
          {priceKzt !== null && downKzt !== null && priceKzt > downKzt ? (
            <small>{t('credit.loanAmount', { amount: money(priceKzt - downKzt) })}</small>
          ) : null}
        </div>
        <details className="credit-programmes" open={Boolean(car)}>
          <summary>{t('credit.programmes')}</summary>
          <ul>
            {fits.map(([p, f]) => (
              <li key={p.id} className={f.fits ? 'fits' : 'misfit'} data-programme={p.id}>
                <span>
                  <strong>{t(`credit.programme.${p.id}`)}</strong> · {t('credit.rate', { rate: p.annualRatePct })}
                </span>
                <span className="verdict">
                  {f.fits
                    ? p.localBrands
                      ? t('credit.mayFit')
                      : t('credit.fits')
                    : `${t('credit.doesNotFit')}: ${f.misfits.map((m) => misfitText(p, m)).join('; ')}`}
                  {f.fits && f.monthlyPaymentKzt !== null
                    ? ` — ${t('credit.monthlyValue', { amount: money(f.monthlyPaymentKzt) })}`
                    : null}
                </span>
                <a href={p.sourceUrl} rel="noopener noreferrer" target="_blank" className="source">
                  {t('credit.source')}: {p.source}
                </a>
              </li>
            ))}
          </ul>
          {waiverActive ? (
            <p className="credit-dti">
              {waiver
                ? t(`credit.dti.${waiver}`, { date: date(offer.dtiWaiver.until) })
                : t('credit.dti.applies', {
                    percent: Math.round(offer.dtiWaiver.usualMaxRatio * 100),
                    date: date(offer.dtiWaiver.until),
                  })}{' '}
              <a href={offer.dtiWaiver.sourceUrl} rel="noopener noreferrer" target="_blank" className="source">
                {t('credit.dti.source')}
              </a>
            </p>
          ) : null}
          <p className="muted">{t('credit.estimate', { date: date(offer.checkedOn) })}</p>
        </details>
        <div className="credit-contact">
          <TextField
            {...PHONE_INPUT}
            name="phone"
            label={t('credit.phone')}
            defaultValue={kept?.phone ?? ''}
            error={errors.phone ? t(errors.phone) : null}
          />
          <TextField
            name="lastName"
            autoComplete="family-name"
            label={t('credit.lastName')}
            defaultValue={kept?.lastName ?? ''}
            maxLength={NAME_MAX_LENGTH}
            error={errors.lastName ? t(errors.lastName) : null}
          />
          <TextField
            name="firstName"
            autoComplete="given-name"
            label={t('credit.firstName')}
            defaultValue={kept?.firstName ?? ''}
            maxLength={NAME_MAX_LENGTH}
            error={errors.firstName ? t(errors.firstName) : null}
          />
        </div>
        <FormError error={fetcher.data ? null : result?.error} />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('credit.sending') : t('credit.submit')}
        </button>
      </fetcher.Form>
    </section>
  )
}

import type { FieldStep, SellerListing, SellingStep } from '@tulpar/contracts'
import { FIELD_STEPS, SELLING_STEPS } from '@tulpar/contracts/selling-rules'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS } from '../features/account/account-guard.server.ts'
import { formatPhone } from '../features/auth/phone.ts'
import { loadStepChoices } from '../features/selling/choices.server.ts'
import {
  FIELD_STEP,
  type FieldMessages,
  fieldMessages,
  formValues,
  SEND_CODE_FORM,
} from '../features/selling/form-data.ts'
import {
  confirmPhoneFromForm,
  type PhoneCodeState,
  sendPhoneCodeFromForm,
} from '../features/selling/phone-confirm.server.ts'
import { loadOwnListing, publishFromForm, saveStepFromForm } from '../features/selling/step-action.server.ts'
import { listingValues, STEP_FIELDS } from '../features/selling/step-fields.tsx'
import { StepProgress } from '../features/selling/step-progress.tsx'
import { one } from '../features/selling/step-values.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import sellingCss from '../styles/selling.css?url'
import { island } from '../ui/island.tsx'
import { ListingErrorBoundary } from '../ui/listing-error-boundary.tsx'
import type { Route } from './+types/create-auto-step'

// The photos' step (uploads, order, removal) and the phone's confirmation (the price and publish steps): islands
// (ui/island.tsx), their code loads at the first touch, key or focus, not with every step of the form (the budget
// of 120 KB of first-load JavaScript, docs/performance.md).
const PhotoStep = island(() => import('../features/selling/photo-step.tsx').then((m) => m.PhotoStep))
const phoneConfirm = () => import('../features/selling/phone-confirm.tsx')
const PhoneConfirm = island(() => phoneConfirm().then((m) => m.PhoneConfirm))
const SendCodeForm = island(() => phoneConfirm().then((m) => m.SendCodeForm))
const DefaultSubmit = island(() => phoneConfirm().then((m) => m.DefaultSubmit))

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sellingCss }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

const isStep = (s: string | null): s is SellingStep => SELLING_STEPS.some((x) => x === s)
const isFieldStep = (s: string): s is FieldStep => FIELD_STEPS.some((x) => x === s)
const stepAfter = (s: SellingStep) => SELLING_STEPS[SELLING_STEPS.indexOf(s) + 1] ?? 'publish'
/** Brand and model of a listing buyers or moderators see are fixed. */
const isLocked = (l: SellerListing, step: SellingStep) =>
  (step === 'brand' || step === 'model') && (l.status === 'moderation' || l.status === 'published')

export async function loader(args: Route.LoaderArgs) {
  const { listing } = await loadOwnListing(args.context.get(servicesContext), args.request, args.params.id)
  const locale = args.context.get(localeContext)
  const asked = new URL(args.request.url).searchParams.get('step')
  const step: SellingStep = isStep(asked) ? asked : listing.status === 'draft' ? listing.nextStep : 'characteristics'
  const choices = await loadStepChoices(args.context.get(servicesContext), step, listing, locale)
  const m = MESSAGES[locale]
  const title = translate(m, locale, listing.status === 'draft' ? 'sell.title.new' : 'sell.title.edit')
  return { listing, step, choices, title, i18n: routeMessages(locale, 'sell', 'myListings') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

type ActionResult = {
  errors: FieldMessages
  values: Record<string, string | string[]>
  missing?: SellingStep[]
  phone?: PhoneCodeState
}
/** Drafts and rejected listings are sent; one under review or published already was (changes go by themselves). */
const canPublish = (l: SellerListing) => l.status === 'draft' || l.status === 'rejected'

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext)
  const { user, listing } = await loadOwnListing(services, args.request, args.params.id)
  const form = await args.request.formData()
  const intent = String(form.get('intent') ?? 'next')
  const step = String(form.get('step') ?? '')
  const here = `/create-auto/${listing.id}`
  const { clientIp } = args.context.get(requestInfoContext)

  // The publish step's "send code" form (no step): a code to the listing's contact phone.
  if (intent === 'send-code' && step === '') {
    const phone = await sendPhoneCodeFromForm(services, user, listing.id, clientIp)
    return data<ActionResult>({ errors: {}, values: {}, phone }, { status: phone.error ? 429 : 200 })
  }

  if (intent === 'publish') {
    // The phone is confirmed in place: the code typed in the publish step is checked first; the draft is untouched.
    if (canPublish(listing) && !listing.contactPhoneConfirmed && listing.contactPhone) {
      const error = await confirmPhoneFromForm(services, user, listing.id, clientIp, String(form.get('code') ?? ''))
      if (error) return data<ActionResult>({ errors: {}, values: {}, phone: { sent: false, error } }, { status: 400 })
    }
    const failed = await publishFromForm(services, user, listing.id)
    if (!failed) return redirect(`/account/listings?sent=${listing.id}`)
    if (failed === 'phone_not_confirmed') {
      const phone: PhoneCodeState = { sent: false, error: 'sell.phone.required' }
      return data<ActionResult>({ errors: {}, values: {}, phone }, { status: 409 })
    }
    const missing = [...new Set(failed.map((e) => FIELD_STEP[e.field.replace('body.', '')] ?? 'publish'))]
    return data<ActionResult>({ errors: fieldMessages(failed), values: {}, missing }, { status: 400 })
  }

  // A listing under review or published confirms a new contact phone in place on the price step, then saves.
  const code = String(form.get('code') ?? '').trim()
  if (step === 'price' && (intent === 'send-code' || code !== '')) {
    const values = formValues(form)
    const typed = String(form.get('contactPhone') ?? '')
    const errors: FieldMessages = { contactPhone: 'sell.error.not_confirmed' }
    if (intent === 'send-code') {
      const phone = await sendPhoneCodeFromForm(services, user, listing.id, clientIp, typed)
      return data<ActionResult>({ errors, values, phone }, { status: phone.error ? 400 : 200 })
    }
    const error = await confirmPhoneFromForm(services, user, listing.id, clientIp, code, typed)
    if (error) return data<ActionResult>({ errors, values, phone: { sent: false, error } }, { status: 400 })
  }

  if (isFieldStep(step) && !isLocked(listing, step)) {
    const values = formValues(form)
    const errors = await saveStepFromForm(services, user, listing.id, step, values)
    if (errors) return data<ActionResult>({ errors, values }, { status: 400 })
  }
  if (intent === 'exit') return redirect('/account/listings')
  return redirect(`${here}?step=${isStep(step) ? stepAfter(step) : listing.nextStep}`)
}

function PublishStep({
  listing,
  missing,
  phone,
}: {
  listing: SellerListing
  missing?: SellingStep[]
  phone?: PhoneCodeState
}) {
  const { t, price, distance } = useI18n()
  return (
    <div className="publish-step">
      <dl className="publish-summary">
        {listing.title ? (
          <div>
            <dt>{t('sell.step.model')}</dt>
            <dd>{listing.title}</dd>
          </div>
        ) : null}
        {listing.priceKzt ? (
          <div>
            <dt>{t('sell.field.price')}</dt>
            <dd>{price(listing.priceKzt)}</dd>
          </div>
        ) : null}
        {listing.mileage !== null ? (
          <div>
            <dt>{t('sell.field.mileage')}</dt>
            <dd>{distance(listing.mileage, listing.mileageUnit)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('sell.step.photos')}</dt>
          <dd>{t('sell.publish.photos', { count: listing.photos.length })}</dd>
        </div>
      </dl>
      {listing.nextStep === 'publish' || listing.status !== 'draft' ? (
        <p>
          <Link to={`/account/listings/${listing.id}/preview`}>{t('sell.publish.preview')}</Link>
        </p>
      ) : null}
      {missing && missing.length > 0 ? (
        <div className="notice error-notice" role="alert">
          <p>{t('sell.publish.missing')}</p>
          <ul>
            {missing.map((s) => (
              <li key={s}>
                <Link to={`?step=${s}`}>{t(`sell.step.${s}`)}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {listing.contactPhone && listing.contactPhoneConfirmed ? (
        <p className="muted">{t('sell.phone.confirmed', { phone: formatPhone(listing.contactPhone) })}</p>
      ) : null}
      {listing.contactPhone && !listing.contactPhoneConfirmed ? (
        <PhoneConfirm phone={listing.contactPhone} state={phone} sendForm={SEND_CODE_FORM} changeLink />
      ) : null}
      <p className="muted">{t('sell.publish.moderation')}</p>
      <p className="terms">
        {t('sell.publish.termsBefore')} <Link to="/user-agreements">{t('sell.publish.termsLink')}</Link>{' '}
        {t('sell.publish.termsAnd')} <Link to="/privacy-policy">{t('sell.publish.privacyLink')}</Link>.
      </p>
    </div>
  )
}

export default function CreateAutoStep({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, step, choices } = loaderData
  const { t } = useI18n()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const index = SELLING_STEPS.indexOf(step)
  const previous = index > 0 ? SELLING_STEPS[index - 1] : null
  const result = actionData as ActionResult | undefined
  const errors = result?.errors ?? {}
  const values = result?.values && Object.keys(result.values).length > 0 ? result.values : listingValues(listing)
  const Fields = isFieldStep(step) ? STEP_FIELDS[step] : null
  const hasErrors = Object.keys(errors).length > 0
  const publishable = canPublish(listing)
  const newPhoneToConfirm = step === 'price' && errors.contactPhone === 'sell.error.not_confirmed'
  const confirmFirst = publishable && !listing.contactPhoneConfirmed && listing.contactPhone !== null

  return (
    <div className="container sell-page">
      <h1>{loaderData.title}</h1>
      <StepProgress listing={listing} current={step} />
      <section className="panel sell-step" aria-labelledby="step-title">
        <h2 id="step-title">{t(`sell.step.${step}`)}</h2>
        {hasErrors && step !== 'publish' ? (
          <p className="notice error-notice" role="alert">
            {t('sell.error.check')}
          </p>
        ) : null}
        {step === 'photos' ? <PhotoStep listing={listing} /> : null}
        <Form method="post" noValidate className="sell-form" key={`${listing.id}-${step}`}>
          <input type="hidden" name="step" value={step} />
          {newPhoneToConfirm ? <DefaultSubmit intent="next" /> : null}
          {Fields ? (
            <Fields values={values} errors={errors} choices={choices} locked={isLocked(listing, step)} />
          ) : null}
          {newPhoneToConfirm ? (
            <PhoneConfirm phone={one(values, 'contactPhone')} state={result?.phone} isNewNumber />
          ) : null}
          {step === 'publish' && publishable ? (
            <PublishStep listing={listing} missing={result?.missing} phone={result?.phone} />
          ) : null}
          {step === 'publish' && !publishable ? (
            <p>
              <span className={`status-badge status-${listing.status}`}>{t(`sell.status.${listing.status}`)}</span>
            </p>
          ) : null}
          <div className="sell-actions">
            {previous ? (
              <Link to={`?step=${previous}`} className="button ghost" preventScrollReset={false}>
                {t('sell.back')}
              </Link>
            ) : (
              <Link to="/create-auto" className="button ghost">
                {t('sell.back')}
              </Link>
            )}
            {step === 'publish' && !publishable ? (
              <Link to="/account/listings" className="button primary">
                {t('myListings.title')}
              </Link>
            ) : step === 'publish' ? (
              <button type="submit" name="intent" value="publish" className="button primary" disabled={busy}>
                {confirmFirst ? t('sell.phone.submit') : t('sell.publish.submit')}
              </button>
            ) : (
              <button type="submit" name="intent" value="next" className="button primary" disabled={busy}>
                {t('sell.next')}
              </button>
            )}
            <button type="submit" name="intent" value="exit" className="link-button save-exit" disabled={busy}>
              {t('sell.saveExit')}
            </button>
          </div>
        </Form>
        {step === 'publish' && confirmFirst ? <SendCodeForm /> : null}
      </section>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListingErrorBoundary error={error} other="rethrow" />
}

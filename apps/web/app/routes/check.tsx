import { Form, Link } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { checkFormValues, orderCheck } from '../features/check/check.server.ts'
import { CheckCarFields } from '../features/check/check-car-fields.tsx'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, translate } from '../i18n/index.ts'
import checkStyles from '../styles/check.css?url'
import type { Route } from './+types/check'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: checkStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** `/check` (spec section 2, "vehicle check widget"): the form for a full check and valuation; guests sign in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const url = new URL(request.url)
  const user = await services.sessions.sessionUser(request.headers)
  const values = checkFormValues(url.searchParams)
  const brands = user ? await services.reference.listBrands() : []
  const brand = /^\d{1,9}$/.test(values.brand) ? (brands.find((b) => b.id === Number(values.brand)) ?? null) : null
  const models = brand ? await services.reference.listFormModels(brand.id) : []
  return {
    title: translate(MESSAGES[locale], locale, 'check.title'),
    signedIn: user !== null,
    back: `${url.pathname}${url.search}`,
    price: services.vehicleChecks.price().amountKzt,
    values,
    brands,
    models: models.map((m) => ({ id: m.id, name: m.name })),
    yearMax: new Date().getUTCFullYear() + 1,
  }
}

/** Orders the check and goes to the checkout (a plain form post: works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const form = await request.formData()
  const values = checkFormValues(form)
  const user = await requireUser(services.sessions, request, `/check?${new URLSearchParams({ vin: values.vin })}`)
  return orderCheck(services, user, values)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function Check({ loaderData, actionData }: Route.ComponentProps) {
  const { t, price } = useI18n()
  const { signedIn, back, brands, models, yearMax } = loaderData
  const values = actionData?.values ?? loaderData.values
  const error = actionData?.error
  const authHref = `/auth?${new URLSearchParams({ redirectTo: back })}`
  return (
    <div className="container check-page">
      <h1>{t('check.title')}</h1>
      <p className="lead">{t('check.lead')}</p>
      <p className="check-price">{t('check.price', { price: price(loaderData.price) })}</p>
      {!signedIn ? (
        <section className="panel check-guest">
          <p>{t('check.guest')}</p>
          <p className="check-guest-actions">
            <Link to={authHref} className="button primary">
              {t('check.signIn')}
            </Link>
            <Link to={`${authHref}&mode=register`} className="button ghost">
              {t('check.register')}
            </Link>
          </p>
        </section>
      ) : (
        <Form method="post" className="panel check-form" id="check-form">
          {error ? (
            <p className="form-error" role="alert">
              {t(error)}
            </p>
          ) : null}
          <label htmlFor="check-vin">{t('check.vin')}</label>
          <input
            id="check-vin"
            name="vin"
            required
            maxLength={40}
            defaultValue={values.vin}
            placeholder={t('check.vinHint')}
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error === 'check.error.vin' ? true : undefined}
          />
          <p className="muted">{t('check.carHint')}</p>
          <CheckCarFields brands={brands} models={models} values={values} yearMax={yearMax} />
          <button type="submit" className="button primary">
            {t('check.submit')}
          </button>
        </Form>
      )}
    </div>
  )
}

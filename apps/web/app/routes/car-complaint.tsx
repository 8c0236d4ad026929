import { COMPLAINT_COMMENT_MAX, COMPLAINT_REASONS } from '@tulpar/contracts/car-page-constants'
import { data, Form, Link } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS } from '../features/account/account-guard.server.ts'
import { sendComplaint } from '../features/car/complaint.server.ts'
import { loadPublishedCarForUser } from '../features/car/published-car.server.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { routeMessages } from '../i18n/index.ts'
import carStyles from '../styles/car.css?url'
import { ListingErrorBoundary } from '../ui/listing-error-boundary.tsx'
import type { Route } from './+types/car-complaint'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: carStyles }]
export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

/** The car on sale, or the not-found page; a guest signs in first and comes back here. */
const loadCar = (args: Route.LoaderArgs | Route.ActionArgs) => loadPublishedCarForUser(args, 'complaint')

/**
 * "Report this listing" (`/cars/{id}/complaint`): what is wrong with a car on sale, for the moderators. A page of
 * its own, so the car page carries no script for it; it works without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  const { id, name, own } = await loadCar(args)
  return { id, name, own, i18n: routeMessages(args.context.get(localeContext), 'complaint') }
}

/** The same use case as POST /api/cars/{id}/complaints/. */
export async function action(args: Route.ActionArgs) {
  const { id, user } = await loadCar(args)
  const { result, status } = await sendComplaint(
    args.context.get(servicesContext),
    user,
    id,
    await args.request.formData(),
  )
  return data(result, { status })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.name ?? 'Tulpar Auto'} — Tulpar Auto` },
  { name: 'robots', content: 'noindex' },
]

export default function CarComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const carHref = `/cars/${loaderData.id}`
  const values = actionData?.values ?? { reason: '', comment: '' }
  const errors = actionData?.fieldErrors ?? {}
  return (
    <div className="container complaint-page">
      <p className="breadcrumbs">
        <Link to={carHref}>← {loaderData.name}</Link>
      </p>
      {loaderData.own && !actionData ? (
        // The seller's own car: told at once, rather than after filling the form in (the API refuses it too).
        <section className="complaint-done" role="status">
          <h1>{t('complaint.link')}</h1>
          <p>{t('complaint.error.own')}</p>
          <Link className="button primary" to={carHref}>
            {t('complaint.back')}
          </Link>
        </section>
      ) : actionData?.ok ? (
        <section className="complaint-done" role="status">
          <h1>{t('complaint.done.title')}</h1>
          <p>{t('complaint.done.text')}</p>
          <Link className="button primary" to={carHref}>
            {t('complaint.back')}
          </Link>
        </section>
      ) : (
        <Form method="post" className="complaint-form" noValidate>
          <h1>{t('complaint.title')}</h1>
          <p className="muted">{t('complaint.intro')}</p>
          {actionData?.error ? (
            <p className="form-error" role="alert">
              {t(actionData.error)}
            </p>
          ) : null}
          <fieldset aria-describedby={errors.reason ? 'complaint-reason-error' : undefined}>
            <legend>{t('complaint.reason.label')}</legend>
            {COMPLAINT_REASONS.map((reason) => (
              <label key={reason} className="complaint-reason">
                <input type="radio" name="reason" value={reason} defaultChecked={values.reason === reason} />
                <span>
                  <strong>{t(`complaint.reason.${reason}`)}</strong>
                  <small className="muted">{t(`complaint.reason.${reason}.hint`)}</small>
                </span>
              </label>
            ))}
            {errors.reason ? (
              <p id="complaint-reason-error" className="field-error" role="alert">
                {t(errors.reason)}
              </p>
            ) : null}
          </fieldset>
          <label htmlFor="complaint-comment">{t('complaint.comment')}</label>
          <textarea
            id="complaint-comment"
            name="comment"
            rows={4}
            maxLength={COMPLAINT_COMMENT_MAX}
            defaultValue={values.comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby="complaint-comment-hint"
          />
          {errors.comment ? (
            <p className="field-error" role="alert">
              {t(errors.comment)}
            </p>
          ) : null}
          <p id="complaint-comment-hint" className="muted">
            <small>{t('complaint.comment.hint')}</small>
          </p>
          <div className="complaint-actions">
            <button type="submit" className="button primary">
              {t('complaint.send')}
            </button>
            <Link to={carHref}>{t('complaint.back')}</Link>
          </div>
        </Form>
      )}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListingErrorBoundary error={error} other="show" />
}

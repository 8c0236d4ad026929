import { type StillForSale, StillForSaleLinkQuery } from '@tulpar/contracts'
import { data, Form, Link } from 'react-router'
import { requestInfoContext, servicesContext } from '#app-context'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { parseId } from '../lib/id-param.ts'
import { type ServiceError, whenServiceFails } from '../lib/service-errors.ts'
import accountsStyles from '../styles/accounts.css?url'
import type { Route } from './+types/car-still-for-sale'

/*
 * `/cars/{id}/still-for-sale?e&s`: where the seller's "still for sale?" link lands (email, SMS, inbox; decision 032).
 * Works without signing in: the link is signed. Opening the page changes nothing (mail scanners open links); the
 * button posts, and that confirms, bringing a paused listing back.
 */

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
export const headers: Route.HeadersFunction = () => NO_STORE
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStyles }]
export const meta: Route.MetaFunction = () => [{ title: 'Tulpar Auto' }, { name: 'robots', content: 'noindex' }]

type Page = { state: 'ask' | 'done'; listing: StillForSale } | { state: 'refused'; error: MessageKey }

/** The service's refusals, each with its page and status; anything else is the error page. */
const REFUSALS: Record<string, MessageKey> = {
  'still_for_sale.link_invalid': 'fresh.error.invalid',
  'still_for_sale.link_expired': 'fresh.error.expired',
  'still_for_sale.not_on_sale': 'fresh.error.notOnSale',
  'listing.not_found': 'fresh.error.notOnSale',
  rate_limited: 'fresh.error.rate',
}

function refused({ code, status }: ServiceError) {
  const error = REFUSALS[code]
  return error ? data<Page>({ state: 'refused', error }, { status, headers: NO_STORE }) : undefined
}

async function answer(
  { request, params, context }: Route.LoaderArgs | Route.ActionArgs,
  state: 'ask' | 'done',
): Promise<ReturnType<typeof data<Page>>> {
  const id = parseId(params.id)
  const q = StillForSaleLinkQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (id === null || !q.success)
    return data<Page>({ state: 'refused', error: 'fresh.error.invalid' }, { status: 400, headers: NO_STORE })
  const { freshListings } = context.get(servicesContext)
  const client = { ip: context.get(requestInfoContext).clientIp }
  const call =
    state === 'ask' ? freshListings.describeLink(id, q.data, client) : freshListings.confirmByLink(id, q.data, client)
  return whenServiceFails(
    call.then((listing) => data<Page>({ state, listing }, { headers: NO_STORE })),
    refused,
  )
}

export const loader = (args: Route.LoaderArgs) => answer(args, 'ask')
export const action = (args: Route.ActionArgs) => answer(args, 'done')

export default function CarStillForSale({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  const page = actionData ?? loaderData
  return (
    <div className="container account unsubscribe still-for-sale">
      <section className="panel narrow">
        <h1>{t('fresh.page.title')}</h1>
        {page.state === 'refused' ? (
          <p role="alert">{t(page.error)}</p>
        ) : page.state === 'done' ? (
          <>
            <p role="status" className="form-status ok">
              {t(page.listing.resumed ? 'fresh.page.resumed' : 'fresh.page.done', { car: page.listing.title })}
            </p>
            <p>
              <Link to={`/cars/${page.listing.id}`} className="button primary">
                {t('fresh.page.open')}
              </Link>
            </p>
          </>
        ) : (
          <Form method="post">
            <p>
              {t(page.listing.status === 'paused' ? 'fresh.page.pausedQuestion' : 'fresh.page.question', {
                car: page.listing.title,
              })}
            </p>
            <button type="submit" className="button primary">
              {t('fresh.page.yes')}
            </button>
          </Form>
        )}
        <p>{t('fresh.page.sold')}</p>
        <p>
          <Link to="/account/listings">{t('fresh.page.mine')}</Link>
        </p>
      </section>
    </div>
  )
}

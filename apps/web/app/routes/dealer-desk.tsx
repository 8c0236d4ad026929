import type { Services } from '@tulpar/api'
import type { Locale } from '@tulpar/contracts'
import {
  DealerPromotionBody,
  DealerStockBulkBody,
  DealerStockQuery,
  FeedImportQuery,
  FeedSourceBody,
  LeadStatusBody,
} from '@tulpar/contracts'
import { data, Link, redirect, redirectDocument } from 'react-router'
import { localeContext, requestInfoContext, servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/index.server.ts'
import { assertSameOrigin, field } from '../features/admin/admin-guard.server.ts'
import { deskErrorKey, promoteErrorKey } from '../features/dealer-desk/desk-errors.ts'
import { ImportReport } from '../features/dealer-desk/import-report.tsx'
import { ImportHistory, StockTable } from '../features/dealer-desk/stock-table.tsx'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'
import { MESSAGES, routeMessages, translate } from '../i18n/index.ts'
import { INT4_MAX, requireIdParam } from '../lib/id-param.ts'
import { formOutcome, notFound, orStatusPage } from '../lib/service-errors.ts'
import deskStyles from '../styles/dealer-desk.css?url'
import receiptsStyles from '../styles/receipts.css?url'
import { FormNotices } from '../ui/form-notices.tsx'
import { island } from '../ui/island.tsx'
import type { Route } from './+types/dealer-desk'

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: deskStyles },
  { rel: 'stylesheet', href: receiptsStyles },
]

const FeedUpload = island(() => import('../features/dealer-desk/feed-upload.tsx').then((m) => m.default))
// The desk's own parts, server-rendered in full; their code waits until the page is used (the first-load budget).
const LeadsPanel = island(() => import('../features/dealer-desk/leads-panel.tsx').then((m) => m.LeadsPanel))
const StatsTable = island(() => import('../features/dealer-desk/stats-table.tsx').then((m) => m.StatsTable))
const BulkActions = island(() => import('../features/dealer-desk/bulk-actions.tsx').then((m) => m.BulkActions))
const Receipts = island(() => import('../features/promotion/receipts-table.tsx').then((m) => m.ReceiptsTable))
const FeedUrlForm = island(() => import('../features/dealer-desk/feed-url-form.tsx').then((m) => m.default))

/** `/dealer/{id}` or `/dealer/{id}/imports/{importId}`; `/dealer` alone opens the user's first dealer. */
function pathOf(splat: string | undefined) {
  const parts = (splat ?? '').split('/').filter(Boolean)
  if (parts.length === 0) return { dealerId: null, importId: null }
  if (parts.length === 1) return { dealerId: requireIdParam(parts[0], null, INT4_MAX), importId: null }
  if (parts.length === 3 && parts[1] === 'imports')
    return { dealerId: requireIdParam(parts[0], null, INT4_MAX), importId: requireIdParam(parts[2], null, INT4_MAX) }
  throw notFound()
}

/**
 * The dealer desk (issue 38), one route for its screens (each route costs every page's manifest a few bytes): the
 * dealer's cars (search, status) and its feed uploads (upload a file, the history), and an upload's report with its
 * apply or discard. The dealer's people only (the dealers' 403/404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  const url = new URL(request.url)
  const user = await requireUser(services.sessions, request, url.pathname)
  const { dealerId, importId } = pathOf(params['*'])
  if (dealerId === null) {
    const first = (await services.dealers.listMine(user, locale)).results[0]
    throw redirect(first ? `/dealer/${first.id}` : '/account/dealer')
  }
  const i18n = routeMessages(locale, 'desk')
  if (importId !== null) {
    const parsed = FeedImportQuery.safeParse({
      outcome: url.searchParams.get('outcome') || undefined,
      after: url.searchParams.get('after') || undefined,
    })
    const query = parsed.success ? parsed.data : { limit: 100 }
    const report = await orStatusPage(services.feeds.get(user, dealerId, importId, query, locale))
    return {
      screen: 'import' as const,
      report,
      outcome: parsed.success ? (parsed.data.outcome ?? null) : null,
      title: translate(MESSAGES[locale], locale, 'desk.import.title', { id: importId }),
      i18n,
    }
  }
  const query = DealerStockQuery.safeParse({
    q: url.searchParams.get('q') || undefined,
    status: url.searchParams.get('status') || undefined,
  })
  const q = query.success ? query.data : {}
  const dealer = await orStatusPage(services.dealers.getMine(user, dealerId, locale))
  const [stock, imports, feedSource, stats, leads, prices, receipts] = await Promise.all([
    services.feeds.stock(user, dealerId, q, locale),
    services.feeds.list(user, dealerId, locale),
    services.feeds.getSource(user, dealerId, locale),
    services.dealerDesk.stats(user, dealerId, {}, locale),
    services.dealerDesk.listLeads(user, dealerId, locale),
    services.promotions.listPrices(),
    services.dealerDesk.receipts(user, dealerId, locale),
  ])
  // Back from the checkout of a bulk promotion.
  const payment = url.searchParams.get('payment')
  return {
    screen: 'desk' as const,
    dealer: { id: dealer.id, name: dealer.legalName, isOwner: dealer.myRole === 'owner' },
    feedSource,
    stock,
    stats,
    leads,
    prices: prices.results,
    receipts: receipts.results,
    paymentNotice:
      payment === null ? null : payment === 'paid' ? ('desk.promote.paid' as const) : ('desk.promote.failed' as const),
    imports: imports.results,
    q: q.q ?? '',
    status: q.status ?? '',
    title: translate(MESSAGES[locale], locale, 'desk.title'),
    // The call-backs' statuses and steps are the leads desk's own words; the products are paid promotion's.
    i18n: routeMessages(locale, 'desk', 'leads', 'promote'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? ''} — Tulpar Auto` }]

type ActionResult = { error: MessageKey | null; done?: MessageKey; count?: number }

/** An upload's report: apply or discard it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  const locale = context.get(localeContext)
  assertSameOrigin(request, context.get(requestInfoContext).publicUrl)
  const url = new URL(request.url)
  const user = await requireUser(services.sessions, request, url.pathname)
  const { dealerId, importId } = pathOf(params['*'])
  if (dealerId === null) throw data(null, { status: 405 })
  const form = await request.formData()
  const intent = field(form, 'intent')
  if (importId === null && intent.startsWith('feed-url-')) return feedUrlAction(services, user, dealerId, form, locale)
  if (importId === null && intent === 'stock-bulk' && field(form, 'bulkAction') === 'promote') {
    // A paid promotion of the ticked cars: one payment of the total at the checkout (a page of its own).
    const [product, days] = field(form, 'promotion').split(':')
    const body = DealerPromotionBody.safeParse({ ids: form.getAll('ids').map(Number), product, days })
    if (!body.success) return data<ActionResult>({ error: 'desk.error.promoteNone' }, { status: 400 })
    const out = await formOutcome(services.dealerDesk.promote(user, dealerId, body.data, locale), promoteErrorKey)
    if (!out.ok) return data<ActionResult>({ error: out.error }, { status: out.status })
    throw redirectDocument(out.value.checkoutUrl)
  }
  if (importId === null && intent === 'stock-bulk') {
    // The inventory's bulk step: the ticked cars and what to do with them (the API's rules, all or none).
    const bulkAction = field(form, 'bulkAction')
    const body = DealerStockBulkBody.safeParse({
      action: bulkAction,
      ids: form.getAll('ids').map(Number),
      ...(bulkAction === 'price_percent' ? { percent: Number(field(form, 'percent')) } : {}),
      ...(bulkAction === 'price_set' ? { priceKzt: Number(field(form, 'priceKzt')) } : {}),
    })
    if (!body.success) return data<ActionResult>({ error: 'desk.error.bulkInvalid' }, { status: 400 })
    const out = await formOutcome(services.dealerDesk.bulk(user, dealerId, body.data, locale), deskErrorKey)
    if (!out.ok) return data<ActionResult>({ error: out.error }, { status: out.status })
    return data<ActionResult>({ error: null, done: 'desk.bulk.done', count: out.value.changed.length })
  }
  if (importId === null) {
    // The desk's call-backs: take one, or move it (a rejection with its reason).
    const leadId = requireIdParam(field(form, 'leadId'), null)
    const body = LeadStatusBody.safeParse({ status: field(form, 'status'), reason: field(form, 'reason') || undefined })
    if (intent !== 'lead-take' && !(intent === 'lead-status' && body.success)) throw data(null, { status: 400 })
    const call =
      intent === 'lead-take' || !body.success
        ? services.dealerDesk.takeLead(user, dealerId, leadId, locale)
        : services.dealerDesk.setLeadStatus(user, dealerId, leadId, body.data, locale)
    const out = await formOutcome(call, deskErrorKey)
    if (!out.ok) return data<ActionResult>({ error: out.error }, { status: out.status })
    return data<ActionResult>({ error: null, done: 'leads.saved' })
  }
  if (intent !== 'apply' && intent !== 'discard') throw data(null, { status: 400 })
  const call =
    intent === 'apply'
      ? services.feeds.apply(user, dealerId, importId, locale)
      : services.feeds.discard(user, dealerId, importId, locale)
  const out = await formOutcome(call, deskErrorKey)
  if (!out.ok) return data<ActionResult>({ error: out.error }, { status: out.status })
  return data<ActionResult>({ error: null, done: intent === 'apply' ? 'desk.import.applied' : 'desk.import.discarded' })
}

/** The feed URL's forms: set it, remove it (the owner), fetch it now (the report opens). */
async function feedUrlAction(
  services: Services,
  user: Awaited<ReturnType<typeof requireUser>>,
  dealerId: number,
  form: FormData,
  locale: Locale,
): Promise<ReturnType<typeof data<ActionResult>>> {
  const intent = field(form, 'intent')
  if (intent === 'feed-url-fetch') {
    const out = await formOutcome(services.feeds.fetchNow(user, dealerId, locale), deskErrorKey)
    if (!out.ok) return data<ActionResult>({ error: out.error }, { status: out.status })
    throw redirect(`/dealer/${dealerId}/imports/${out.value.id}`)
  }
  if (intent === 'feed-url-clear') {
    const out = await formOutcome(services.feeds.clearSource(user, dealerId, locale), deskErrorKey)
    if (!out.ok) return data<ActionResult>({ error: out.error }, { status: out.status })
    return data<ActionResult>({ error: null, done: 'desk.feedUrl.cleared' })
  }
  if (intent !== 'feed-url-set') throw data(null, { status: 400 })
  const body = FeedSourceBody.safeParse({
    url: field(form, 'url'),
    missingCars: field(form, 'missingCars') || undefined,
  })
  if (!body.success) return data<ActionResult>({ error: 'desk.feedUrl.invalid' }, { status: 400 })
  const out = await formOutcome(services.feeds.setSource(user, dealerId, body.data, locale), deskErrorKey)
  if (!out.ok) return data<ActionResult>({ error: out.error }, { status: out.status })
  return data<ActionResult>({ error: null, done: 'desk.feedUrl.saved' })
}

export default function DealerDesk({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n()
  if (loaderData.screen === 'import') {
    const { report, outcome } = loaderData
    return (
      <div className="container account-page dealer-desk">
        <p>
          <Link to={`/dealer/${report.dealerId}`}>{t('desk.import.back')}</Link>
        </p>
        <h1>{t('desk.import.title', { id: report.id })}</h1>
        <FormNotices
          error={actionData?.error ? t(actionData.error) : null}
          done={actionData?.done ? t(actionData.done) : null}
        />
        <ImportReport report={report} outcome={outcome} />
      </div>
    )
  }
  const { dealer, stock, stats, leads, imports, q, status, prices, paymentNotice, receipts } = loaderData
  return (
    <div className="container account-page dealer-desk">
      <p>
        <Link to="/account/dealer">← {t('dealer.account.title')}</Link>
      </p>
      <h1>{t('desk.title')}</h1>
      <p className="lead">{t('desk.intro', { name: dealer.name })}</p>
      <FormNotices
        error={actionData?.error ? t(actionData.error) : null}
        done={actionData?.done ? t(actionData.done, { count: actionData.count ?? 0 }) : null}
      />
      {paymentNotice && !actionData ? (
        <p className={paymentNotice === 'desk.promote.paid' ? 'form-success' : 'form-error'} role="status">
          {t(paymentNotice)}
        </p>
      ) : null}
      <p className="desk-exports">
        <a href={`/api/dealers/${dealer.id}/stock.csv`} download>
          {t('desk.export.stock')}
        </a>
        {' · '}
        <a href={`/api/dealers/${dealer.id}/stats.csv`} download>
          {t('desk.export.stats')}
        </a>
      </p>
      <LeadsPanel dealerId={dealer.id} leads={leads} />
      <StatsTable stats={stats} />
      <BulkActions dealerId={dealer.id} prices={prices} />
      <StockTable dealerId={dealer.id} stock={stock} q={q} status={status} />
      <section aria-labelledby="receipts" className="panel">
        <h2 id="receipts">{t('promote.receipts.title')}</h2>
        <p>{t('promote.receipts.dealerIntro')}</p>
        <Receipts receipts={receipts} withBuyer />
      </section>
      <section aria-labelledby="imports" className="panel">
        <h2 id="imports">{t('desk.imports.title')}</h2>
        <p>{t('desk.imports.intro')}</p>
        <p>
          <a href="/api/feeds/template.csv" download>
            {t('desk.imports.template')}
          </a>
        </p>
        <FeedUpload dealerId={dealer.id} />
        <FeedUrlForm source={loaderData.feedSource} isOwner={dealer.isOwner} />
        <h3>{t('desk.imports.history')}</h3>
        <ImportHistory dealerId={dealer.id} imports={imports} />
      </section>
    </div>
  )
}

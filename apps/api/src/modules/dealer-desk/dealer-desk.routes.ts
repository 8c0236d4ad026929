import {
  DealerLeadParams,
  DealerLeads,
  DealerParams,
  DealerPromotionBody,
  DealerPromotionOrder,
  DealerReceiptList,
  DealerStats,
  DealerStatsQuery,
  DealerStockBulkBody,
  DealerStockBulkResult,
  LangQuery,
  LeadDetail,
  LeadStatusBody,
  Problem,
} from '@tulpar/contracts'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLocale } from '../../lib/locale.ts'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { signedInRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { DealerDeskService } from './dealer-desk.service.ts'

const MEMBERS =
  "The dealer's people (owner and managers) only: 403 `dealer.not_member` for anyone else, staff and a removed " +
  'member included; 404 `dealer.not_found`.'

const PROVIDER =
  ' 503 `payment.unavailable` when no payment provider is configured, 422 over its limit per payment; when the ' +
  'provider fails (502) or cannot be reached in time (503) nothing is stored or charged and the answer carries ' +
  'Retry-After.'

type Localised = { query: { lang?: string }; headers: { 'accept-language'?: string } }
const locale = (req: Localised) => pickLocale(req.query.lang, req.headers['accept-language'])
const LEAD_STEP =
  "Call-backs on the dealer's cars only (404 `lead.not_found` for any other lead). The leads desk's rules: taking " +
  'makes it mine and a new one in progress; a rejection needs its reason (400), which the sender sees. 429 after 60 ' +
  'steps a minute.'

const CSV = {
  description: "A header line, then one line per row (CRLF); texts a spreadsheet would run as formulas start with `'`",
  content: { 'text/csv': { schema: z.unknown() } },
}

/** The file's name: ASCII only, the dealer and the day (nothing a header could be broken with). */
const attachment = (what: string, dealerId: number) =>
  `attachment; filename="dealer-${dealerId}-${what}-${new Date().toISOString().slice(0, 10)}.csv"`

/** A CSV file to download, never kept by a cache (it is the dealer's own). */
const sendCsv = (reply: FastifyReply, disposition: string, csv: string) =>
  reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', disposition)
    .type('text/csv; charset=utf-8')
    .send(csv)

/** The dealer desk's own calls (issue 38): the statistics of the dealer's cars, and the leads they bring. */
export const dealerDeskRoutes =
  ({ dealerDesk, sessions }: { dealerDesk: DealerDeskService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    const members = signedInRoutes(app, sessions, { tags: ['dealers'] })

    members.get('/dealers/:id/stats/', {
      summary:
        "Per car and per day: views, number reveals, favourites, call-backs and chats of the dealer's cars on sale",
      description:
        `${MEMBERS} Days are Almaty calendar days, both ends included: the last 30 days by default, at most 92 ` +
        '(400). 429 after 30 reads a minute.',
      params: DealerParams,
      querystring: DealerStatsQuery.extend(LangQuery.shape),
      response: { 200: DealerStats, 403: Problem, 429: Problem },
      handler: (user, req, reply) => {
        const { lang, ...query } = req.query
        const locale = pickLocale(lang, req.headers['accept-language'])
        return withRetryAfter(reply, () => dealerDesk.stats(user, req.params.id, query, locale))
      },
    })

    members.get('/dealers/:id/leads/', {
      summary: "Call-backs on the dealer's cars, with the leads desk's statuses, and the buyers' chats about them",
      description:
        `${MEMBERS} The latest 100 of each. A chat is listed for all the dealer's people; only the car's seller ` +
        'is in it (`mine`) and opens it. 429 after 30 reads a minute.',
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: DealerLeads, 403: Problem, 429: Problem },
      handler: (user, req, reply) =>
        withRetryAfter(reply, () => dealerDesk.listLeads(user, req.params.id, locale(req))),
    })

    members.post('/dealers/:id/leads/:leadId/take/', {
      summary: "Take a call-back on one of the dealer's cars",
      description: `${MEMBERS} ${LEAD_STEP}`,
      params: DealerLeadParams,
      querystring: LangQuery,
      response: { 200: LeadDetail, 403: Problem, 429: Problem },
      handler: (user, req, reply) =>
        withRetryAfter(reply, () => dealerDesk.takeLead(user, req.params.id, req.params.leadId, locale(req))),
    })

    members.post('/dealers/:id/leads/:leadId/status/', {
      summary: "Move a call-back on one of the dealer's cars to new, in progress, done or rejected",
      description: `${MEMBERS} ${LEAD_STEP}`,
      bodyLimit: 4 * 1024,
      params: DealerLeadParams,
      querystring: LangQuery,
      body: LeadStatusBody,
      response: { 200: LeadDetail, 403: Problem, 429: Problem },
      handler: (user, req, reply) =>
        withRetryAfter(reply, () =>
          dealerDesk.setLeadStatus(user, req.params.id, req.params.leadId, req.body, locale(req)),
        ),
    })

    members.get('/dealers/:id/stock.csv', {
      summary: "The dealer's cars in every status as a CSV file (the latest changed first, at most 20,000)",
      description: `${MEMBERS} 429 after 30 reads a minute.`,
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: CSV, 403: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const csv = await withRetryAfter(reply, () => dealerDesk.stockCsv(user, req.params.id, locale(req)))
        return sendCsv(reply, attachment('stock', req.params.id), csv)
      },
    })

    members.get('/dealers/:id/stats.csv', {
      summary: 'The statistics as a CSV file: one line per car and day',
      description: `${MEMBERS} The range as for \`GET /dealers/{id}/stats/\`. 429 after 30 reads a minute.`,
      params: DealerParams,
      querystring: DealerStatsQuery.extend(LangQuery.shape),
      response: { 200: CSV, 403: Problem, 429: Problem },
      handler: async (user, req, reply) => {
        const { lang, ...query } = req.query
        const csv = await withRetryAfter(reply, () =>
          dealerDesk.statsCsv(user, req.params.id, query, pickLocale(lang, req.headers['accept-language'])),
        )
        return sendCsv(reply, attachment('stats', req.params.id), csv)
      },
    })

    members.post('/dealers/:id/stock/bulk/', {
      summary: "A bulk step on the dealer's cars on sale: a price change by a percentage, one price, or sold",
      description:
        `${MEMBERS} All or none, in one transaction: an id that is not one of the dealer's cars on sale is a 404 ` +
        "`listing.not_found` and nothing changes; a resulting price under 1 or over the step form's bound is a " +
        "400. Each price goes through the one price change path: its history, the favouriters' drop alerts, " +
        'and back to moderation after a drop over 20%. At most 200 cars; 429 after 60 steps a minute.',
      bodyLimit: 16 * 1024,
      params: DealerParams,
      querystring: LangQuery,
      body: DealerStockBulkBody,
      response: { 200: DealerStockBulkResult, 403: Problem, 429: Problem },
      handler: (user, req, reply) =>
        withRetryAfter(reply, () => dealerDesk.bulk(user, req.params.id, req.body, locale(req))),
    })

    members.get('/dealers/:id/receipts/', {
      summary: "The receipts of the dealer's paid promotions, whoever of its people paid, newest first (the last 200)",
      description: `${MEMBERS} 429 after 30 reads a minute.`,
      params: DealerParams,
      querystring: LangQuery,
      response: { 200: DealerReceiptList, 403: Problem, 429: Problem },
      handler: (user, req, reply) => withRetryAfter(reply, () => dealerDesk.receipts(user, req.params.id, locale(req))),
    })

    members.post('/dealers/:id/stock/promote/', {
      summary: "One product of the price list for several of the dealer's cars on sale, paid in one payment",
      description:
        `${MEMBERS} Answers an order per car and the checkout URL of the total; each runs from the payment's ` +
        'confirmation. All or none: an id that is not one of the dealer\u2019s cars is 404 ' +
        '`promotion.listing_not_found`, a car not on sale 409 `promotion.listing_not_published`, a car the product ' +
        'already runs for 409 `promotion.already_active` (the same period is never paid twice), a product and ' +
        'duration not on the price list 400 `promotion.unknown_product`. A car sold or removed early gets its unused ' +
        'days back as for one car, in one refund of the payment once none of its cars runs (decision 033). At most ' +
        `30 orders an hour per user (429).${PROVIDER}`,
      bodyLimit: 8 * 1024,
      params: DealerParams,
      querystring: LangQuery,
      body: DealerPromotionBody,
      response: {
        201: DealerPromotionOrder,
        403: Problem,
        409: Problem,
        422: Problem,
        429: Problem,
        502: Problem,
        503: Problem,
      },
      handler: (user, req, reply) =>
        withRetryAfter(reply, async () => {
          try {
            const order = await dealerDesk.promote(user, req.params.id, req.body, locale(req))
            reply.code(201)
            return order
          } catch (error) {
            // The payment provider's 503 says when to try again, as the rate limits do.
            if (error instanceof Error && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
              reply.header('retry-after', String(error.retryAfterSeconds))
            throw error
          }
        }),
    })
  }

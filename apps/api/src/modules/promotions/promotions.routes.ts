import {
  AdminPromotionList,
  AdminPromotionQuery,
  ListingPromotions,
  Problem,
  PromotionListingParams,
  PromotionOrder,
  PromotionOrderBody,
  PromotionOrderList,
  PromotionOrderParams,
  PromotionPriceBody,
  PromotionPriceList,
  PromotionReceiptList,
  PromotionRevenue,
  PromotionRevenueQuery,
} from '@tulpar/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { withRetryAfter } from '../../lib/rate-limiter.ts'
import { publicRoutes, signedInRoutes, staffRoutes } from '../../plugins/route-schema.ts'
import type { SessionResolver } from '../identity/index.ts'
import type { PromotionsService } from './promotions.service.ts'

const STAFF = 'Moderators and admins only (401 for guests, 403 for other users).'
const ADMINS = 'Admins only (401 for guests, 403 for other users and moderators).'
const BUYERS =
  "The listing's owner, or a member of the listing's dealer, only: anyone else (staff too) gets 404 " +
  '`promotion.listing_not_found`, as for a listing that does not exist.'
const PROVIDER =
  ' 503 `payment.unavailable` when no payment provider is configured, 422 over its limit per payment; when the ' +
  'provider fails (502) or cannot be reached in time (503) nothing is stored or charged and the answer carries ' +
  'Retry-After.'

/** Paid promotion (issue 38 part 4, decision 033): the price list, orders and receipts, and the back office's views. */
export const promotionsRoutes =
  ({ promotions, sessions }: { promotions: PromotionsService; sessions: SessionResolver }): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = publicRoutes(app, { tags: ['promotions'] })
    const signedIn = signedInRoutes(app, sessions, { tags: ['promotions'] })
    const moderators = staffRoutes(app, sessions, { tags: ['admin'], access: STAFF })
    const admins = staffRoutes(app, sessions, { tags: ['admin'], access: ADMINS })

    anyone.get('/promotions/prices/', {
      summary: 'The price list: raise in the list, top placement, hot offer and highlight, in tenge',
      response: { 200: PromotionPriceList },
      handler: () => promotions.listPrices(),
    })

    signedIn.get('/promotions/listings/:listingId/', {
      summary: 'A listing of mine to promote: its title and status, the prices, and its orders',
      description: BUYERS,
      params: PromotionListingParams,
      response: { 200: ListingPromotions },
      handler: (user, req) => promotions.getListingPromotions(user, req.params.listingId),
    })

    signedIn.post('/promotions/orders/', {
      summary: 'Order a product for a published listing of mine; answers the order with the checkout URL',
      description:
        `${BUYERS} A listing not on sale is 409 \`promotion.listing_not_published\`; a product and duration ` +
        'not on the price list 400 `promotion.unknown_product`; a product that already runs for the listing ' +
        '409 `promotion.already_active` (the same period is never paid twice; a second order paid while the ' +
        'first runs is refunded in full). The product runs from the payment\u2019s confirmation. At most 30 ' +
        `orders an hour per user (429).${PROVIDER}`,
      body: PromotionOrderBody,
      response: {
        201: PromotionOrder,
        404: Problem,
        409: Problem,
        422: Problem,
        429: Problem,
        502: Problem,
        503: Problem,
      },
      handler: (user, req, reply) =>
        withRetryAfter(reply, async () => {
          try {
            const order = await promotions.order(user, req.body)
            reply.code(201)
            return order
          } catch (error) {
            if (error instanceof Error && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
              reply.header('retry-after', String(error.retryAfterSeconds))
            throw error
          }
        }),
    })

    signedIn.get('/promotions/orders/', {
      summary: 'My receipts and promotions (and my dealers\u2019), newest first',
      response: { 200: PromotionOrderList },
      handler: (user) => promotions.listMyOrders(user),
    })

    signedIn.get('/promotions/receipts/', {
      summary: 'The receipts of what I paid for, newest first (the last 200), with what runs and until when',
      description:
        'Paid orders only, those the caller paid: another user\u2019s, a dealer colleague\u2019s included, are ' +
        'never listed (the dealer desk lists the dealer\u2019s).',
      response: { 200: PromotionReceiptList },
      handler: (user) => promotions.listMyReceipts(user),
    })

    signedIn.get('/promotions/orders/:id/', {
      summary: 'An order of mine: its payment, period and refund',
      description: "Someone else's order is 404 `promotion.order_not_found`.",
      params: PromotionOrderParams,
      response: { 200: PromotionOrder },
      handler: (user, req) => promotions.getOrder(user, req.params.id),
    })

    moderators.get('/admin/promotions/', {
      summary: 'Promotion orders, newest first, optionally by status',
      querystring: AdminPromotionQuery,
      response: { 200: AdminPromotionList },
      handler: (user, req) => promotions.listForStaff(user, req.query),
    })

    moderators.get('/admin/promotions/revenue/', {
      summary: 'Promotion revenue per product and day (Kazakhstan time), with refunds',
      querystring: PromotionRevenueQuery,
      response: { 200: PromotionRevenue },
      handler: (user, req) => promotions.revenue(user, req.query),
    })

    admins.put('/admin/promotions/prices/', {
      summary: 'Set one price of the list (a new duration is added); recorded in the audit trail',
      body: PromotionPriceBody,
      response: { 200: PromotionPriceList },
      handler: (user, req) => promotions.setPrice({ ...user, ip: req.ip }, req.body),
    })
  }

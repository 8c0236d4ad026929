import type {
  AdminPromotionList,
  AdminPromotionQuery,
  DealerPromotionBody,
  DealerPromotionOrder,
  DealerReceiptList,
  ListingPromotions,
  PromotionOrder,
  PromotionOrderBody,
  PromotionOrderList,
  PromotionPriceBody,
  PromotionPriceList,
  PromotionReceipt,
  PromotionReceiptList,
  PromotionRevenue,
  PromotionRevenueQuery,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import { recordAudit } from '../audit/index.ts'
import { type Actor, requireAdmin, requireStaff, type SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import { listingTitle } from '../listings/index.ts'
import type { PaymentsService } from '../payments/index.ts'
import {
  ListingNotPromotableError,
  PromotableListingNotFoundError,
  PromotionAlreadyActiveError,
  PromotionOrderNotFoundError,
  UnknownPromotionProductError,
} from './promotions.errors.ts'
import { createPromotionLifecycle, ORDER_REF } from './promotions.lifecycle.ts'
import * as repo from './promotions.repository.ts'

const DAY_MS = 86_400_000

type Row = repo.PromotionRow

/** A new order of one car, awaiting its payment: nothing started, ended or refunded yet. */
function orderRow(
  of: Pick<Row, 'id' | 'listingId' | 'buyerId' | 'dealerId' | 'title'>,
  product: Row['product'],
  days: number,
  amountKzt: number,
  now: Date,
): Row {
  return {
    ...of,
    product,
    days,
    amountKzt,
    status: 'awaiting_payment',
    paymentId: null,
    createdAt: now,
    paidAt: null,
    startsAt: null,
    endsAt: null,
    endedAt: null,
    endReason: null,
    refundKzt: 0,
    endingNoticeAt: null,
  }
}

function toOrder(r: Row, checkoutUrl: string | null): PromotionOrder {
  return {
    id: r.id,
    listingId: r.listingId,
    title: r.title,
    product: r.product,
    days: r.days,
    amountKzt: r.amountKzt,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    endReason: r.endReason,
    refundKzt: r.refundKzt,
    checkoutUrl: r.status === 'awaiting_payment' ? checkoutUrl : null,
  }
}

/** How many receipts a list shows: years of a busy dealer's promotions. */
const RECEIPTS_SHOWN = 200

/** A paid order as its receipt; `now` decides whether it still runs (a raise is done the moment it is paid). */
function toReceipt(r: Row, now: Date): PromotionReceipt {
  const runs = r.status === 'active' && r.product !== 'raise' && r.endsAt !== null && r.endsAt > now
  return {
    id: r.id,
    paidAt: (r.paidAt ?? r.createdAt).toISOString(),
    product: r.product,
    days: r.days,
    listingId: r.listingId,
    title: r.title,
    amountKzt: r.amountKzt,
    status: r.refundKzt > 0 ? 'refunded' : 'paid',
    refundKzt: r.refundKzt,
    runsUntil: runs ? (r.endsAt?.toISOString() ?? null) : null,
  }
}

/**
 * Paid promotion (issue 38 part 4, decision 033): the owner of a published listing, or a member of its dealer, buys
 * a product of the price list and pays through the payments service; the product runs from the payment's
 * confirmation, ends by the expiry job, and ends early (with the refund rule of `promotions.rules.ts`) when the car
 * is sold or removed. A payment that fails, is cancelled or refunded leaves nothing running.
 */
export function createPromotionsService({
  db,
  jobs,
  payments,
  limiter,
  publicUrl,
  clock = () => new Date(),
}: {
  db: Db
  jobs: JobSender
  payments: PaymentsService
  limiter: RateLimiter
  publicUrl: string
  clock?: () => Date
}) {
  /** Orders per user: a seller promotes a few cars an hour, not hundreds (429). */
  const limitOrders = (u: Pick<SessionUser, 'id'>) =>
    enforceRateLimits(limiter, [{ key: `promotion-order:user:${u.id}`, limit: 30, windowSeconds: 3600 }])

  const returnPath = (listingId: number, orderId: number) => `/account/listings/${listingId}/promote?order=${orderId}`

  /** The listing, if `u` may promote it (its owner, or one of its dealer's people); else PromotableListingNotFound. */
  async function buyableListing(u: Pick<SessionUser, 'id'>, listingId: number) {
    const row = await repo.findListingForBuyer(db, listingId, u.id)
    if (!row || (row.ownerId !== u.id && !row.isMember)) throw new PromotableListingNotFoundError(listingId)
    return row
  }

  const lifecycle = createPromotionLifecycle({ db, jobs, payments, publicUrl, clock })

  return {
    /** The price list, as the promote page and the app show it. */
    async listPrices(): Promise<PromotionPriceList> {
      return { results: await repo.findPrices(db) }
    },

    /** The promote page: the car, the prices and its orders. Throws PromotableListingNotFoundError to strangers. */
    async getListingPromotions(u: Pick<SessionUser, 'id'>, listingId: number): Promise<ListingPromotions> {
      const listing = await buyableListing(u, listingId)
      const [prices, orders] = await Promise.all([repo.findPrices(db), repo.findOrdersOfListing(db, listingId, 50)])
      return {
        listingId,
        title: listingTitle(listing, 'ru'),
        status: listing.status,
        prices,
        orders: orders.map((o) => toOrder(o, null)),
      }
    },

    /**
     * Orders a product for a listing and starts its payment: answers the order with the checkout URL. Throws
     * PromotableListingNotFoundError (someone else's car), ListingNotPromotableError (not on sale),
     * UnknownPromotionProductError, PromotionAlreadyActiveError (the same product runs), and the payment errors
     * (503 no provider or provider down, 502 provider error): nothing is stored then.
     */
    async order(u: Pick<SessionUser, 'id'>, body: PromotionOrderBody): Promise<PromotionOrder> {
      await limitOrders(u)
      const listing = await buyableListing(u, body.listingId)
      if (listing.status !== 'published') throw new ListingNotPromotableError(listing.status)
      const days = body.product === 'raise' ? 0 : body.days
      const price = await repo.findPrice(db, body.product, days)
      if (price === null) throw new UnknownPromotionProductError()
      const now = clock()
      if (await repo.isRunning(db, listing.id, body.product, now)) throw new PromotionAlreadyActiveError()
      const id = await repo.reservePromotionId(db)
      const title = listingTitle(listing, 'ru')
      const row = orderRow(
        { id, listingId: listing.id, buyerId: u.id, dealerId: listing.dealerId, title },
        body.product,
        days,
        price,
        now,
      )
      const { paymentId, checkoutUrl } = await payments.start(
        {
          orderRef: `${ORDER_REF}:${id}`,
          amountKzt: price,
          description: `Tulpar Auto: ${body.product} ${title}`,
          returnPath: returnPath(listing.id, id),
        },
        (tx, paymentId) => repo.insertPromotion(tx, { ...row, paymentId }),
      )
      return toOrder({ ...row, paymentId }, checkoutUrl)
    },

    /**
     * Orders one product for several of a dealer's cars on sale and starts one payment of the total (the dealer
     * desk's bulk promotion), all or none: each car gets its order, all run from the payment's confirmation. Throws
     * PromotableListingNotFoundError for an id that is not one of the dealer's cars or a caller who is not one of its
     * people, ListingNotPromotableError for a car not on sale, PromotionAlreadyActiveError for a car the product
     * already runs for, UnknownPromotionProductError, and the payment errors: nothing is stored then.
     */
    async orderForDealer(
      u: Pick<SessionUser, 'id'>,
      dealerId: number,
      body: DealerPromotionBody,
    ): Promise<DealerPromotionOrder> {
      await limitOrders(u)
      const days = body.product === 'raise' ? 0 : body.days
      const price = await repo.findPrice(db, body.product, days)
      if (price === null) throw new UnknownPromotionProductError()
      const cars = new Map(
        (await repo.findDealerCarsForBuyer(db, dealerId, body.ids, u.id)).map((c) => [c.id, c] as const),
      )
      const listings = body.ids.map((id) => {
        const car = cars.get(id)
        if (!car?.isMember) throw new PromotableListingNotFoundError(id)
        if (car.status !== 'published') throw new ListingNotPromotableError(car.status)
        return car
      })
      const now = clock()
      if ((await repo.findRunning(db, body.ids, body.product, now)).length > 0) throw new PromotionAlreadyActiveError()
      const ids = await repo.reservePromotionIds(db, listings.length)
      const rows = listings.map((listing, i) =>
        orderRow(
          { id: ids[i] ?? 0, listingId: listing.id, buyerId: u.id, dealerId, title: listingTitle(listing, 'ru') },
          body.product,
          days,
          price,
          now,
        ),
      )
      const totalKzt = price * rows.length
      const { paymentId, checkoutUrl } = await payments.start(
        {
          orderRef: `${ORDER_REF}:${ids[0]}`,
          amountKzt: totalKzt,
          description: `Tulpar Auto: ${body.product} × ${rows.length}`,
          returnPath: `/dealer/${dealerId}`,
        },
        (tx, paymentId) =>
          repo.insertPromotions(
            tx,
            rows.map((r) => ({ ...r, paymentId })),
          ),
      )
      return { orders: rows.map((r) => toOrder({ ...r, paymentId }, null)), totalKzt, checkoutUrl }
    },

    /** An order of mine or my dealer's; PromotionOrderNotFoundError for anyone else. */
    async getOrder(u: Pick<SessionUser, 'id'>, id: number): Promise<PromotionOrder> {
      const row = await repo.findVisibleOrder(db, u.id, id)
      if (!row) throw new PromotionOrderNotFoundError(id)
      return toOrder(row, null)
    },

    /** The receipts of what I paid, newest first (the last 200): never anyone else's. */
    async listMyReceipts(u: Pick<SessionUser, 'id'>): Promise<PromotionReceiptList> {
      const now = clock()
      const rows = await repo.findReceipts(db, { buyerId: u.id }, RECEIPTS_SHOWN)
      return { results: rows.map(({ promotion }) => toReceipt(promotion, now)) }
    },

    /**
     * The receipts of a dealer's cars, whoever of its people paid, newest first (the last 200). The caller checks
     * that the asker is one of the dealer's people (the dealer desk).
     */
    async listDealerReceipts(dealerId: number): Promise<DealerReceiptList> {
      const now = clock()
      const rows = await repo.findReceipts(db, { dealerId }, RECEIPTS_SHOWN)
      return {
        results: rows.map(({ promotion, buyerName }) => ({
          ...toReceipt(promotion, now),
          buyer: promotion.buyerId ? { id: promotion.buyerId, name: buyerName ?? '' } : null,
        })),
      }
    },

    /** My receipts and running promotions (and my dealers'), newest first. */
    async listMyOrders(u: Pick<SessionUser, 'id'>): Promise<PromotionOrderList> {
      const rows = await repo.findVisibleOrders(db, u.id, 200)
      return { results: rows.map((r) => toOrder(r, null)) }
    },

    /** Staff: orders and promotions, newest first. */
    async listForStaff(u: Actor, q: AdminPromotionQuery): Promise<AdminPromotionList> {
      requireStaff(u)
      const rows = await repo.findForStaff(db, q.status, q.limit)
      return {
        results: rows.map(({ promotion, buyerName }) => {
          const { checkoutUrl: _, ...order } = toOrder(promotion, null)
          return { ...order, buyer: promotion.buyerId ? { id: promotion.buyerId, name: buyerName ?? '' } : null }
        }),
      }
    },

    /** Staff: money taken per product and day (Kazakhstan time), and what went back. */
    async revenue(u: Actor, q: PromotionRevenueQuery): Promise<PromotionRevenue> {
      requireStaff(u)
      const from = new Date(clock().getTime() - q.days * DAY_MS)
      const results = await repo.findRevenue(db, from)
      const totalKzt = results.reduce((sum, r) => sum + r.amountKzt - r.refundedKzt, 0)
      return { results, totalKzt }
    },

    /** Admins: sets one price of the list (a new duration is added), recorded in the audit trail. */
    async setPrice(u: Actor, body: PromotionPriceBody): Promise<PromotionPriceList> {
      requireAdmin(u)
      const days = body.product === 'raise' ? 0 : body.days
      await db.transaction(async (tx) => {
        const old = await repo.upsertPrice(tx, { ...body, days, at: clock() })
        if (old === body.priceKzt) return
        await recordAudit(tx, u, {
          action: 'promotion.price_changed',
          targetType: 'promotion_price',
          targetId: `${body.product}:${days}`,
          before: old === null ? null : { priceKzt: old },
          after: { priceKzt: body.priceKzt },
        })
      })
      return { results: await repo.findPrices(db) }
    },

    ...lifecycle,
  }
}
export type PromotionsService = ReturnType<typeof createPromotionsService>

import { z } from 'zod'
import { PROMOTION_PRODUCTS } from './seller-constants.ts'

/*
 * Paid promotion (issue 38 part 4, decision 033): a seller (or a member of the listing's dealer) buys a raise in the
 * list, a top placement, a hot offer or a highlight for a published listing and pays through the payment adapter.
 */

export const PromotionProduct = z.enum(PROMOTION_PRODUCTS)
export type PromotionProduct = z.infer<typeof PromotionProduct>

export const PROMOTION_STATUSES = ['awaiting_payment', 'active', 'ended', 'cancelled', 'refunded'] as const
export const PromotionStatus = z.enum(PROMOTION_STATUSES)
export type PromotionStatus = z.infer<typeof PromotionStatus>

export const PROMOTION_END_REASONS = ['expired', 'sold', 'removed', 'refunded', 'duplicate'] as const
export const PromotionEndReason = z.enum(PROMOTION_END_REASONS)
export type PromotionEndReason = z.infer<typeof PromotionEndReason>

/** The products' own error codes; the web translates each (ru/kk/en). */
export const PROMOTION_ERROR_CODES = [
  'promotion.listing_not_found',
  'promotion.listing_not_published',
  'promotion.already_active',
  'promotion.unknown_product',
  'promotion.order_not_found',
] as const
export type PromotionErrorCode = (typeof PROMOTION_ERROR_CODES)[number]

/** Staff may set a price up to this (tenge); a price of 0 would give the product away. */
export const PROMOTION_PRICE_MAX = 10_000_000

export const PromotionPrice = z
  .object({
    product: PromotionProduct,
    days: z.number().int().describe('How long it lasts; 0 for a raise (once, now)'),
    priceKzt: z.number().int(),
  })
  .meta({ id: 'PromotionPrice' })
export type PromotionPrice = z.infer<typeof PromotionPrice>

export const PromotionPriceList = z.object({ results: z.array(PromotionPrice) }).meta({ id: 'PromotionPriceList' })
export type PromotionPriceList = z.infer<typeof PromotionPriceList>

/** PUT /admin/promotions/prices/: one price of the list (recorded in the audit trail). */
export const PromotionPriceBody = z
  .strictObject({
    product: PromotionProduct,
    days: z.coerce.number().int().min(0).max(90),
    priceKzt: z.coerce.number().int().min(1).max(PROMOTION_PRICE_MAX),
  })
  .meta({ id: 'PromotionPriceBody' })
export type PromotionPriceBody = z.infer<typeof PromotionPriceBody>

/** POST /promotions/orders/: a product of the price list for a published listing of mine (or my dealer's). */
export const PromotionOrderBody = z
  .strictObject({
    listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    product: PromotionProduct,
    days: z.coerce.number().int().min(0).max(90).describe('One of the price list\u2019s durations for the product'),
  })
  .meta({ id: 'PromotionOrderBody' })
export type PromotionOrderBody = z.infer<typeof PromotionOrderBody>

/** The dealer desk's bulk promotion: at most this many cars in one payment. */
export const DEALER_PROMOTION_MAX_CARS = 50

/**
 * POST /dealers/{id}/stock/promote/: one product of the price list for several of the dealer's cars on sale, paid in
 * one payment of the total.
 */
export const DealerPromotionBody = z
  .strictObject({
    ids: z
      .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
      .min(1)
      .max(DEALER_PROMOTION_MAX_CARS)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Each car once' })
      .describe("The dealer's own cars on sale"),
    product: PromotionProduct,
    days: z.coerce.number().int().min(0).max(90).describe('One of the price list\u2019s durations for the product'),
  })
  .meta({ id: 'DealerPromotionBody' })
export type DealerPromotionBody = z.infer<typeof DealerPromotionBody>

export const PromotionOrderParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export const PromotionListingParams = z.strictObject({
  listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

/** An order and, once paid, its receipt: what was bought, for which car, when it runs and what came back. */
export const PromotionOrder = z
  .object({
    id: z.number().int(),
    listingId: z.number().int().nullable().describe('Null once the listing was deleted'),
    title: z.string(),
    product: PromotionProduct,
    days: z.number().int(),
    amountKzt: z.number().int(),
    status: PromotionStatus,
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    startsAt: z.iso.datetime().nullable(),
    endsAt: z.iso.datetime().nullable(),
    endedAt: z.iso.datetime().nullable(),
    endReason: PromotionEndReason.nullable(),
    refundKzt: z.number().int().describe('Money given back (0: none)'),
    checkoutUrl: z.string().nullable().describe('Where to pay while the order waits for payment'),
  })
  .meta({ id: 'PromotionOrder' })
export type PromotionOrder = z.infer<typeof PromotionOrder>

/** The bulk promotion's answer: an order per car, all waiting for the one payment of the total. */
export const DealerPromotionOrder = z
  .object({
    orders: z.array(PromotionOrder),
    totalKzt: z.number().int().describe('The price times the number of cars'),
    checkoutUrl: z.string().describe('Where to pay the total'),
  })
  .meta({ id: 'DealerPromotionOrder' })
export type DealerPromotionOrder = z.infer<typeof DealerPromotionOrder>

export const PromotionOrderList = z.object({ results: z.array(PromotionOrder) }).meta({ id: 'PromotionOrderList' })
export type PromotionOrderList = z.infer<typeof PromotionOrderList>

/** A paid order as a receipt: when, what, for which car, how much, what came back, and until when it runs. */
export const PromotionReceipt = z
  .object({
    id: z.number().int().describe('The order'),
    paidAt: z.iso.datetime(),
    product: PromotionProduct,
    days: z.number().int().describe('0 for a raise'),
    listingId: z.number().int().nullable().describe('Null once the listing was deleted'),
    title: z.string().describe('The car, as it was when bought'),
    amountKzt: z.number().int(),
    status: z
      .enum(['paid', 'refunded'])
      .describe('`refunded` once money came back for it, in part or in full (`refundKzt`)'),
    refundKzt: z.number().int(),
    runsUntil: z.iso.datetime().nullable().describe('While a top placement, hot offer or highlight runs: its end'),
  })
  .meta({ id: 'PromotionReceipt' })
export type PromotionReceipt = z.infer<typeof PromotionReceipt>

export const PromotionReceiptList = z
  .object({ results: z.array(PromotionReceipt) })
  .meta({ id: 'PromotionReceiptList' })
export type PromotionReceiptList = z.infer<typeof PromotionReceiptList>

/** The dealer's receipts: each with the dealer's person who paid it (null once their account is gone). */
export const DealerReceiptList = z
  .object({
    results: z.array(PromotionReceipt.extend({ buyer: z.object({ id: z.string(), name: z.string() }).nullable() })),
  })
  .meta({ id: 'DealerReceiptList' })
export type DealerReceiptList = z.infer<typeof DealerReceiptList>

/** What the promote page shows: the car, its prices, its active promotions and its orders. */
export const ListingPromotions = z
  .object({
    listingId: z.number().int(),
    title: z.string(),
    status: z.string(),
    prices: z.array(PromotionPrice),
    orders: z.array(PromotionOrder),
  })
  .meta({ id: 'ListingPromotions' })
export type ListingPromotions = z.infer<typeof ListingPromotions>

export const AdminPromotionQuery = z.strictObject({
  status: PromotionStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
})
export type AdminPromotionQuery = z.infer<typeof AdminPromotionQuery>

export const AdminPromotion = PromotionOrder.omit({ checkoutUrl: true })
  .extend({ buyer: z.object({ id: z.string(), name: z.string() }).nullable() })
  .meta({ id: 'AdminPromotion' })
export const AdminPromotionList = z.object({ results: z.array(AdminPromotion) }).meta({ id: 'AdminPromotionList' })
export type AdminPromotionList = z.infer<typeof AdminPromotionList>

export const PromotionRevenueQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).default(30).describe('The last this many days (Kazakhstan time)'),
})
export type PromotionRevenueQuery = z.infer<typeof PromotionRevenueQuery>

/** Money taken per product and day (Kazakhstan time), net of refunds. */
export const PromotionRevenue = z
  .object({
    results: z.array(
      z.object({
        day: z.iso.date(),
        product: PromotionProduct,
        orders: z.number().int(),
        amountKzt: z.number().int(),
        refundedKzt: z.number().int(),
      }),
    ),
    totalKzt: z.number().int().describe('Taken minus refunded over the period'),
  })
  .meta({ id: 'PromotionRevenue' })
export type PromotionRevenue = z.infer<typeof PromotionRevenue>

import type { PromotionEndReason, PromotionProduct, PromotionStatus } from '@tulpar/contracts'
import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { dealers } from '../dealers/dealers.tables.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'

/** The price list staff edit in the back office: one price per product and duration (0 days: a raise). */
export const promotionPrices = pgTable(
  'promotion_prices',
  {
    product: text('product').$type<PromotionProduct>().notNull(),
    days: smallint('days').notNull(),
    priceKzt: bigint('price_kzt', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.product, t.days] })],
)

/**
 * A promotion bought for a listing (decision 033): the order, its payment and, once paid, the period it runs. The
 * listing's own columns (`top_until`, `hot_until`, `highlight_until`) carry what the catalogue reads; this row is the
 * receipt, kept when the listing is deleted (its id is set null, the title stays).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
    /** Who ordered and paid (the owner or a member of the listing's dealer). */
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    /** The listing's dealer when it was bought: the dealer's people see its receipts. */
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    /** The car's title when it was bought, for the receipt. */
    title: text('title').notNull(),
    product: text('product').$type<PromotionProduct>().notNull(),
    days: smallint('days').notNull(),
    amountKzt: bigint('amount_kzt', { mode: 'number' }).notNull(),
    status: text('status').$type<PromotionStatus>().notNull().default('awaiting_payment'),
    paymentId: text('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<PromotionEndReason>(),
    refundKzt: bigint('refund_kzt', { mode: 'number' }).notNull().default(0),
    /** When the seller was told the promotion ends within a day (once). */
    endingNoticeAt: timestamp('ending_notice_at', { withTimezone: true }),
  },
  (t) => [
    index('promotions_listing_idx').on(t.listingId, t.product),
    index('promotions_buyer_idx').on(t.buyerId, t.createdAt),
    index('promotions_payment_idx').on(t.paymentId),
    // The dealer desk's receipts: a dealer's paid orders, newest first.
    index('promotions_dealer_idx').on(t.dealerId, t.paidAt),
    // The expiry job's and the revenue's walks: active ones by their end, paid ones by day.
    index('promotions_active_idx').on(t.endsAt).where(sql`status = 'active'`),
    index('promotions_paid_idx').on(t.paidAt).where(sql`paid_at is not null`),
  ],
)

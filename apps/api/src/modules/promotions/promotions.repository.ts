import type { PromotionProduct, PromotionStatus } from '@tulpar/contracts'
import { and, asc, desc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { dealerMembers } from '../dealers/dealers.tables.ts'
import { user } from '../identity/identity.tables.ts'
import { listingOwnershipColumns, selectListingsWithNames } from '../listings/index.ts'
import { listings } from '../listings/listings.tables.ts'
import { payments } from '../payments/payments.tables.ts'
import { promotionPrices, promotions } from './promotions.tables.ts'

export type PromotionRow = typeof promotions.$inferSelect
type NewPromotion = typeof promotions.$inferInsert

// The price list

export function findPrices(db: Db) {
  return db
    .select({ product: promotionPrices.product, days: promotionPrices.days, priceKzt: promotionPrices.priceKzt })
    .from(promotionPrices)
    .orderBy(
      sql`array_position(array['raise','top','hot','highlight'], ${promotionPrices.product})`,
      asc(promotionPrices.days),
    )
}

export async function findPrice(db: Db, product: PromotionProduct, days: number): Promise<number | null> {
  const [row] = await db
    .select({ priceKzt: promotionPrices.priceKzt })
    .from(promotionPrices)
    .where(and(eq(promotionPrices.product, product), eq(promotionPrices.days, days)))
    .limit(1)
  return row?.priceKzt ?? null
}

/** Sets one price (a new duration is added); answers the price it had, or null when it is new. */
export async function upsertPrice(tx: Db, p: { product: PromotionProduct; days: number; priceKzt: number; at: Date }) {
  const [old] = await tx
    .select({ priceKzt: promotionPrices.priceKzt })
    .from(promotionPrices)
    .where(and(eq(promotionPrices.product, p.product), eq(promotionPrices.days, p.days)))
    .for('update')
  await tx
    .insert(promotionPrices)
    .values({ product: p.product, days: p.days, priceKzt: p.priceKzt, updatedAt: p.at })
    .onConflictDoUpdate({
      target: [promotionPrices.product, promotionPrices.days],
      set: { priceKzt: p.priceKzt, updatedAt: p.at },
    })
  return old?.priceKzt ?? null
}

// Listings, as a buyer of promotion sees them

/**
 * What deciding who may promote a listing needs: its owner, its dealer, its status and name, and whether `userId`
 * works for `dealerId` (the listing's own dealer when not given).
 */
const buyerColumns = (userId: string, dealerId: SQLWrapper | number = listings.dealerId) => ({
  ...listingOwnershipColumns,
  isMember: sql<boolean>`exists (select 1 from ${dealerMembers} m
    where m.dealer_id = ${dealerId} and m.user_id = ${userId})`.mapWith(Boolean),
})

/** A listing with what deciding who may promote it needs (buyerColumns). */
export async function findListingForBuyer(db: Db, listingId: number, userId: string) {
  const [row] = await selectListingsWithNames(db, buyerColumns(userId)).where(eq(listings.id, listingId)).limit(1)
  return row ?? null
}

/**
 * The dealer's cars among `ids` with what ordering a promotion for them needs (as findListingForBuyer), and whether
 * `userId` is one of the dealer's people. An id that is not the dealer's car is absent.
 */
export function findDealerCarsForBuyer(db: Db, dealerId: number, ids: number[], userId: string) {
  return selectListingsWithNames(db, buyerColumns(userId, dealerId)).where(
    and(inArray(listings.id, ids), eq(listings.dealerId, dealerId)),
  )
}

/** The listing's status and place in the newest order, locked for the change that follows. */
export async function lockListing(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: listings.id, status: listings.status })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update')
  return row ?? null
}

/** The listing column a running product sets; a raise has none (it moves `published_at` once). */
const UNTIL = { top: listings.topUntil, hot: listings.hotUntil, highlight: listings.highlightUntil } as const

/**
 * What a paid product does to its listing: a raise moves the place in the newest order to now and keeps the first
 * publication (what buyers see, and what fresh listings count from until the seller confirms); the others run until
 * `endsAt`.
 */
export async function applyToListing(tx: Db, id: number, product: PromotionProduct, endsAt: Date, now: Date) {
  if (product === 'raise') {
    await tx
      .update(listings)
      .set({
        firstPublishedAt: sql`coalesce(${listings.firstPublishedAt}, ${listings.publishedAt})`,
        publishedAt: now,
      })
      .where(eq(listings.id, id))
    return
  }
  await tx
    .update(listings)
    .set({ [product === 'top' ? 'topUntil' : product === 'hot' ? 'hotUntil' : 'highlightUntil']: endsAt })
    .where(eq(listings.id, id))
}

/** Stops a running product on its listing (a raise has nothing left to stop). */
export async function clearFromListing(tx: Db, id: number, product: PromotionProduct) {
  if (product === 'raise') return
  const column = UNTIL[product]
  await tx
    .update(listings)
    .set({ [product === 'top' ? 'topUntil' : product === 'hot' ? 'hotUntil' : 'highlightUntil']: null })
    .where(and(eq(listings.id, id), sql`${column} is not null`))
}

// Orders

const ReservedId = z.object({ rows: z.array(z.object({ id: z.coerce.number().int().positive() })) })

/** Takes the next order id from the table's sequence, for an order not stored yet (its payment names it first). */
export async function reservePromotionId(db: Db): Promise<number> {
  const [id] = await reservePromotionIds(db, 1)
  if (id === undefined) throw new Error('no promotion id reserved')
  return id
}

/** Takes the next `n` order ids in one round trip, in the order they were given. */
export async function reservePromotionIds(db: Db, n: number): Promise<number[]> {
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence('promotions', 'id'))::text as id from generate_series(1, ${n}::int)`,
  )
  const ids = ReservedId.parse(result)
    .rows.map((r) => r.id)
    .sort((a, b) => a - b)
  if (ids.length !== n) throw new Error('promotion ids not reserved')
  return ids
}

export async function insertPromotion(tx: Db, row: NewPromotion): Promise<void> {
  await tx.insert(promotions).values(row)
}

export async function insertPromotions(tx: Db, rows: NewPromotion[]): Promise<void> {
  await tx.insert(promotions).values(rows)
}

/** Whether the product runs for the listing (paid and not ended: a raise counts for its day). */
export async function isRunning(db: Db, listingId: number, product: PromotionProduct, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        eq(promotions.listingId, listingId),
        eq(promotions.product, product),
        eq(promotions.status, 'active'),
        sql`${promotions.endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Of `listingIds`, those the product runs for (paid and not ended: a raise counts for its day). */
export async function findRunning(db: Db, listingIds: number[], product: PromotionProduct, now: Date) {
  const rows = await db
    .selectDistinct({ listingId: promotions.listingId })
    .from(promotions)
    .where(
      and(
        inArray(promotions.listingId, listingIds),
        eq(promotions.product, product),
        eq(promotions.status, 'active'),
        sql`${promotions.endsAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
  return rows.flatMap((r) => (r.listingId === null ? [] : [r.listingId]))
}

/** The orders one payment pays for (one, or each car of a dealer's bulk order), locked, in the order of their ids. */
export function lockPromotionsOfPayment(tx: Db, paymentId: string): Promise<PromotionRow[]> {
  return tx
    .select()
    .from(promotions)
    .where(eq(promotions.paymentId, paymentId))
    .orderBy(asc(promotions.id))
    .for('update')
}

/** Whether the payment pays for several orders (a dealer's bulk order): its refunds are then made once, together. */
export async function isSharedPayment(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(promotions)
    .where(eq(promotions.paymentId, paymentId))
  return (row?.n ?? 0) > 1
}

/**
 * The shared payments (bulk orders) paid since `since` that are still wholly kept although none of their orders runs
 * any more and some of them give money back: each with the sum to refund and the payment's amount.
 */
export function findSharedRefundsDue(db: Db, since: Date, limit: number) {
  return db
    .select({
      paymentId: sql<string>`${promotions.paymentId}`,
      refundKzt: sql<number>`sum(${promotions.refundKzt})`.mapWith(Number),
      amountKzt: sql<number>`sum(${promotions.amountKzt})`.mapWith(Number),
    })
    .from(promotions)
    .innerJoin(payments, eq(payments.id, promotions.paymentId))
    .where(and(sql`${promotions.paidAt} >= ${since.toISOString()}::timestamptz`, eq(payments.status, 'paid')))
    .groupBy(promotions.paymentId)
    .having(
      sql`count(*) > 1 and sum(${promotions.refundKzt}) > 0
        and bool_and(${promotions.status} in ('ended', 'refunded', 'cancelled'))`,
    )
    .limit(limit)
}

export async function updatePromotion(tx: Db, id: number, set: Partial<NewPromotion>): Promise<void> {
  await tx.update(promotions).set(set).where(eq(promotions.id, id))
}

/** The orders a user may see: their own, their cars', and their dealers' (a dealer's people share its receipts). */
function visibleTo(userId: string): SQL {
  return (
    or(
      eq(promotions.buyerId, userId),
      sql`${promotions.listingId} in (select l.id from ${listings} l where l.owner_id = ${userId})`,
      sql`${promotions.dealerId} in (select m.dealer_id from ${dealerMembers} m where m.user_id = ${userId})`,
    ) ?? sql`false`
  )
}

export async function findVisibleOrder(db: Db, userId: string, id: number): Promise<PromotionRow | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), visibleTo(userId)))
    .limit(1)
  return row ?? null
}

export function findVisibleOrders(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(promotions)
    .where(visibleTo(userId))
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(limit)
}

export function findOrdersOfListing(db: Db, listingId: number, limit: number) {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.listingId, listingId), sql`${promotions.status} <> 'cancelled'`))
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(limit)
}

// Receipts

/**
 * Paid orders, newest first: those `buyerId` paid (a user's own receipts), or those of the dealer's cars (the dealer
 * desk's), with the buyer's name.
 */
export function findReceipts(db: Db, whose: { buyerId: string } | { dealerId: number }, limit: number) {
  return db
    .select({ promotion: promotions, buyerName: user.name })
    .from(promotions)
    .leftJoin(user, eq(user.id, promotions.buyerId))
    .where(
      and(
        'buyerId' in whose ? eq(promotions.buyerId, whose.buyerId) : eq(promotions.dealerId, whose.dealerId),
        sql`${promotions.paidAt} is not null`,
      ),
    )
    .orderBy(desc(promotions.paidAt), desc(promotions.id))
    .limit(limit)
}

// The back office

export function findForStaff(db: Db, status: PromotionStatus | undefined, limit: number) {
  return db
    .select({ promotion: promotions, buyerName: user.name })
    .from(promotions)
    .leftJoin(user, eq(user.id, promotions.buyerId))
    .where(status ? eq(promotions.status, status) : undefined)
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(limit)
}

/** Paid orders per Kazakhstan day (UTC+5) and product since `from`: how many, the money taken and given back. */
export function findRevenue(db: Db, from: Date) {
  const day = sql<string>`to_char((${promotions.paidAt} at time zone 'UTC') + interval '5 hours', 'YYYY-MM-DD')`
  return db
    .select({
      day,
      product: promotions.product,
      orders: sql<number>`count(*)`.mapWith(Number),
      amountKzt: sql<number>`coalesce(sum(${promotions.amountKzt}), 0)`.mapWith(Number),
      refundedKzt: sql<number>`coalesce(sum(${promotions.refundKzt}), 0)`.mapWith(Number),
    })
    .from(promotions)
    .where(sql`${promotions.paidAt} is not null and ${promotions.paidAt} >= ${from.toISOString()}::timestamptz`)
    .groupBy(day, promotions.product)
    .orderBy(desc(day), asc(promotions.product))
}

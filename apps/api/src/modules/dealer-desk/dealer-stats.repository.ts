import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { favourites } from '../favourites/favourites.tables.ts'
import { leads } from '../leads/leads.tables.ts'
import { listingPhoneReveals, listings, listingViews } from '../listings/listings.tables.ts'
import { conversations } from '../messaging/messaging.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'

/** The dealer's cars on sale (the partial index `listings_pub_dealer_idx`), with what their titles need. */
export function findDealerCarsOnSale(db: Db, dealerId: number) {
  return db
    .select({
      id: listings.id,
      brand: brands.name,
      model: models.name,
      year: listings.year,
      priceKzt: listings.priceKzt,
    })
    .from(listings)
    .leftJoin(brands, eq(brands.id, listings.brandId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .where(and(eq(listings.dealerId, dealerId), sql`${listings.status} = 'published'`))
}

export interface DayCount {
  listingId: number
  day: string
  n: number
}

/** Almaty's calendar day of a timestamp, as the views' days are counted (car-page.visitor.ts). */
const almatyDay = (column: unknown) => sql<string>`to_char((${column} at time zone 'Asia/Almaty')::date, 'YYYY-MM-DD')`
/** The first instant of an Almaty day, and of the day after the last. */
const almatyStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Almaty')`
const almatyEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Asia/Almaty')`

/**
 * Five grouped queries for all the cars at once (no query per car), each on an index that leads with the listing:
 * views and reveals on their primary keys (listing, day), favourites on `favourites_listing_idx`, chats on
 * `conversations_listing_buyer_uq`, call-backs on `leads_listing_idx` (listing, created_at).
 */
export async function countByDay(db: Db, ids: number[], from: string, to: string) {
  if (ids.length === 0) return { views: [], reveals: [], favourites: [], callbacks: [], chats: [] }
  const [views, reveals, favs, callbacks, chats] = await Promise.all([
    db
      .select({ listingId: listingViews.listingId, day: sql<string>`${listingViews.day}::text`, n: count() })
      .from(listingViews)
      .where(
        and(inArray(listingViews.listingId, ids), gte(listingViews.day, from), sql`${listingViews.day} <= ${to}::date`),
      )
      .groupBy(listingViews.listingId, listingViews.day),
    db
      .select({
        listingId: listingPhoneReveals.listingId,
        day: sql<string>`${listingPhoneReveals.day}::text`,
        n: listingPhoneReveals.reveals,
      })
      .from(listingPhoneReveals)
      .where(
        and(
          inArray(listingPhoneReveals.listingId, ids),
          gte(listingPhoneReveals.day, from),
          sql`${listingPhoneReveals.day} <= ${to}::date`,
        ),
      ),
    db
      .select({ listingId: favourites.listingId, day: almatyDay(favourites.createdAt), n: count() })
      .from(favourites)
      .where(
        and(
          inArray(favourites.listingId, ids),
          gte(favourites.createdAt, almatyStart(from)),
          lt(favourites.createdAt, almatyEnd(to)),
        ),
      )
      .groupBy(favourites.listingId, almatyDay(favourites.createdAt)),
    db
      .select({ listingId: sql<number>`${leads.listingId}`, day: almatyDay(leads.createdAt), n: count() })
      .from(leads)
      .where(
        and(
          sql`${leads.kind} = 'callback'`,
          inArray(leads.listingId, ids),
          gte(leads.createdAt, almatyStart(from)),
          lt(leads.createdAt, almatyEnd(to)),
        ),
      )
      .groupBy(leads.listingId, almatyDay(leads.createdAt)),
    db
      .select({
        listingId: sql<number>`${conversations.listingId}`,
        day: almatyDay(conversations.createdAt),
        n: count(),
      })
      .from(conversations)
      .where(
        and(
          sql`${conversations.kind} = 'listing'`,
          inArray(conversations.listingId, ids),
          gte(conversations.createdAt, almatyStart(from)),
          lt(conversations.createdAt, almatyEnd(to)),
        ),
      )
      .groupBy(conversations.listingId, almatyDay(conversations.createdAt)),
  ])
  const norm = (rows: { listingId: number; day: string; n: number }[]): DayCount[] =>
    rows.map((r) => ({ listingId: Number(r.listingId), day: r.day, n: Number(r.n) }))
  return {
    views: norm(views),
    reveals: norm(reveals),
    favourites: norm(favs),
    callbacks: norm(callbacks),
    chats: norm(chats),
  }
}

/** The dealer's cars in every status, for the stock export (at most `limit`, the latest changed first). */
export function findDealerStock(db: Db, dealerId: number, limit: number) {
  return db
    .select({
      id: listings.id,
      externalId: listings.externalId,
      status: sql<string>`${listings.status}::text`,
      brand: brands.name,
      model: models.name,
      year: listings.year,
      priceKzt: listings.priceKzt,
      mileage: listings.mileage,
      mileageUnit: sql<string | null>`${listings.mileageUnit}::text`,
      vin: listings.vin,
      publishedAt: listings.publishedAt,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .leftJoin(brands, eq(brands.id, listings.brandId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .where(eq(listings.dealerId, dealerId))
    .orderBy(desc(listings.updatedAt), desc(listings.id))
    .limit(limit)
}

import { and, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'
import { conversations } from '../messaging/messaging.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'

const buyer = alias(user, 'buyer')
const seller = alias(user, 'seller')

/**
 * Buyers' conversations about the dealer's cars, the latest first, at most `limit`: the dealer's cars, then their
 * conversations on `conversations_listing_buyer_uq` (listing first).
 */
export function findDealerChats(db: Db, dealerId: number, limit: number) {
  return db
    .select({
      id: conversations.id,
      listingId: listings.id,
      brand: brands.name,
      model: models.name,
      year: listings.year,
      buyerName: buyer.name,
      sellerId: seller.id,
      sellerName: seller.name,
      createdAt: conversations.createdAt,
      lastMessageAt: conversations.lastMessageAt,
    })
    .from(conversations)
    .innerJoin(listings, eq(listings.id, conversations.listingId))
    .innerJoin(seller, eq(seller.id, listings.ownerId))
    .leftJoin(buyer, eq(buyer.id, conversations.buyerId))
    .leftJoin(brands, eq(brands.id, listings.brandId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .where(and(eq(listings.dealerId, dealerId), sql`${conversations.kind} = 'listing'`))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit)
}

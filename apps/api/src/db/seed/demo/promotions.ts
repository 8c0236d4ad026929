import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../client.ts'
import { brands, listings, models, payments, promotionPrices, promotions } from '../../schema.ts'

/*
 * A few running promotions on demo cars (decision 033), so a newcomer sees at once the marked top slots above the
 * catalogue's pages, the "Promoted" label, the highlighted cards and paid hot offers on the home page, and the back
 * office's revenue. Each is a paid order with its (local) payment, as a seller's purchase would leave it.
 */

/**
 * Which of the newest published cars get which product: the newest are on the first catalogue and home pages. The top
 * placements go to cars past the newest page's 20, so the first page a newcomer sees shows other cars in its slots
 * rather than the same cars twice (a slot car may also appear in its own place, decision 033).
 */
const PLAN = [
  { product: 'highlight', at: [0, 3, 7] },
  { product: 'hot', at: [1, 4] },
  { product: 'top', at: [21, 24, 27, 30, 33, 36] },
] as const
const DAY_MS = 86_400_000

/** Adds the demo promotions when there are none yet; answers how many were made. */
export async function seedDemoPromotions(db: Db, now: Date): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(promotions)
  if ((existing?.n ?? 0) > 0) return 0
  const newest = await db
    .select({
      id: listings.id,
      ownerId: listings.ownerId,
      dealerId: listings.dealerId,
      year: listings.year,
      brand: brands.name,
      model: models.name,
    })
    .from(listings)
    .innerJoin(brands, eq(brands.id, listings.brandId))
    .innerJoin(models, eq(models.id, listings.modelId))
    .where(eq(listings.status, 'published'))
    .orderBy(desc(listings.publishedAt), desc(listings.id))
    .limit(40)
  const prices = await db
    .select()
    .from(promotionPrices)
    .where(and(eq(promotionPrices.days, 7), inArray(promotionPrices.product, ['top', 'hot', 'highlight'])))
  let made = 0
  for (const { product, at } of PLAN) {
    const price = prices.find((p) => p.product === product)?.priceKzt
    if (price === undefined) continue
    for (const [k, i] of at.entries()) {
      const car = newest[i]
      if (!car) continue
      // Started on different days, so some end within a day (the seller's notice) and the revenue has a history.
      const startsAt = new Date(now.getTime() - (k + 1) * DAY_MS)
      const endsAt = new Date(startsAt.getTime() + 7 * DAY_MS)
      const paymentId = randomUUID()
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promotions)
          .values({
            listingId: car.id,
            buyerId: car.ownerId,
            dealerId: car.dealerId,
            title: `${car.brand} ${car.model}, ${car.year}`,
            product,
            days: 7,
            amountKzt: price,
            status: 'active',
            paymentId,
            createdAt: startsAt,
            paidAt: startsAt,
            startsAt,
            endsAt,
          })
          .returning({ id: promotions.id })
        if (!row) return
        await tx.insert(payments).values({
          id: paymentId,
          provider: 'local',
          orderRef: `promotion:${row.id}`,
          amountKzt: price,
          status: 'paid',
          returnPath: `/account/listings/${car.id}/promote?order=${row.id}`,
          createdAt: startsAt,
          updatedAt: startsAt,
        })
        const until =
          product === 'top'
            ? { topUntil: endsAt }
            : product === 'hot'
              ? { hotUntil: endsAt }
              : { highlightUntil: endsAt }
        await tx.update(listings).set(until).where(eq(listings.id, car.id))
      })
      made++
    }
  }
  return made
}

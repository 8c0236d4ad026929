import { and, asc, between, count, eq, max } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { listings } from '../listings/listings.tables.ts'
import { brands, cities, models } from '../reference/reference.tables.ts'

const published = eq(listings.status, 'published')

/** The highest listing id ever given (one probe of the primary key); 0 when there are none. */
export async function findMaxListingId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(listings.id) }).from(listings)
  return Number(row?.id ?? 0)
}

/** Published listings with ids in [fromId, toId], in id order: one range scan of the primary key. */
export function findPublishedInIdRange(db: Db, fromId: number, toId: number) {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(and(between(listings.id, fromId, toId), published))
    .orderBy(asc(listings.id))
}

/**
 * Every (brand, model, city) with published listings and the newest publication among them. No index
 * holds all three, so this reads the published rows once (about a second at a million listings).
 */
export function findPublishedCombinations(db: Db) {
  return db
    .select({
      brandId: listings.brandId,
      modelId: listings.modelId,
      cityId: listings.cityId,
      lastPublishedAt: max(listings.publishedAt),
    })
    .from(listings)
    .where(published)
    .groupBy(listings.brandId, listings.modelId, listings.cityId)
}

/** How many brands, models and cities there are (small reference tables). */
export async function countReference(db: Db) {
  const [[b], [m], [c]] = await Promise.all([
    db.select({ n: count() }).from(brands),
    db.select({ n: count() }).from(models),
    db.select({ n: count() }).from(cities),
  ])
  return { brands: b?.n ?? 0, models: m?.n ?? 0, cities: c?.n ?? 0 }
}

/** Slugs of the reference data (a few hundred rows), to turn ids into readable URLs. */
export async function findSlugs(db: Db) {
  const [b, m, c] = await Promise.all([
    db.select({ id: brands.id, slug: brands.slug }).from(brands),
    db.select({ id: models.id, slug: models.slug }).from(models),
    db.select({ id: cities.id, slug: cities.slug }).from(cities),
  ])
  return {
    brands: new Map(b.map((r) => [r.id, r.slug])),
    models: new Map(m.map((r) => [r.id, r.slug])),
    cities: new Map(c.map((r) => [r.id, r.slug])),
  }
}

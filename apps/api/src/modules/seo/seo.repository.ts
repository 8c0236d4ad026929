import { and, asc, between, eq, max, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { listings } from '../listings/listings.tables.ts'
import { brands, cities, models } from '../reference/reference.tables.ts'

const published = eq(listings.status, 'published')

/** The highest listing id ever given (primary key, one index probe); 0 when there are none. */
export async function findMaxListingId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(listings.id) }).from(listings)
  return Number(row?.id ?? 0)
}

/**
 * Id ranges of `size` consecutive ids that hold at least one published listing: the range number (from 1)
 * and the newest change inside it.
 */
export function findPublishedIdRanges(db: Db, size: number) {
  const n = sql<number>`((${listings.id} - 1) / ${sql.raw(String(Math.trunc(size)))} + 1)::int`
  return db
    .select({ n, lastmod: max(listings.updatedAt) })
    .from(listings)
    .where(published)
    .groupBy(n)
    .orderBy(n)
}

/** Published listings with ids in [fromId, toId], in id order: one range scan of the primary key. */
export function findPublishedInIdRange(db: Db, fromId: number, toId: number) {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(and(between(listings.id, fromId, toId), published))
    .orderBy(asc(listings.id))
}

/** Every (brand, model, city) with published listings and the newest publication among them. */
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

import type { ListingFacets, ListingFacetsQuery, Locale } from '@tulpar/contracts'
import { and, asc, count, eq, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands, cities, models } from '../reference/reference.tables.ts'
import { listings } from './listings.tables.ts'

/*
 * STAND-IN, written on the catalogue branch only so the filter panel can render its counts. The search branch
 * (issue 4, search API) owns `listingFacets` and its indexed SQL; at merge its version replaces this file and
 * the one line in listings.service.ts that calls it. Plain GROUP BY, fine for the demo data, not for 1M rows.
 */
export async function listingFacetsStandIn(db: Db, q: ListingFacetsQuery, _locale: Locale): Promise<ListingFacets> {
  const where = (extra?: SQL) =>
    and(eq(listings.status, 'published'), q.city ? eq(cities.slug, q.city) : undefined, extra)
  const brandRows = await db
    .select({ slug: brands.slug, name: brands.name, count: count() })
    .from(listings)
    .innerJoin(brands, eq(brands.id, listings.brandId))
    .innerJoin(cities, eq(cities.id, listings.cityId))
    .where(where())
    .groupBy(brands.slug, brands.name)
    .orderBy(asc(brands.name))
  const modelRows = q.brand
    ? await db
        .select({ slug: models.slug, name: models.name, count: count() })
        .from(listings)
        .innerJoin(brands, eq(brands.id, listings.brandId))
        .innerJoin(models, eq(models.id, listings.modelId))
        .innerJoin(cities, eq(cities.id, listings.cityId))
        .where(where(eq(brands.slug, q.brand)))
        .groupBy(models.slug, models.name)
        .orderBy(asc(models.name))
    : []
  return { total: brandRows.reduce((sum, b) => sum + b.count, 0), brands: brandRows, models: modelRows }
}

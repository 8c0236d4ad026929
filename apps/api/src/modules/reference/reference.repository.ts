import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands, cities, models, optionGroups, options } from './reference.tables.ts'

export type CityRow = typeof cities.$inferSelect
export type BrandRow = typeof brands.$inferSelect
export type ModelRow = typeof models.$inferSelect

export function findCities(db: Db): Promise<CityRow[]> {
  return db.select().from(cities).orderBy(asc(cities.sort), asc(cities.nameRu))
}

export function findBrands(db: Db): Promise<BrandRow[]> {
  return db.select().from(brands).orderBy(desc(brands.popularity), asc(brands.name))
}

export async function findBrandBySlug(db: Db, slug: string): Promise<BrandRow | null> {
  const [row] = await db.select().from(brands).where(eq(brands.slug, slug)).limit(1)
  return row ?? null
}

export function findModelsOfBrand(db: Db, brandId: number): Promise<ModelRow[]> {
  return db.select().from(models).where(eq(models.brandId, brandId)).orderBy(asc(models.name))
}

export async function findModelBySlug(db: Db, brandId: number, slug: string): Promise<ModelRow | null> {
  const [row] = await db
    .select()
    .from(models)
    .where(and(eq(models.brandId, brandId), eq(models.slug, slug)))
    .limit(1)
  return row ?? null
}

/** The given options with their groups, in the form's order. */
export function findOptionsWithGroups(db: Db, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([])
  return db
    .select({ option: options, group: optionGroups })
    .from(options)
    .innerJoin(optionGroups, eq(optionGroups.code, options.groupCode))
    .where(inArray(options.code, codes))
    .orderBy(asc(optionGroups.sort), asc(options.sort))
}

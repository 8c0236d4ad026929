import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bodyTypes, brands, cities, colours, engineTypes, models, optionGroups, options } from './reference.tables.ts'

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

/** The small vocabularies (body types, engine types, colours, options) in one round of queries. */
export async function findVocabularies(db: Db) {
  const [body, engine, colour, groups, opts] = await Promise.all([
    db.select().from(bodyTypes).orderBy(asc(bodyTypes.sort)),
    db.select().from(engineTypes).orderBy(asc(engineTypes.sort)),
    db.select().from(colours).orderBy(asc(colours.sort)),
    db.select().from(optionGroups).orderBy(asc(optionGroups.sort)),
    db.select().from(options).orderBy(asc(options.sort)),
  ])
  return { bodyTypes: body, engineTypes: engine, colours: colour, optionGroups: groups, options: opts }
}

export function findOptionsByCodes(db: Db, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([])
  return db.select().from(options).where(inArray(options.code, codes))
}

import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  bodyTypes,
  brands,
  cities,
  colours,
  engineTypes,
  generations,
  modelModifications,
  models,
  optionGroups,
  options,
} from './reference.tables.ts'

export type CityRow = typeof cities.$inferSelect
export type BrandRow = typeof brands.$inferSelect
export type ModelRow = typeof models.$inferSelect
export type GenerationRow = typeof generations.$inferSelect
export type ModificationRow = typeof modelModifications.$inferSelect

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
/** Every option with its group, in display order (the reference service keeps them for a minute). */
export function findAllOptionsWithGroups(db: Db) {
  return db
    .select({ option: options, group: optionGroups })
    .from(options)
    .innerJoin(optionGroups, eq(optionGroups.code, options.groupCode))
    .orderBy(asc(optionGroups.sort), asc(options.sort))
}

export async function findBrandById(db: Db, id: number): Promise<BrandRow | null> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id)).limit(1)
  return row ?? null
}

export async function findModelById(db: Db, id: number): Promise<ModelRow | null> {
  const [row] = await db.select().from(models).where(eq(models.id, id)).limit(1)
  return row ?? null
}

export async function findCityById(db: Db, id: number): Promise<CityRow | null> {
  const [row] = await db.select().from(cities).where(eq(cities.id, id)).limit(1)
  return row ?? null
}

export function findGenerationsOfModel(db: Db, modelId: number): Promise<GenerationRow[]> {
  return db.select().from(generations).where(eq(generations.modelId, modelId)).orderBy(asc(generations.yearFrom))
}

export function findModificationsOfModel(db: Db, modelId: number): Promise<ModificationRow[]> {
  return db
    .select()
    .from(modelModifications)
    .where(eq(modelModifications.modelId, modelId))
    .orderBy(
      asc(modelModifications.engineType),
      asc(modelModifications.engineVolumeCc),
      asc(modelModifications.powerHp),
    )
}

/** The vocabularies of the listing form, in their display order. */
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

import type { Db } from '../../db/client.ts'
import { bodyTypes, brands, cities, colours, engineTypes, generations, models } from '../reference/reference.tables.ts'

/**
 * Brands, models, cities, generations, colours, body and engine types (a few thousand rows in all), for slugs
 * and the names on cards and car pages.
 */
export async function findPlaceReference(db: Db) {
  const names = (t: typeof bodyTypes | typeof engineTypes) => ({
    code: t.code,
    nameRu: t.nameRu,
    nameKk: t.nameKk,
    nameEn: t.nameEn,
  })
  const [brandRows, modelRows, cityRows, generationRows, colourRows, bodyTypeRows, engineTypeRows] = await Promise.all([
    db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands),
    db.select({ id: models.id, brandId: models.brandId, slug: models.slug, name: models.name }).from(models),
    db
      .select({ id: cities.id, slug: cities.slug, nameRu: cities.nameRu, nameKk: cities.nameKk, nameEn: cities.nameEn })
      .from(cities),
    db.select({ id: generations.id, name: generations.name }).from(generations),
    db
      .select({
        code: colours.code,
        hex: colours.hex,
        nameRu: colours.nameRu,
        nameKk: colours.nameKk,
        nameEn: colours.nameEn,
      })
      .from(colours),
    db.select(names(bodyTypes)).from(bodyTypes),
    db.select(names(engineTypes)).from(engineTypes),
  ])
  return {
    brands: brandRows,
    models: modelRows,
    cities: cityRows,
    generations: generationRows,
    colours: colourRows,
    bodyTypes: bodyTypeRows,
    engineTypes: engineTypeRows,
  }
}
export type PlaceReference = Awaited<ReturnType<typeof findPlaceReference>>

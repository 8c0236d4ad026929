import { asc } from 'drizzle-orm'
import {
  brands,
  cities,
  colours,
  generations,
  modelModifications,
  models,
  options,
} from '../../../modules/reference/reference.tables.ts'
import type { Db } from '../../client.ts'
import { COLOUR_SEEDS } from '../reference/index.ts'
import type { DemoReference, RefBrand, RefGeneration, RefModel, RefModification } from './types.ts'

/**
 * Reads the reference rows the demo generator needs from the database (the reference seed has filled them).
 * Colour popularity is not a column: it comes from the colour seed data by code, and colours unknown there
 * get a small weight that decreases with their sort order.
 */
export async function loadDemoReference(db: Db): Promise<DemoReference> {
  const [cityRows, brandRows, modelRows, generationRows, modificationRows, colourRows, optionRows] = await Promise.all([
    db.select().from(cities).orderBy(asc(cities.id)),
    db.select().from(brands).orderBy(asc(brands.id)),
    db.select().from(models).orderBy(asc(models.id)),
    db.select().from(generations).orderBy(asc(generations.modelId), asc(generations.yearFrom), asc(generations.id)),
    db.select().from(modelModifications).orderBy(asc(modelModifications.id)),
    db.select().from(colours).orderBy(asc(colours.sort), asc(colours.code)),
    db.select().from(options).orderBy(asc(options.groupCode), asc(options.sort), asc(options.code)),
  ])

  const generationsByModel = groupBy(generationRows, (g) => g.modelId)
  const modificationsByModel = groupBy(modificationRows, (m) => m.modelId)
  const modelsByBrand = new Map<number, RefModel[]>()
  for (const m of modelRows) {
    const model: RefModel = {
      id: m.id,
      slug: m.slug,
      name: m.name,
      bodyTypes: m.bodyTypes,
      yearFrom: m.yearFrom,
      yearTo: m.yearTo,
      newPriceKzt: Number(m.newPriceKzt),
      popularity: m.popularity,
      rangeKm: m.rangeKm,
      generations: (generationsByModel.get(m.id) ?? []).map(
        (g): RefGeneration => ({ id: g.id, name: g.name, yearFrom: g.yearFrom, yearTo: g.yearTo }),
      ),
      modifications: (modificationsByModel.get(m.id) ?? []).map(
        (x): RefModification => ({
          engineType: x.engineType,
          engineVolumeCc: x.engineVolumeCc,
          powerHp: x.powerHp,
          transmissions: x.transmissions,
          drives: x.drives,
        }),
      ),
    }
    const list = modelsByBrand.get(m.brandId)
    if (list) list.push(model)
    else modelsByBrand.set(m.brandId, [model])
  }

  const popularityByCode = new Map(COLOUR_SEEDS.map((c) => [c.code, c.popularity]))
  return {
    cities: cityRows.map((c) => ({ id: c.id, slug: c.slug, nameRu: c.nameRu, populationK: c.populationK })),
    brands: brandRows.map(
      (b): RefBrand => ({
        id: b.id,
        slug: b.slug,
        name: b.name,
        country: b.country,
        popularity: b.popularity,
        models: modelsByBrand.get(b.id) ?? [],
      }),
    ),
    colours: colourRows.map((c, i) => ({
      code: c.code,
      hex: c.hex,
      popularity: popularityByCode.get(c.code) ?? Math.max(1, 5 - i / 4),
    })),
    options: optionRows.map((o) => ({ code: o.code, groupCode: o.groupCode })),
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = map.get(k)
    if (list) list.push(row)
    else map.set(k, [row])
  }
  return map
}

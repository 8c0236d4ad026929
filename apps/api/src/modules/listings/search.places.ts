import type { Db } from '../../db/client.ts'
import { findPlaceReference, type PlaceReference } from './search.places.repository.ts'

type Brand = PlaceReference['brands'][number]
type Model = PlaceReference['models'][number]
type City = PlaceReference['cities'][number]
type Colour = PlaceReference['colours'][number]
type Names = PlaceReference['bodyTypes'][number]

/** A car's reference columns as the listing row stores them: ids and codes. */
export interface ReferenceIds {
  brandId: number | null
  modelId: number | null
  cityId: number | null
  generationId: number | null
  colourCode: string | null
  bodyType: string | null
  engineType: string | null
}

/** Their names, as a car's details show them. */
export interface ReferenceNames {
  brand: Brand
  model: Model
  city: City
  generation: { id: number; name: string } | null
  colour: Colour
  bodyTypeNames: Names
  engineTypeNames: Names
}

export interface PlaceIds {
  brandId?: number
  modelId?: number
  cityId?: number
}

/**
 * The process's copy of the reference data: brands, models and cities by slug and by id, generations, colours,
 * body and engine types by id or code, read once per process. They are reference data that only changes with
 * a deploy (the reference seed runs before the API serves), so every search spares the round trip for its
 * slugs, and searches and car pages the joins for their names (a car's details joined seven reference tables).
 * An id it does not know (which a deploy could only cause mid-process) makes it read them again.
 */
export function createPlaces(db: Db) {
  let loaded: Promise<ReturnType<typeof index>> | null = null

  function index(ref: PlaceReference) {
    return {
      brandBySlug: new Map(ref.brands.map((b) => [b.slug, b])),
      modelBySlug: new Map(ref.models.map((m) => [`${m.brandId}/${m.slug}`, m])),
      cityBySlug: new Map(ref.cities.map((c) => [c.slug, c])),
      brands: new Map(ref.brands.map((b) => [b.id, b])),
      models: new Map(ref.models.map((m) => [m.id, m])),
      cities: new Map(ref.cities.map((c) => [c.id, c])),
      generations: new Map(ref.generations.map((g) => [g.id, g])),
      colours: new Map(ref.colours.map((c) => [c.code, c])),
      bodyTypes: new Map(ref.bodyTypes.map((b) => [b.code, b])),
      engineTypes: new Map(ref.engineTypes.map((e) => [e.code, e])),
    }
  }

  function load(again = false) {
    if (!loaded || again) {
      const attempt = findPlaceReference(db).then(index)
      // A failed read is not remembered: the next search tries again.
      attempt.catch(() => {
        if (loaded === attempt) loaded = null
      })
      loaded = attempt
    }
    return loaded
  }

  type Index = ReturnType<typeof index>
  type PlaceRow = { brandId: number | null; modelId: number | null; cityId: number | null }
  const get = <K, V>(map: Map<K, V>, key: K | null) => (key === null ? undefined : map.get(key))

  function placeNames(ref: Index, r: PlaceRow): { brand: Brand; model: Model; city: City } | null {
    const brand = get(ref.brands, r.brandId)
    const model = get(ref.models, r.modelId)
    const city = get(ref.cities, r.cityId)
    return brand && model && city ? { brand, model, city } : null
  }

  function detailNames(ref: Index, r: ReferenceIds): ReferenceNames | null {
    const place = placeNames(ref, r)
    const generation = r.generationId === null ? null : ref.generations.get(r.generationId)
    const colour = get(ref.colours, r.colourCode)
    const bodyTypeNames = get(ref.bodyTypes, r.bodyType)
    const engineTypeNames = get(ref.engineTypes, r.engineType)
    if (!place || generation === undefined || !colour || !bodyTypeNames || !engineTypeNames) return null
    return { ...place, generation, colour, bodyTypeNames, engineTypeNames }
  }

  /**
   * `lookup` over the copy, and once more over a fresh read when it names something unknown. The
   * listings_complete_unless_draft check and the foreign keys make a miss after that unreachable.
   */
  async function named<T>(lookup: (ref: Index) => T | null, missing: string): Promise<T> {
    const found = lookup(await load()) ?? lookup(await load(true))
    if (found === null) throw new Error(missing)
    return found
  }

  return {
    /** The names of a public car's brand, model, city, generation, colour, body and engine type. */
    async nameDetail<R extends ReferenceIds & { id: number }>(row: R): Promise<R & ReferenceNames> {
      const missing = `Listing ${row.id} names a brand, model, city or type that does not exist`
      return { ...row, ...(await named((ref) => detailNames(ref, row), missing)) }
    },

    /** Ids of the slugs; null when one names nothing (or a model of another brand), so nothing can match. */
    async resolve(q: { brand?: string; model?: string; city?: string }): Promise<PlaceIds | null> {
      if (!q.brand && !q.city) return {}
      const ref = await load()
      const brand = q.brand === undefined ? undefined : ref.brandBySlug.get(q.brand)
      const model = brand && q.model !== undefined ? ref.modelBySlug.get(`${brand.id}/${q.model}`) : undefined
      const city = q.city === undefined ? undefined : ref.cityBySlug.get(q.city)
      if ((q.brand && !brand) || (q.model && !model) || (q.city && !city)) return null
      return { brandId: brand?.id, modelId: model?.id, cityId: city?.id }
    },

    /** Brand, model and city of each row, for the cards. */
    async name<R extends PlaceRow>(rows: R[]): Promise<(R & { brand: Brand; model: Model; city: City })[]> {
      type Place = NonNullable<ReturnType<typeof placeNames>>
      const all = (ref: Index) => {
        const names = rows.map((r) => placeNames(ref, r))
        return names.every((n): n is Place => n !== null) ? names : null
      }
      const names = await named(all, 'A published listing without a known brand, model or city')
      return rows.map((r, i) => ({ ...r, ...(names[i] as Place) }))
    },
  }
}
export type Places = ReturnType<typeof createPlaces>

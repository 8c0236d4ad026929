import type {
  BodyType,
  BrandRef,
  City,
  Drive,
  EngineType,
  FormGeneration,
  FormModel,
  FormModification,
  FormVocabularies,
  Locale,
  ModelRef,
  Transmission,
} from '@tulpar/contracts'
import { BODY_TYPES, DRIVES, ENGINE_TYPES, TRANSMISSIONS } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import * as repo from './reference.repository.ts'

type Names = { nameRu: string; nameKk: string; nameEn: string }

/** The name of a `name_ru/kk/en` row in a locale. */
export function localName(row: Names, locale: Locale): string {
  return locale === 'kk' ? row.nameKk : locale === 'en' ? row.nameEn : row.nameRu
}

const isOneOf =
  <T extends string>(list: readonly T[]) =>
  (value: string): value is T =>
    (list as readonly string[]).includes(value)
const isBodyType = isOneOf<BodyType>(BODY_TYPES)
const isEngineType = isOneOf<EngineType>(ENGINE_TYPES)
const isTransmission = isOneOf<Transmission>(TRANSMISSIONS)
const isDrive = isOneOf<Drive>(DRIVES)

function toFormModel(m: repo.ModelRow): FormModel {
  return {
    id: m.id,
    slug: m.slug,
    name: m.name,
    yearFrom: m.yearFrom,
    yearTo: m.yearTo,
    bodyTypes: m.bodyTypes.filter(isBodyType),
  }
}

function toFormModification(m: repo.ModificationRow): FormModification | null {
  if (!isEngineType(m.engineType)) return null
  return {
    id: m.id,
    engineType: m.engineType,
    engineVolumeCc: m.engineVolumeCc,
    volumeL: Math.round(m.engineVolumeCc / 100) / 10,
    powerHp: m.powerHp,
    transmissions: m.transmissions.filter(isTransmission),
    drives: m.drives.filter(isDrive),
  }
}

/** Generations covering `year` (all of them without a year); `yearTo` null means still produced. */
export function generationCovers(g: { yearFrom: number; yearTo: number | null }, year: number): boolean {
  return g.yearFrom <= year && (g.yearTo === null || year <= g.yearTo)
}

/**
 * How long a process reuses the reference data it read (cities, options, brands and each brand's models): it changes
 * with migrations, not at run time, and every page lists the cities (the city dialog), every car page its options and
 * every catalogue page the brands and the brand's models (three statements a catalogue render spared, issue 39).
 */
export const REFERENCE_CACHE_MS = 60_000

/** `read`'s answer, reused for `ttlMs`; a failed read is not kept, so the next call asks again. */
function cachedRead<T>(read: () => PromiseLike<T>, ttlMs: number, now: () => number): () => Promise<T> {
  let kept: { value: Promise<T>; readAt: number } | null = null
  return () => {
    if (!kept || now() - kept.readAt > ttlMs) {
      // A drizzle query runs again on every await: Promise.resolve runs it once and keeps the answer.
      const value = Promise.resolve(read())
      kept = { value, readAt: now() }
      value.catch(() => {
        if (kept?.value === value) kept = null
      })
    }
    return kept.value
  }
}

export function createReferenceService({ db, now = () => Date.now() }: { db: Db; now?: () => number }) {
  const cityRows = cachedRead(() => repo.findCities(db), REFERENCE_CACHE_MS, now)
  const optionRows = cachedRead(() => repo.findAllOptionsWithGroups(db), REFERENCE_CACHE_MS, now)
  const brandRows = cachedRead(() => repo.findBrands(db), REFERENCE_CACHE_MS, now)
  // One reader per brand that exists (a slug in a URL is looked up in the brands first): bounded by the brands.
  const modelReads = new Map<number, () => Promise<repo.ModelRow[]>>()
  const modelRowsOf = (brandId: number) => {
    let read = modelReads.get(brandId)
    if (!read) {
      read = cachedRead(() => repo.findModelsOfBrand(db, brandId), REFERENCE_CACHE_MS, now)
      modelReads.set(brandId, read)
    }
    return read()
  }

  return {
    /** Cities of Kazakhstan, largest first, names in the locale (and all three). */
    async listCities(locale: Locale): Promise<City[]> {
      const rows = await cityRows()
      return rows.map((c) => ({
        id: c.id,
        slug: c.slug,
        name: localName(c, locale),
        names: { ru: c.nameRu, kk: c.nameKk, en: c.nameEn },
        lat: c.lat,
        lng: c.lng,
      }))
    },

    async listBrands(): Promise<BrandRef[]> {
      const rows = await brandRows()
      return rows.map(({ id, slug, name }) => ({ id, slug, name }))
    },

    /** Models of a brand by its slug; an unknown brand has none. */
    async listModels(brandSlug: string): Promise<ModelRef[]> {
      const brand = (await brandRows()).find((b) => b.slug === brandSlug)
      if (!brand) return []
      const rows = await modelRowsOf(brand.id)
      return rows.map(({ id, slug, name }) => ({ id, slug, name }))
    },

    findBrandById: (id: number) => repo.findBrandById(db, id),
    findModelById: (id: number) => repo.findModelById(db, id),
    findCityById: (id: number) => repo.findCityById(db, id),

    /** Models of a brand for the listing form, with their years and body types. */
    async listFormModels(brandId: number): Promise<FormModel[]> {
      // Only a brand that exists gets a reader kept (any number may be asked for).
      if (!(await brandRows()).some((b) => b.id === brandId)) return []
      return (await modelRowsOf(brandId)).map(toFormModel)
    },

    /** Generations of a model, oldest first; with `year`, only those produced that year. */
    async listGenerations(modelId: number, year?: number): Promise<FormGeneration[]> {
      const rows = await repo.findGenerationsOfModel(db, modelId)
      return rows
        .filter((g) => year === undefined || generationCovers(g, year))
        .map(({ id, name, yearFrom, yearTo }) => ({ id, name, yearFrom, yearTo }))
    },

    /** Engine modifications a model was sold with (engine type, volume, power, gearboxes, drives). */
    async listModifications(modelId: number): Promise<FormModification[]> {
      const rows = await repo.findModificationsOfModel(db, modelId)
      return rows.flatMap((m) => toFormModification(m) ?? [])
    },

    /** Body types, engine types, colours and grouped options, names in the locale. */
    async formVocabularies(locale: Locale): Promise<FormVocabularies> {
      const v = await repo.findVocabularies(db)
      const cn = (r: { code: string; nameRu: string; nameKk: string; nameEn: string }) => ({
        code: r.code,
        name: localName(r, locale),
      })
      return {
        bodyTypes: v.bodyTypes.map(cn),
        engineTypes: v.engineTypes.map(cn),
        colours: v.colours.map((c) => ({ ...cn(c), hex: c.hex })),
        optionGroups: v.optionGroups.map((g) => ({
          ...cn(g),
          options: v.options.filter((o) => o.groupCode === g.code).map(cn),
        })),
      }
    },

    findBrandBySlug: (slug: string) => repo.findBrandBySlug(db, slug),
    findModelBySlug: (brandId: number, slug: string) => repo.findModelBySlug(db, brandId, slug),
    /** A listing's options grouped for display, names in the locale; unknown codes are left out. */
    async groupOptions(codes: string[], locale: Locale) {
      if (codes.length === 0) return []
      const wanted = new Set(codes)
      const rows = (await optionRows()).filter((r) => wanted.has(r.option.code))
      const groups: { code: string; name: string; options: { code: string; name: string }[] }[] = []
      for (const { option, group } of rows) {
        let g = groups.at(-1)
        if (g?.code !== group.code) {
          g = { code: group.code, name: localName(group, locale), options: [] }
          groups.push(g)
        }
        g.options.push({ code: option.code, name: localName(option, locale) })
      }
      return groups
    },
  }
}
export type ReferenceService = ReturnType<typeof createReferenceService>

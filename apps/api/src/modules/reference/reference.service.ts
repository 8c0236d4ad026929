import type { BrandRef, City, Locale, ModelRef } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import * as repo from './reference.repository.ts'

type Names = { nameRu: string; nameKk: string; nameEn: string }

/** The name of a `name_ru/kk/en` row in a locale. */
export function localName(row: Names, locale: Locale): string {
  return locale === 'kk' ? row.nameKk : locale === 'en' ? row.nameEn : row.nameRu
}

export function createReferenceService({ db }: { db: Db }) {
  return {
    /** Cities of Kazakhstan, largest first, names in the locale (and all three). */
    async listCities(locale: Locale): Promise<City[]> {
      const rows = await repo.findCities(db)
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
      const rows = await repo.findBrands(db)
      return rows.map(({ id, slug, name }) => ({ id, slug, name }))
    },

    /** Models of a brand by its slug; an unknown brand has none. */
    async listModels(brandSlug: string): Promise<ModelRef[]> {
      const brand = await repo.findBrandBySlug(db, brandSlug)
      if (!brand) return []
      const rows = await repo.findModelsOfBrand(db, brand.id)
      return rows.map(({ id, slug, name }) => ({ id, slug, name }))
    },

    findBrandBySlug: (slug: string) => repo.findBrandBySlug(db, slug),
    findModelBySlug: (brandId: number, slug: string) => repo.findModelBySlug(db, brandId, slug),
    /** A listing's options grouped for display, names in the locale; unknown codes are left out. */
    async groupOptions(codes: string[], locale: Locale) {
      const rows = await repo.findOptionsWithGroups(db, codes)
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

import { count, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import {
  BODY_TYPE_SEEDS,
  BRANCHES,
  BRANDS,
  CITIES,
  COLOUR_SEEDS,
  COMPANY_CONTACTS,
  ENGINE_TYPE_SEEDS,
  OPTION_GROUP_SEEDS,
  PARTNER_CATEGORY_SEEDS,
  PARTNERS,
  REVIEWS,
} from './reference/index.ts'
import type { EngineSeed, ModelSeed } from './reference/types.ts'

const names = (n: { ru: string; kk: string; en: string }) => ({ nameRu: n.ru, nameKk: n.kk, nameEn: n.en })
const cc = (litres: number) => Math.round(litres * 1000)

/** A model's columns as the reference seed stores them (the demo generator's tests build the same rows). */
export const modelColumns = (m: ModelSeed) => ({
  slug: m.slug,
  name: m.name,
  bodyTypes: m.bodyTypes,
  yearFrom: m.yearFrom,
  yearTo: m.yearTo,
  newPriceKzt: m.newPriceKzt,
  popularity: m.popularity,
  rangeKm: m.rangeKm ?? null,
})

/** An engine of a model as a `model_modifications` row, without its model. */
export const modificationColumns = (e: EngineSeed) => ({
  engineType: e.type,
  engineVolumeCc: cc(e.volumeL),
  powerHp: e.powerHp,
  transmissions: e.transmissions,
  drives: e.drives,
})

/**
 * Loads the Kazakhstan reference data (cities, brands, models, generations, modifications, vocabularies,
 * company contacts, branches, partners, reviews) into an empty database, in one transaction.
 * Does nothing when cities are already there.
 */
export async function seedReference(db: Db): Promise<{ inserted: boolean }> {
  const [existing] = await db.select({ n: count() }).from(t.cities)
  if ((existing?.n ?? 0) > 0) return { inserted: false }
  await db.transaction(async (tx) => {
    const cityRows = await tx
      .insert(t.cities)
      .values(
        [...CITIES]
          .sort((a, b) => b.populationK - a.populationK)
          .map((c, i) => ({
            slug: c.slug,
            ...names(c.name),
            populationK: c.populationK,
            lat: c.lat,
            lng: c.lng,
            sort: i,
          })),
      )
      .returning({ id: t.cities.id, slug: t.cities.slug })
    const cityId = new Map(cityRows.map((c) => [c.slug, c.id]))
    const cityOf = (slug: string) => {
      const id = cityId.get(slug)
      if (id === undefined) throw new Error(`Unknown city slug ${slug} in reference data`)
      return id
    }

    await tx.insert(t.bodyTypes).values(BODY_TYPE_SEEDS.map((b, i) => ({ code: b.code, ...names(b.name), sort: i })))
    await tx
      .insert(t.engineTypes)
      .values(ENGINE_TYPE_SEEDS.map((e, i) => ({ code: e.code, ...names(e.name), sort: i })))
    await tx
      .insert(t.colours)
      .values(COLOUR_SEEDS.map((c, i) => ({ code: c.code, hex: c.hex, ...names(c.name), sort: i })))
    await tx
      .insert(t.optionGroups)
      .values(OPTION_GROUP_SEEDS.map((g, i) => ({ code: g.code, ...names(g.name), sort: i })))
    await tx
      .insert(t.options)
      .values(
        OPTION_GROUP_SEEDS.flatMap((g, gi) =>
          g.options.map((o, i) => ({ code: o.code, groupCode: g.code, ...names(o.name), sort: gi * 100 + i })),
        ),
      )

    // Brands, then their models, generations and engines: one statement each (a statement per brand took 0.9 s
    // of the embedded demo's first start).
    const brandRows = await tx
      .insert(t.brands)
      .values(BRANDS.map((b) => ({ slug: b.slug, name: b.name, country: b.country, popularity: b.popularity })))
      .returning({ id: t.brands.id, slug: t.brands.slug })
    const brandIds = new Map(brandRows.map((b) => [b.slug, b.id]))
    const modelKey = (brandId: number, slug: string) => `${brandId}/${slug}`
    const brandModels = BRANDS.flatMap((brand) => {
      const id = brandIds.get(brand.slug)
      if (id === undefined) throw new Error(`Brand ${brand.slug} was not inserted`)
      return brand.models.map((m) => ({ brandId: id, m }))
    })
    const modelRows = await tx
      .insert(t.models)
      .values(brandModels.map(({ brandId, m }) => ({ brandId, ...modelColumns(m) })))
      .returning({ id: t.models.id, brandId: t.models.brandId, slug: t.models.slug })
    const modelId = new Map(modelRows.map((m) => [modelKey(m.brandId, m.slug), m.id]))
    const modelOf = (brandId: number, slug: string) => {
      const id = modelId.get(modelKey(brandId, slug))
      if (id === undefined) throw new Error(`Model ${slug} was not inserted`)
      return id
    }
    const generations = brandModels.flatMap(({ brandId, m }) =>
      (m.generations ?? []).map((g) => ({
        modelId: modelOf(brandId, m.slug),
        name: g.name,
        yearFrom: g.yearFrom,
        yearTo: g.yearTo,
      })),
    )
    if (generations.length > 0) await tx.insert(t.generations).values(generations)
    await tx
      .insert(t.modelModifications)
      .values(
        brandModels.flatMap(({ brandId, m }) =>
          m.engines.map((e) => ({ modelId: modelOf(brandId, m.slug), ...modificationColumns(e) })),
        ),
      )

    await tx.insert(t.companyContacts).values({
      id: 1,
      name: COMPANY_CONTACTS.name,
      phones: COMPANY_CONTACTS.phones,
      email: COMPANY_CONTACTS.email,
      addressRu: COMPANY_CONTACTS.address.ru,
      addressKk: COMPANY_CONTACTS.address.kk,
      addressEn: COMPANY_CONTACTS.address.en,
      workingHoursRu: COMPANY_CONTACTS.workingHours.ru,
      workingHoursKk: COMPANY_CONTACTS.workingHours.kk,
      workingHoursEn: COMPANY_CONTACTS.workingHours.en,
      socials: COMPANY_CONTACTS.socials,
    })
    await tx.insert(t.branches).values(
      BRANCHES.map((b, i) => ({
        cityId: cityOf(b.citySlug),
        addressRu: b.address.ru,
        addressKk: b.address.kk,
        addressEn: b.address.en,
        phones: b.phones,
        socialLink: b.socialLink,
        lat: b.lat,
        lng: b.lng,
        workingHoursRu: b.workingHours.ru,
        workingHoursKk: b.workingHours.kk,
        workingHoursEn: b.workingHours.en,
        sort: i,
      })),
    )
    const categoryRows = await tx
      .insert(t.partnerCategories)
      .values(PARTNER_CATEGORY_SEEDS.map((c, i) => ({ code: c.code, ...names(c.name), sort: i })))
      .returning({ id: t.partnerCategories.id, code: t.partnerCategories.code })
    const categoryId = new Map(categoryRows.map((c) => [c.code, c.id]))
    await tx.insert(t.partners).values(
      PARTNERS.map((p, i) => ({
        // Demo addresses (the demo's own domain, like its sellers'): a request to a partner shows in the outbox.
        email: `partner${i + 1}@demo.tulpar.kz`,
        categoryId: categoryId.get(p.categoryCode) ?? 0,
        cityId: cityOf(p.citySlug),
        name: p.name,
        descriptionRu: p.description.ru,
        descriptionKk: p.description.kk,
        descriptionEn: p.description.en,
        addressRu: p.address.ru,
        addressKk: p.address.kk,
        addressEn: p.address.en,
        phones: p.phones,
        lat: p.lat,
        lng: p.lng,
        website: p.website ?? null,
      })),
    )
    await tx.insert(t.customerReviews).values(
      REVIEWS.map((r) => ({
        author: r.author,
        rating: r.rating,
        text: r.text,
        source: r.source,
        sourceUrl: r.source === '2gis' ? 'https://2gis.kz/almaty/search/Tulpar%20Auto' : 'https://yandex.kz/maps/',
        reviewedOn: r.date,
      })),
    )
  })
  // The tables just filled, not the whole database (0.24 s of the embedded demo's first start).
  const filled = [
    t.cities,
    t.bodyTypes,
    t.engineTypes,
    t.colours,
    t.optionGroups,
    t.options,
    t.brands,
    t.models,
    t.generations,
    t.modelModifications,
    t.companyContacts,
    t.branches,
    t.partnerCategories,
    t.partners,
    t.customerReviews,
  ]
  await db.execute(sql`analyze ${sql.join(filled, sql`, `)}`)
  return { inserted: true }
}

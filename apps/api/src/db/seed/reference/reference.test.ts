import type { LocalizedText } from '@tulpar/contracts'
import { BODY_TYPES, DRIVES, ENGINE_TYPES, TRANSMISSIONS } from '@tulpar/contracts'
import { describe, expect, test } from 'vitest'
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
} from './index.ts'

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
const CODE = /^[a-z0-9]+(_[a-z0-9]+)*$/
const E164_KZ = /^\+7\d{10}$/
const LAST_YEAR = 2026

const hasAllNames = (name: LocalizedText) => [name.ru, name.kk, name.en].every((text) => text.trim().length > 0)
const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index)
const citySlugs = new Set(CITIES.map((city) => city.slug))
const models = BRANDS.flatMap((brand) => brand.models.map((model) => ({ id: `${brand.slug}/${model.slug}`, model })))

describe('cities', () => {
  test('lists at least 20 Kazakhstan cities, each named in ru, kk and en', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(20)
    expect(CITIES.filter((city) => !hasAllNames(city.name)).map((city) => city.slug)).toEqual([])
  })

  test('gives every city a unique latin slug', () => {
    expect(CITIES.filter((city) => !SLUG.test(city.slug)).map((city) => city.slug)).toEqual([])
    expect(duplicates(CITIES.map((city) => city.slug))).toEqual([])
  })

  test('places every city inside Kazakhstan with a positive population', () => {
    const outside = CITIES.filter(
      (city) => city.lat < 40.5 || city.lat > 55.5 || city.lng < 46.5 || city.lng > 87.5 || city.populationK <= 0,
    )
    expect(outside.map((city) => city.slug)).toEqual([])
  })
})

describe('body and engine types', () => {
  test('names every body type code of the contracts in all three languages', () => {
    expect(BODY_TYPE_SEEDS.map((seed) => seed.code).sort()).toEqual([...BODY_TYPES].sort())
    expect(BODY_TYPE_SEEDS.every((seed) => hasAllNames(seed.name))).toBe(true)
  })

  test('names every engine type code of the contracts in all three languages', () => {
    expect(ENGINE_TYPE_SEEDS.map((seed) => seed.code).sort()).toEqual([...ENGINE_TYPES].sort())
    expect(ENGINE_TYPE_SEEDS.every((seed) => hasAllNames(seed.name))).toBe(true)
  })
})

describe('brands and models', () => {
  test('covers at least 40 brands and 300 models', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(40)
    expect(models.length).toBeGreaterThanOrEqual(300)
  })

  test('gives brands unique slugs, an ISO country code and a popularity of 1 to 100', () => {
    expect(duplicates(BRANDS.map((brand) => brand.slug))).toEqual([])
    const invalid = BRANDS.filter(
      (brand) =>
        !SLUG.test(brand.slug) ||
        !/^[A-Z]{2}$/.test(brand.country) ||
        brand.popularity < 1 ||
        brand.popularity > 100 ||
        brand.name.trim() === '',
    )
    expect(invalid.map((brand) => brand.slug)).toEqual([])
  })

  test('gives models slugs that are unique within their brand', () => {
    const repeated = BRANDS.flatMap((brand) =>
      duplicates(brand.models.map((model) => model.slug)).map((slug) => `${brand.slug}/${slug}`),
    )
    expect(repeated).toEqual([])
    expect(models.filter(({ model }) => !SLUG.test(model.slug)).map(({ id }) => id)).toEqual([])
  })

  test('gives every model at least one known body type', () => {
    const bodyTypes: readonly string[] = BODY_TYPES
    const invalid = models.filter(
      ({ model }) => model.bodyTypes.length === 0 || model.bodyTypes.some((type) => !bodyTypes.includes(type)),
    )
    expect(invalid.map(({ id }) => id)).toEqual([])
  })

  test('gives every model at least one engine with known type, gearbox and drive', () => {
    const engineTypes: readonly string[] = ENGINE_TYPES
    const transmissions: readonly string[] = TRANSMISSIONS
    const drives: readonly string[] = DRIVES
    const invalid = models.filter(
      ({ model }) =>
        model.engines.length === 0 ||
        model.engines.some(
          (engine) =>
            !engineTypes.includes(engine.type) ||
            engine.transmissions.length === 0 ||
            engine.transmissions.some((transmission) => !transmissions.includes(transmission)) ||
            engine.drives.length === 0 ||
            engine.drives.some((drive) => !drives.includes(drive)) ||
            engine.powerHp < 30 ||
            engine.powerHp > 1100,
        ),
    )
    expect(invalid.map(({ id }) => id)).toEqual([])
  })

  test('gives combustion engines a displacement and electric models a range', () => {
    const invalid = models.filter(({ model }) =>
      model.engines.some((engine) =>
        engine.type === 'electric'
          ? engine.volumeL !== 0 || model.rangeKm === undefined || model.rangeKm <= 0
          : engine.volumeL < 0.6 || engine.volumeL > 7,
      ),
    )
    expect(invalid.map(({ id }) => id)).toEqual([])
  })

  test('keeps model years between 1980 and the current year, start before end', () => {
    const invalid = models.filter(
      ({ model }) =>
        model.yearFrom < 1980 ||
        model.yearFrom > LAST_YEAR ||
        (model.yearTo !== null && (model.yearTo < model.yearFrom || model.yearTo > LAST_YEAR)),
    )
    expect(invalid.map(({ id }) => id)).toEqual([])
  })

  test('prices new cars between 2 and 300 million tenge and rates popularity from 1 to 10', () => {
    const invalid = models.filter(
      ({ model }) =>
        !Number.isInteger(model.newPriceKzt) ||
        model.newPriceKzt < 2_000_000 ||
        model.newPriceKzt > 300_000_000 ||
        model.popularity < 1 ||
        model.popularity > 10,
    )
    expect(invalid.map(({ id }) => id)).toEqual([])
  })

  test('gives generations to at least 80 models', () => {
    expect(models.filter(({ model }) => (model.generations?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(80)
  })

  test('keeps generations sorted, non-overlapping and inside the model years', () => {
    const invalid = models.filter(({ model }) => {
      const generations = model.generations ?? []
      return generations.some((generation, index) => {
        const next = generations[index + 1]
        const end = generation.yearTo ?? Number.POSITIVE_INFINITY
        const modelEnd = model.yearTo ?? Number.POSITIVE_INFINITY
        return (
          generation.name.trim() === '' ||
          generation.yearFrom < model.yearFrom ||
          end > modelEnd ||
          (generation.yearTo !== null && generation.yearTo < generation.yearFrom) ||
          (next !== undefined && next.yearFrom <= end)
        )
      })
    })
    expect(invalid.map(({ id }) => id)).toEqual([])
  })
})

describe('options and colours', () => {
  test('gives every option group and option a unique snake_case code and three names', () => {
    const options = OPTION_GROUP_SEEDS.flatMap((group) => group.options)
    const codes = [...OPTION_GROUP_SEEDS.map((group) => group.code), ...options.map((option) => option.code)]
    expect(duplicates(codes)).toEqual([])
    expect(codes.filter((code) => !CODE.test(code))).toEqual([])
    expect([...OPTION_GROUP_SEEDS, ...options].filter((seed) => !hasAllNames(seed.name)).map((s) => s.code)).toEqual([])
  })

  test('puts 6 to 10 options in every group', () => {
    const invalid = OPTION_GROUP_SEEDS.filter((group) => group.options.length < 6 || group.options.length > 10)
    expect(invalid.map((group) => group.code)).toEqual([])
  })

  test('gives every colour a unique code, a #rrggbb paint and a positive weight', () => {
    expect(duplicates(COLOUR_SEEDS.map((colour) => colour.code))).toEqual([])
    const invalid = COLOUR_SEEDS.filter(
      (colour) => !/^#[0-9a-f]{6}$/i.test(colour.hex) || colour.popularity <= 0 || !hasAllNames(colour.name),
    )
    expect(invalid.map((colour) => colour.code)).toEqual([])
  })
})

describe('company, branches and partners', () => {
  test('lists company phones in E.164 and names its address in three languages', () => {
    expect(COMPANY_CONTACTS.phones.length).toBeGreaterThan(0)
    expect(COMPANY_CONTACTS.phones.filter((phone) => !E164_KZ.test(phone))).toEqual([])
    expect(hasAllNames(COMPANY_CONTACTS.address)).toBe(true)
    expect(hasAllNames(COMPANY_CONTACTS.workingHours)).toBe(true)
  })

  test('places every branch in a known city with E.164 phones and localised address and hours', () => {
    const invalid = BRANCHES.filter(
      (branch) =>
        !citySlugs.has(branch.citySlug) ||
        branch.phones.length === 0 ||
        branch.phones.some((phone) => !E164_KZ.test(phone)) ||
        !hasAllNames(branch.address) ||
        !hasAllNames(branch.workingHours),
    )
    expect(invalid.map((branch) => branch.address.en)).toEqual([])
  })

  test('gives partner categories unique codes and names', () => {
    expect(duplicates(PARTNER_CATEGORY_SEEDS.map((category) => category.code))).toEqual([])
    expect(PARTNER_CATEGORY_SEEDS.every((category) => hasAllNames(category.name))).toBe(true)
  })

  test('ties every partner to an existing category and city', () => {
    const categories = new Set(PARTNER_CATEGORY_SEEDS.map((category) => category.code))
    const invalid = PARTNERS.filter(
      (partner) =>
        !categories.has(partner.categoryCode) ||
        !citySlugs.has(partner.citySlug) ||
        partner.phones.some((phone) => !E164_KZ.test(phone)) ||
        !hasAllNames(partner.description) ||
        !hasAllNames(partner.address),
    )
    expect(invalid.map((partner) => partner.name)).toEqual([])
  })
})

describe('reviews', () => {
  test('dates every review in 2025-2026 with a rating from 1 to 5', () => {
    const invalid = REVIEWS.filter(
      (review) =>
        !/^202[56]-\d{2}-\d{2}$/.test(review.date) ||
        Number.isNaN(Date.parse(review.date)) ||
        review.rating < 1 ||
        review.rating > 5 ||
        review.text.trim() === '' ||
        review.author.trim() === '',
    )
    expect(invalid.map((review) => review.author)).toEqual([])
  })
})

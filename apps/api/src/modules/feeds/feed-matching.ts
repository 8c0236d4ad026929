import {
  type BrandRef,
  type Drive,
  type EngineType,
  type FeedCar,
  type FormModel,
  type FormModification,
  LOCALES,
  type Transmission,
} from '@tulpar/contracts'
import { generationCovers, type ReferenceService } from '../reference/index.ts'
import { BRAND_ALIAS_KEYS, foldName, nameKeys } from './feed-names.ts'
import type { CheckedCar, RowProblem } from './feed-rows.ts'

/*
 * A feed car's names matched to the reference data (through the reference module's service): brand, model,
 * generation, engine modification, colour, city and options become our ids and codes. Brands, cities, colours and
 * options are read once per feed; a brand's models and a model's generations and modifications once per feed when a
 * car first needs them. What does not match is a problem (brand, model, colour, city: the car is refused) or a
 * warning (generation, modification, an option: the car keeps what the other fields say).
 */

export type ReferenceSource = Pick<
  ReferenceService,
  'listBrands' | 'listFormModels' | 'listGenerations' | 'listModifications' | 'formVocabularies' | 'listCities'
>

export type UnmatchedField = 'make' | 'model' | 'generation' | 'modification' | 'city' | 'color' | 'options'

export interface MatchResult {
  car: FeedCar | null
  problems: RowProblem[]
  warnings: RowProblem[]
  /** Values that did not match, for the feed's list of unmatched names. */
  unmatched: { field: UnmatchedField; value: string }[]
}

function keyed<T>(items: T[], keysOf: (item: T) => string[]): Map<string, T> {
  const map = new Map<string, T>()
  for (const item of items) for (const key of keysOf(item)) if (!map.has(key)) map.set(key, item)
  return map
}

function cached<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const kept = new Map<K, Promise<V>>()
  return (key) => {
    let value = kept.get(key)
    if (!value) {
      value = load(key)
      kept.set(key, value)
    }
    return value
  }
}

const TRANSMISSION_WORDS: Record<string, Transmission> = { at: 'AT', mt: 'MT', cvt: 'CVT', dct: 'DCT', amt: 'DCT' }
const DRIVE_WORDS: Record<string, Drive> = { fwd: 'FWD', rwd: 'RWD', '4wd': '4WD', awd: '4WD', '4x4': '4WD' }
const FUEL_WORDS: Record<string, EngineType> = { hybrid: 'hybrid', diesel: 'diesel', d: 'diesel', ev: 'electric' }

/** What a modification's text says: `2.5 AT (181 л.с.)`, `1.6 MT 106 hp`, `2.0d AWD`. */
function readModification(text: string) {
  const lower = text.toLowerCase()
  const volume = /(\d{1,2})[.,](\d)/.exec(lower)
  const power = /(\d{2,4})\s*(?:л\.?\s*с|hp|лс|ps|к\.?\s*с)/.exec(lower)
  const words = lower.split(/[^a-z0-9а-яё]+/)
  return {
    volumeCc: volume ? Math.round(Number(`${volume[1]}.${volume[2]}`) * 1000) : null,
    powerHp: power ? Number(power[1]) : null,
    transmission: words.map((w) => TRANSMISSION_WORDS[w]).find(Boolean) ?? null,
    drive: words.map((w) => DRIVE_WORDS[w]).find(Boolean) ?? null,
    engineType: /\d[.,]\dd\b/.test(lower) ? 'diesel' : (words.map((w) => FUEL_WORDS[w]).find(Boolean) ?? null),
  }
}

/** The one value every modification shares, else null. */
function onlyValue<T>(values: T[]): T | null {
  const set = new Set(values)
  return set.size === 1 ? (values[0] ?? null) : null
}

/** Reads the reference data a feed is matched against; one matcher serves one feed. */
export async function createReferenceMatcher(reference: ReferenceSource, now: () => Date) {
  const [brands, vocabularies, cities] = await Promise.all([
    reference.listBrands(),
    Promise.all(LOCALES.map((l) => reference.formVocabularies(l))),
    reference.listCities('ru'),
  ])
  const brandByKey = keyed(brands, (b) => nameKeys(b.name, b.slug))
  const options = keyed(
    vocabularies.flatMap((v) => v.optionGroups.flatMap((g) => g.options)),
    (o) => nameKeys(o.name, o.code),
  )
  const colours = keyed(
    vocabularies.flatMap((v) => v.colours),
    (c) => nameKeys(c.name, c.code),
  )
  const cityByKey = keyed(cities, (c) => [
    ...nameKeys(c.names.ru, c.slug),
    ...nameKeys(c.names.kk),
    ...nameKeys(c.names.en),
  ])
  const modelsOf = cached(async (brandId: number) => {
    const models = await reference.listFormModels(brandId)
    return keyed(models, (m) => nameKeys(m.name, m.slug))
  })
  const generationsOf = cached((modelId: number) => reference.listGenerations(modelId))
  const modificationsOf = cached((modelId: number) => reference.listModifications(modelId))

  function findBrand(text: string): BrandRef | null {
    const key = foldName(text)
    return brandByKey.get(key) ?? brandByKey.get(BRAND_ALIAS_KEYS.get(key) ?? '') ?? null
  }

  /** A model of the brand; a model written after the brand's name ("Lada Granta", "ВАЗ 2107") is found too. */
  async function findModel(brand: BrandRef, text: string): Promise<FormModel | null> {
    const models = await modelsOf(brand.id)
    const key = foldName(text)
    const direct = models.get(key)
    if (direct) return direct
    const prefixes = [
      ...nameKeys(brand.name, brand.slug),
      ...[...BRAND_ALIAS_KEYS].filter(([, k]) => brandByKey.get(k) === brand).map(([a]) => a),
    ]
    for (const prefix of prefixes)
      if (key.startsWith(prefix) && key.length > prefix.length) {
        const found = models.get(key.slice(prefix.length))
        if (found) return found
      }
    return null
  }

  function findColour(text: string): string | null {
    const whole = colours.get(foldName(text))
    if (whole) return whole.code
    // "Белый перламутр", "серый металлик": the first word is the colour.
    const first = text.trim().split(/\s+/)[0] ?? ''
    return colours.get(foldName(first))?.code ?? null
  }

  return {
    /** The car with our ids and codes, or the problems that refuse it. */
    async match(checked: CheckedCar): Promise<MatchResult> {
      const problems: RowProblem[] = [...checked.problems]
      const warnings: RowProblem[] = []
      const unmatched: MatchResult['unmatched'] = []
      const miss = (field: UnmatchedField, value: string, refuse: boolean) => {
        unmatched.push({ field, value })
        const entry: RowProblem = {
          code: 'unmatched',
          field: field === 'color' ? 'color' : field,
          value: value.slice(0, 200),
        }
        if (refuse) problems.push(entry)
        else warnings.push(entry)
      }

      const brand = checked.names.make ? findBrand(checked.names.make) : null
      if (checked.names.make && !brand) miss('make', checked.names.make, true)
      const model = brand && checked.names.model ? await findModel(brand, checked.names.model) : null
      if (brand && checked.names.model && !model) miss('model', checked.names.model, true)

      const maxYear = now().getUTCFullYear() + 1
      if (model && checked.year !== null && (checked.year < model.yearFrom || checked.year > (model.yearTo ?? maxYear)))
        problems.push({
          code: 'year_range',
          field: 'year',
          value: String(checked.year),
          params: { min: model.yearFrom, max: model.yearTo ?? maxYear },
        })

      let generationId: number | null = null
      let modificationId: number | null = null
      let { bodyType, engineType, engineVolumeCc, powerHp, transmission, drive } = checked
      if (model) {
        const generations = await generationsOf(model.id)
        const covering = checked.year === null ? [] : generations.filter((g) => generationCovers(g, checked.year ?? 0))
        if (checked.names.generation) {
          const key = foldName(checked.names.generation)
          const named = generations.find((g) => nameKeys(g.name).includes(key))
          if (named && (checked.year === null || generationCovers(named, checked.year))) generationId = named.id
          else miss('generation', checked.names.generation, false)
        }
        if (generationId === null && covering.length === 1) generationId = covering[0]?.id ?? null

        const mods = await modificationsOf(model.id)
        const said = checked.names.modification ? readModification(checked.names.modification) : null
        const want = {
          engineType: engineType ?? said?.engineType ?? null,
          volumeCc: engineVolumeCc ?? said?.volumeCc ?? null,
          powerHp: powerHp ?? said?.powerHp ?? null,
          transmission: transmission ?? said?.transmission ?? null,
          drive: drive ?? said?.drive ?? null,
        }
        const fits = (m: FormModification) =>
          (want.engineType === null || m.engineType === want.engineType) &&
          (want.volumeCc === null ||
            want.engineType === 'electric' ||
            Math.abs(m.engineVolumeCc - want.volumeCc) <= 60) &&
          (want.powerHp === null || Math.abs(m.powerHp - want.powerHp) <= 5) &&
          (want.transmission === null || m.transmissions.includes(want.transmission)) &&
          (want.drive === null || m.drives.includes(want.drive))
        const anyGiven = Object.values(want).some((x) => x !== null)
        const candidates = anyGiven ? mods.filter(fits) : []
        const mod = candidates[0] ?? null
        if (mod) modificationId = mod.id
        else if (checked.names.modification) miss('modification', checked.names.modification, false)
        engineType = want.engineType ?? mod?.engineType ?? onlyValue(mods.map((m) => m.engineType))
        engineVolumeCc = engineType === 'electric' ? null : (want.volumeCc ?? mod?.engineVolumeCc ?? null)
        powerHp = want.powerHp ?? mod?.powerHp ?? null
        transmission =
          want.transmission ?? onlyValue(mod?.transmissions ?? []) ?? onlyValue(mods.flatMap((m) => m.transmissions))
        drive = want.drive ?? onlyValue(mod?.drives ?? []) ?? onlyValue(mods.flatMap((m) => m.drives))
        if (bodyType === null) bodyType = onlyValue(model.bodyTypes)
        if (bodyType === null) problems.push({ code: 'required', field: 'body', value: null })
        else if (!model.bodyTypes.includes(bodyType))
          problems.push({ code: 'not_in_list', field: 'body', value: bodyType })
        if (engineType === null) problems.push({ code: 'required', field: 'fuel', value: null })
        if (transmission === null) problems.push({ code: 'required', field: 'transmission', value: null })
        if (drive === null) problems.push({ code: 'required', field: 'drive', value: null })
      }

      let colour: string | null = null
      if (!checked.color) problems.push({ code: 'required', field: 'color', value: null })
      else {
        colour = findColour(checked.color)
        if (!colour) miss('color', checked.color, true)
      }
      let cityId: number | null = null
      if (checked.city) {
        cityId = cityByKey.get(foldName(checked.city))?.id ?? null
        if (cityId === null) miss('city', checked.city, true)
      }
      const optionCodes: string[] = []
      for (const option of checked.options) {
        const code = options.get(foldName(option))?.code
        if (code) optionCodes.push(code)
        else miss('options', option, false)
      }

      if (problems.length > 0 || !brand || !model || checked.externalId === null)
        return { car: null, problems, warnings, unmatched }
      if (checked.year === null || checked.mileageKm === null || checked.priceKzt === null)
        return { car: null, problems, warnings, unmatched }
      return {
        car: {
          externalId: checked.externalId,
          brandId: brand.id,
          brandName: brand.name,
          modelId: model.id,
          modelName: model.name,
          generationId,
          modificationId,
          year: checked.year,
          bodyType,
          engineType,
          engineVolumeCc,
          powerHp,
          transmission,
          drive,
          steering: checked.steering,
          colour,
          mileageKm: checked.mileageKm,
          priceKzt: checked.priceKzt,
          vin: checked.vin,
          cityId,
          description: checked.description,
          options: [...new Set(optionCodes)],
          photoUrls: checked.photoUrls,
          isNew: checked.isNew,
          isCustomsCleared: checked.isCustomsCleared,
          isDamaged: checked.isDamaged,
          hasWarranty: checked.hasWarranty,
          isBargainAllowed: checked.isBargainAllowed,
          isExchangeAccepted: checked.isExchangeAccepted,
        },
        problems,
        warnings,
        unmatched,
      }
    },
  }
}

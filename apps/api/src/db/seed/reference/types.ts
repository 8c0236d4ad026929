import type { BodyType, Drive, EngineType, LocalizedText, Transmission } from '@tulpar/contracts'

/**
 * Shapes of the Kazakhstan reference data that `seedReference` loads into the reference tables.
 * The data files beside this one are facts about the real market; keep sources in comments.
 */

export interface CitySeed {
  /** Latin slug used in readable URLs, e.g. `almaty`, `oskemen`. */
  slug: string
  name: LocalizedText
  /** Population, thousands (for weighting demo listings); approximate, 2024-2025 official stats. */
  populationK: number
  lat: number
  lng: number
}

export interface EngineSeed {
  type: EngineType
  /** Displacement in litres (0 for electric). */
  volumeL: number
  powerHp: number
  transmissions: Transmission[]
  drives: Drive[]
}

interface GenerationSeed {
  /** Marketing or chassis name, e.g. `XV70`, `II (J200)`, `Restyling`. */
  name: string
  yearFrom: number
  /** null while still produced. */
  yearTo: number | null
}

export interface ModelSeed {
  slug: string
  name: string
  bodyTypes: BodyType[]
  /** Production years covered in the Kazakhstan market. */
  yearFrom: number
  yearTo: number | null
  /** Typical price of a new car in Kazakhstan, tenge, 2026 (or last known, adjusted). Drives demo prices. */
  newPriceKzt: number
  /** Relative share of this model within its brand on the Kazakhstan used market (1..10). */
  popularity: number
  engines: EngineSeed[]
  /** Generations with production years; required for popular models, optional otherwise. */
  generations?: GenerationSeed[]
  /** Electric range in km, for electric models. */
  rangeKm?: number
}

export interface BrandSeed {
  slug: string
  name: string
  /** ISO 3166-1 alpha-2 country of the brand. */
  country: string
  /** Relative share of the brand on the Kazakhstan used market (1..100). */
  popularity: number
  models: ModelSeed[]
}

export interface CodeNameSeed {
  code: string
  name: LocalizedText
}

export interface ColourSeed extends CodeNameSeed {
  hex: string
  /** Relative frequency among cars in Kazakhstan (1..100). */
  popularity: number
}

export interface OptionGroupSeed extends CodeNameSeed {
  options: CodeNameSeed[]
}

export interface BranchSeed {
  citySlug: string
  address: LocalizedText
  phones: string[]
  socialLink: string
  lat: number
  lng: number
  workingHours: LocalizedText
}

export interface PartnerCategorySeed extends CodeNameSeed {}

export interface PartnerSeed {
  categoryCode: string
  name: string
  citySlug: string
  description: LocalizedText
  address: LocalizedText
  phones: string[]
  lat: number
  lng: number
  website?: string
}

export interface ReviewSeed {
  author: string
  rating: 1 | 2 | 3 | 4 | 5
  text: string
  /** ISO date. */
  date: string
  source: '2gis' | 'yandex'
}

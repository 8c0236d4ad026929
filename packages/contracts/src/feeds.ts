import { z } from 'zod'
import { BodyType, Drive, EngineType, Steering, Transmission } from './enums.ts'

/*
 * Dealers' inventory feeds (issue 38, docs/feeds.md): the limits a feed is held to and the dry run's report, which
 * the dealer desk and the app show before anything is applied.
 */

/** A feed file larger than this is refused while it is read (counted as it streams, never loaded whole). */
export const FEED_MAX_BYTES = 50 * 1024 * 1024
/** Cars one feed may hold; a feed with more is refused whole, nothing of it applied. */
export const FEED_MAX_ROWS = 20_000

/** Why a whole feed is refused (problem+json `code` and the report's `refused.code`). */
export const FEED_REFUSAL_CODES = [
  'feed.too_large',
  'feed.too_many_rows',
  'feed.encoding',
  'feed.not_a_feed',
  'feed.doctype',
  'feed.xml_limits',
  'feed.malformed',
  'feed.missing_columns',
  'feed.empty',
] as const
export const FeedRefusalCode = z.enum(FEED_REFUSAL_CODES)
export type FeedRefusalCode = z.infer<typeof FeedRefusalCode>

/**
 * Why one car of a feed is refused, or what was noticed about it (a warning leaves the car valid): `required`,
 * `number`, `year_range`, `price_range`, `mileage_range`, `new_mileage`, `vin`, `duplicate_id` (an earlier car has
 * the same external id), `photo_url`, `too_many_photos`, `too_long`, `not_in_list` (a value outside the documented
 * words), `currency`, `unmatched` (a name our reference data does not know), `columns` (a CSV line with more or
 * fewer cells than the header).
 */
export const FEED_ROW_CODES = [
  'required',
  'number',
  'year_range',
  'price_range',
  'mileage_range',
  'new_mileage',
  'vin',
  'duplicate_id',
  'photo_url',
  'too_many_photos',
  'too_long',
  'not_in_list',
  'currency',
  'unmatched',
  'columns',
] as const
export const FeedRowCode = z.enum(FEED_ROW_CODES)
export type FeedRowCode = z.infer<typeof FeedRowCode>

/** The feed's fields a row problem can name (CSV columns and XML elements have these names). */
export const FEED_FIELDS = [
  'external_id',
  'make',
  'model',
  'year',
  'generation',
  'modification',
  'body',
  'engine_volume',
  'fuel',
  'power_hp',
  'transmission',
  'drive',
  'steering',
  'color',
  'mileage_km',
  'price_kzt',
  'currency',
  'vin',
  'city',
  'description',
  'options',
  'photo_urls',
  'is_new',
  'customs_cleared',
  'damaged',
  'warranty',
  'bargain',
  'exchange',
  'row',
] as const
export const FeedField = z.enum(FEED_FIELDS)
export type FeedField = z.infer<typeof FeedField>

export const FeedRowProblem = z.object({
  code: FeedRowCode,
  field: FeedField,
  value: z.string().nullable().describe('The value as the feed gave it (cut to 200 characters)'),
  message: z.string().describe('The reason in the language asked for'),
})
export type FeedRowProblem = z.infer<typeof FeedRowProblem>

/** A car as a listing would take it: reference names turned into our ids, words into our codes. */
export const FeedCar = z
  .object({
    externalId: z.string(),
    brandId: z.number().int(),
    brandName: z.string(),
    modelId: z.number().int(),
    modelName: z.string(),
    generationId: z.number().int().nullable(),
    modificationId: z.number().int().nullable(),
    year: z.number().int(),
    bodyType: BodyType.nullable(),
    engineType: EngineType.nullable(),
    engineVolumeCc: z.number().int().nullable(),
    powerHp: z.number().int().nullable(),
    transmission: Transmission.nullable(),
    drive: Drive.nullable(),
    steering: Steering,
    colour: z.string().nullable().describe('Colour code'),
    mileageKm: z.number().int(),
    priceKzt: z.number().int(),
    vin: z.string().nullable(),
    cityId: z.number().int().nullable().describe("Null when the feed names no city: the dealer's city is used"),
    description: z.string().nullable(),
    options: z.array(z.string()).describe('Option codes'),
    photoUrls: z.array(z.string()),
    isNew: z.boolean(),
    isCustomsCleared: z.boolean(),
    isDamaged: z.boolean(),
    hasWarranty: z.boolean(),
    isBargainAllowed: z.boolean(),
    isExchangeAccepted: z.boolean(),
  })
  .meta({ id: 'FeedCar' })
export type FeedCar = z.infer<typeof FeedCar>

export const FeedRowResult = z
  .object({
    row: z.number().int().describe('The car’s place in the feed, 1 for the first car'),
    line: z.number().int().describe('The line of the file where the car starts'),
    externalId: z.string().nullable(),
    outcome: z.enum(['valid', 'refused']),
    problems: z.array(FeedRowProblem).describe('Why the car is refused; empty when valid'),
    warnings: z.array(FeedRowProblem).describe('What was left out or guessed (an unknown option, a generation)'),
    car: FeedCar.nullable().describe('Null when refused'),
  })
  .meta({ id: 'FeedRowResult' })
export type FeedRowResult = z.infer<typeof FeedRowResult>

export const FeedUnmatchedName = z.object({
  field: z.enum(['make', 'model', 'generation', 'modification', 'city', 'color', 'options']),
  value: z.string(),
  count: z.number().int().describe('Cars that gave this value'),
  rows: z.array(z.number().int()).describe('The first 100 of them'),
})
export type FeedUnmatchedName = z.infer<typeof FeedUnmatchedName>

/**
 * What a dry run found: nothing is written. A refused feed has `refused` and no rows. `valid` cars become created,
 * updated or unchanged listings when the feed is applied.
 */
export const FeedDryRunReport = z
  .object({
    format: z.enum(['csv', 'xml']).nullable(),
    encoding: z.enum(['utf-8', 'windows-1251']).nullable().describe('windows-1251 when it was detected'),
    refused: z.object({ code: FeedRefusalCode, message: z.string() }).nullable(),
    counts: z.object({
      rows: z.number().int(),
      valid: z.number().int(),
      refused: z.number().int(),
      withWarnings: z.number().int(),
    }),
    rows: z.array(FeedRowResult),
    unmatched: z.array(FeedUnmatchedName),
  })
  .meta({ id: 'FeedDryRunReport' })
export type FeedDryRunReport = z.infer<typeof FeedDryRunReport>

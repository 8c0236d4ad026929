import { z } from 'zod'
import { BodyType, Drive, EngineType, Steering, Transmission } from './enums.ts'
import { FEED_IMPORT_OUTCOMES, FEED_MISSING_CARS } from './seller-constants.ts'

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
  // A feed URL that could not be fetched (the import is `failed`): a private, loopback or link-local address (the
  // URL's or a redirect's), more than 3 redirects, no answer within 30 s, an HTTP error, or no connection at all.
  'feed.fetch_address',
  'feed.fetch_redirects',
  'feed.fetch_timeout',
  'feed.fetch_status',
  'feed.fetch_failed',
] as const
export const FeedRefusalCode = z.enum(FEED_REFUSAL_CODES)
export type FeedRefusalCode = z.infer<typeof FeedRefusalCode>

/**
 * Why one car of a feed is refused, or what was noticed about it (a warning leaves the car valid): `required`,
 * `number`, `year_range`, `price_range`, `mileage_range`, `new_mileage`, `vin`, `duplicate_id` (an earlier car has
 * the same external id), `photo_url`, `too_many_photos`, `too_long`, `not_in_list` (a value outside the documented
 * words), `currency`, `unmatched` (a name our reference data does not know), `columns` (a CSV line with more or
 * fewer cells than the header); found when the feed is compared with the dealer's cars: `vin_taken` (the VIN is on another
 * seller's car on sale or under review), `changed_car` (the external id names a car of another brand or model).
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
  'vin_taken',
  'changed_car',
  // After the apply: a photo URL that could not be fetched or is not a photo we take (the car keeps the others).
  'photo_fetch',
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

/** Imports a dealer may start per hour (uploads and fetches of its feed URL together). */
export const FEED_IMPORTS_PER_HOUR = 20

export const FeedMissingCars = z.enum(FEED_MISSING_CARS)
export type FeedMissingCars = z.infer<typeof FeedMissingCars>

/** One car's outcome: what the apply did (or, in a dry run, will do) with it. */
export const FeedImportOutcome = z.enum(FEED_IMPORT_OUTCOMES)
export type FeedImportOutcome = z.infer<typeof FeedImportOutcome>

/**
 * `dry_run`: read and compared, nothing written, waiting to be applied or discarded; `applied`; `refused`: the whole
 * feed was refused (its `refused` says why); `discarded`; `failed`: a feed URL could not be fetched.
 */
export const FEED_IMPORT_STATUSES = ['dry_run', 'applied', 'refused', 'discarded', 'failed'] as const
export const FeedImportStatus = z.enum(FEED_IMPORT_STATUSES)
export type FeedImportStatus = z.infer<typeof FeedImportStatus>

export const FeedImportCounts = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int().describe("The dealer's cars of earlier feeds this one lacks"),
  refused: z.number().int(),
  withWarnings: z.number().int(),
})
export type FeedImportCounts = z.infer<typeof FeedImportCounts>

export const FeedImportSummary = z
  .object({
    id: z.number().int(),
    dealerId: z.number().int(),
    status: FeedImportStatus,
    source: z.enum(['upload', 'url']),
    format: z.enum(['csv', 'xml']).nullable(),
    encoding: z.enum(['utf-8', 'windows-1251']).nullable(),
    missingCars: FeedMissingCars,
    refused: z.object({ code: FeedRefusalCode, message: z.string() }).nullable(),
    counts: FeedImportCounts,
    createdAt: z.iso.datetime(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable().describe('Null for a scheduled fetch'),
    appliedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'FeedImportSummary' })
export type FeedImportSummary = z.infer<typeof FeedImportSummary>

export const FeedImportRow = z
  .object({
    seq: z.number().int().describe('Order in the report; the cursor of the next page'),
    row: z.number().int().nullable().describe('The car’s place in the feed; null for a removed car'),
    line: z.number().int().nullable(),
    externalId: z.string().nullable(),
    outcome: FeedImportOutcome,
    listingId: z.number().int().nullable().describe('The listing created, updated, left or removed'),
    problems: z.array(FeedRowProblem),
    warnings: z.array(FeedRowProblem),
    car: FeedCar.nullable().describe('Null when the feed itself refused the car, and for a removed car'),
  })
  .meta({ id: 'FeedImportRow' })
export type FeedImportRow = z.infer<typeof FeedImportRow>

/** An import with one page of its report's rows (all outcomes, or the one asked for). */
export const FeedImport = FeedImportSummary.extend({
  unmatched: z.array(FeedUnmatchedName),
  rows: z.array(FeedImportRow),
  nextAfter: z.number().int().nullable().describe('`after` for the next page; null on the last'),
}).meta({ id: 'FeedImport' })
export type FeedImport = z.infer<typeof FeedImport>

export const FeedImportList = z.object({ results: z.array(FeedImportSummary) }).meta({ id: 'FeedImportList' })
export type FeedImportList = z.infer<typeof FeedImportList>

export const FeedUploadQuery = z.strictObject({
  missing: FeedMissingCars.default('removed').describe("What happens to the dealer's cars this feed lacks"),
  lang: z.enum(['ru', 'kk', 'en']).optional(),
})
export type FeedUploadQuery = z.infer<typeof FeedUploadQuery>

/** A feed URL's longest length. */
export const FEED_URL_MAX_LENGTH = 2000

/** An http(s) URL without credentials (the address it resolves to is checked when it is fetched). */
export const FeedUrl = z
  .string()
  .trim()
  .max(FEED_URL_MAX_LENGTH)
  .refine((v) => {
    if (!URL.canParse(v)) return false
    const u = new URL(v)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === ''
  }, 'expected an http:// or https:// address without a user name or password')

/** The dealer's feed URL as its owner set it, fetched daily (and on demand), dry-run and applied. */
export const FeedSource = z
  .object({
    url: z.string().nullable().describe('Null: no feed URL'),
    missingCars: FeedMissingCars,
    updatedAt: z.iso.datetime().nullable(),
    lastFetchedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'FeedSource' })
export type FeedSource = z.infer<typeof FeedSource>

export const FeedSourceBody = z
  .strictObject({
    url: FeedUrl,
    missingCars: FeedMissingCars.default('removed'),
  })
  .meta({ id: 'FeedSourceBody' })
export type FeedSourceBody = z.infer<typeof FeedSourceBody>

const SERIAL_ID = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1)
export const FeedImportParams = z.strictObject({ id: SERIAL_ID.describe('The dealer'), importId: SERIAL_ID })

export const FEED_REPORT_PAGE = 100
export const FeedImportQuery = z.strictObject({
  lang: z.enum(['ru', 'kk', 'en']).optional(),
  outcome: FeedImportOutcome.optional(),
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional()
    .describe('`nextAfter` of the previous page'),
  limit: z.coerce.number().int().min(1).max(500).default(FEED_REPORT_PAGE),
})
export type FeedImportQuery = z.infer<typeof FeedImportQuery>

/** The dealer desk's table of the dealer's cars (typed and imported), newest change first. */
export const DealerStockQuery = z.strictObject({
  q: z.string().trim().max(100).optional().describe('Brand, model, VIN or external id'),
  status: z.enum(['draft', 'moderation', 'published', 'rejected', 'sold', 'archived', 'paused']).optional(),
  lang: z.enum(['ru', 'kk', 'en']).optional(),
})
export type DealerStockQuery = z.infer<typeof DealerStockQuery>

export const DealerStockCar = z.object({
  id: z.number().int(),
  externalId: z.string().nullable(),
  status: z.string(),
  title: z.string().describe('Brand, model and year'),
  priceKzt: z.number().int().nullable(),
  mileageKm: z.number().int().nullable(),
  vin: z.string().nullable(),
  updatedAt: z.iso.datetime(),
})
export const DealerStock = z
  .object({
    results: z.array(DealerStockCar),
    total: z.number().int().describe('Cars matching, of which the first 200 are listed'),
  })
  .meta({ id: 'DealerStock' })
export type DealerStock = z.infer<typeof DealerStock>

import { z } from 'zod'
import { RECENTLY_VIEWED_LIMIT } from './constants.ts'
import { BodyType, Locale } from './enums.ts'
import { ListingCard } from './listings.ts'

/** How many similar cars GET /cars/{id}/similar/ answers at most. */
export const SIMILAR_LISTINGS_LIMIT = 8

/** GET /cars/{id}/similar/: the same model first, then the same brand and body type, then the body type. */
export const SimilarListings = z
  .object({ results: z.array(ListingCard).max(SIMILAR_LISTINGS_LIMIT) })
  .meta({ id: 'SimilarListings' })
export type SimilarListings = z.infer<typeof SimilarListings>

/**
 * Similar cars per price band (decision 045): the cars of one model and body type whose prices are within one 15%
 * band share one list, which the car page's browser asks for (GET /cars/similar/) and every visitor's page shares.
 * The list is nearest a price inside the band that moves every SIMILAR_BAND_MINUTES, so each car of a band takes its
 * turn on its neighbours' pages.
 */
export const SIMILAR_BAND_RATIO = 1.15
export const SIMILAR_BAND_MINUTES = 10
/** The highest band: 1.15^200 tenge is far above any car's price. */
export const SIMILAR_BAND_MAX = 200

/** The band of a price: floor(log base 1.15 of the price), 0 for prices of 1 tenge or less. */
export function similarBandOf(priceKzt: number): number {
  return Math.min(
    SIMILAR_BAND_MAX,
    Math.max(0, Math.floor(Math.log(Math.max(1, priceKzt)) / Math.log(SIMILAR_BAND_RATIO))),
  )
}

/** The address of a car's similar cars (GET /api/cars/similar/): the same for every car of its band. */
export function similarCarsPath(
  car: { modelId: number; brandId: number; bodyType: string | null; priceKzt: number },
  locale: Locale,
): string {
  const body = car.bodyType ? `&body=${car.bodyType}` : ''
  return `/api/cars/similar/?model=${car.modelId}&brand=${car.brandId}${body}&band=${similarBandOf(car.priceKzt)}&lang=${locale}`
}

/** GET /cars/similar/: a band of similar cars (similarCarsPath writes it). */
export const SimilarBandQuery = z.strictObject({
  model: z.coerce.number().int().positive().max(2_147_483_647).describe("The car's model id"),
  brand: z.coerce.number().int().positive().max(2_147_483_647).describe("The model's brand id"),
  body: BodyType.optional().describe("The car's body type (none: the same model only)"),
  band: z.coerce
    .number()
    .int()
    .min(0)
    .max(SIMILAR_BAND_MAX)
    .describe(`The price band: floor(log base ${SIMILAR_BAND_RATIO} of the price in tenge)`),
  lang: Locale.optional(),
})
export type SimilarBandQuery = z.infer<typeof SimilarBandQuery>

/** One more than a car page shows: the page drops its own car when the band's list has it. */
export const SimilarBandListings = z
  .object({ results: z.array(ListingCard).max(SIMILAR_LISTINGS_LIMIT + 1) })
  .meta({ id: 'SimilarBandListings' })
export type SimilarBandListings = z.infer<typeof SimilarBandListings>

/** POST /cars/{id}/views/: the app sends its install id; without one the client's address and agent are used. */
export const ListingViewBody = z
  .strictObject({
    visitorId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Expected 16-64 URL-safe characters')
      .optional()
      .describe('A stable anonymous id of this device (e.g. a random UUID kept by the app)'),
  })
  .meta({ id: 'ListingViewBody' })
export type ListingViewBody = z.infer<typeof ListingViewBody>

export const ListingViewResult = z
  .object({
    counted: z.boolean().describe('False when this visitor was already counted today'),
    viewsCount: z.number().int(),
  })
  .meta({ id: 'ListingViewResult' })
export type ListingViewResult = z.infer<typeof ListingViewResult>

/** GET /cars/cards/: the cards of the cars on sale among these ids (a device's recently viewed cars). */
export const ListingCardsQuery = z.strictObject({
  ids: z
    .string()
    .regex(
      new RegExp(`^[1-9]\\d{0,14}(,[1-9]\\d{0,14}){0,${RECENTLY_VIEWED_LIMIT - 1}}$`),
      `Expected 1-${RECENTLY_VIEWED_LIMIT} listing ids separated by commas`,
    )
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .describe(`Listing ids, comma-separated, at most ${RECENTLY_VIEWED_LIMIT}; the answer keeps their order`),
  lang: Locale.optional(),
})
export type ListingCardsQuery = z.infer<typeof ListingCardsQuery>

export const ListingCards = z
  .object({ results: z.array(ListingCard).max(RECENTLY_VIEWED_LIMIT) })
  .meta({ id: 'ListingCards' })
export type ListingCards = z.infer<typeof ListingCards>

import { z } from 'zod'
import { RECENTLY_VIEWED_LIMIT } from './constants.ts'
import { Locale } from './enums.ts'
import { ListingCard } from './listings.ts'

/** How many similar cars GET /cars/{id}/similar/ answers at most. */
export const SIMILAR_LISTINGS_LIMIT = 8

/** GET /cars/{id}/similar/: the same model first, then the same brand and body type, then the body type. */
export const SimilarListings = z
  .object({ results: z.array(ListingCard).max(SIMILAR_LISTINGS_LIMIT) })
  .meta({ id: 'SimilarListings' })
export type SimilarListings = z.infer<typeof SimilarListings>

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

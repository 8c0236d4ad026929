import { z } from 'zod'
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

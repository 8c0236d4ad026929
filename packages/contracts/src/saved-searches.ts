import { z } from 'zod'
import { ListingSearchQuery } from './listings.ts'

/** Saved searches per user (issue 11): enough for a serious buyer, bounded so matching stays cheap. */
export const SAVED_SEARCHES_LIMIT = 50

/** daily: at most one alert a day; instant: an alert for each new matching car; off: no alerts. */
export const SAVED_SEARCH_ALERTS = ['daily', 'instant', 'off'] as const
export const SavedSearchAlerts = z.enum(SAVED_SEARCH_ALERTS)
export type SavedSearchAlerts = z.infer<typeof SavedSearchAlerts>

const SavedSearchName = z.string().trim().min(1).max(80)

export const CreateSavedSearchBody = z.strictObject({
  /** Defaults to a name made from the filters (brand, model, city, price). */
  name: SavedSearchName.optional(),
  /** The catalogue filters (sort, page and cursor are ignored). */
  filters: ListingSearchQuery,
  alerts: SavedSearchAlerts.default('daily'),
})
export type CreateSavedSearchBody = z.infer<typeof CreateSavedSearchBody>

export const UpdateSavedSearchBody = z
  .strictObject({ name: SavedSearchName.optional(), alerts: SavedSearchAlerts.optional() })
  .refine((b) => b.name !== undefined || b.alerts !== undefined, { message: 'Nothing to change' })
export type UpdateSavedSearchBody = z.infer<typeof UpdateSavedSearchBody>

export const SavedSearchParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

export const SavedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The filters as catalogue query values (brand, model and city as slugs), to open the search again. */
  filters: z.record(z.string(), z.string()),
  alerts: SavedSearchAlerts,
  /** Published cars that matched since the owner last opened it. */
  newCount: z.number().int(),
  lastSeenAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
})
export type SavedSearch = z.infer<typeof SavedSearch>

export const SavedSearchList = z.object({
  results: z.array(SavedSearch),
  limit: z.number().int(),
})
export type SavedSearchList = z.infer<typeof SavedSearchList>

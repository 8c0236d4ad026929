import { z } from 'zod'

/**
 * Fresh listings (decision 032): every 14 days a private seller is asked to confirm that the car is still for sale;
 * unconfirmed 3 days later, or reported sold by enough buyers, the listing is paused until the seller confirms.
 */

/** Days between a confirmation (or the publication) and the next question. */
export const FRESH_ASK_AFTER_DAYS = 14
/** Days a seller has to answer before the listing is paused. */
export const FRESH_PAUSE_AFTER_DAYS = 3
/** How long the signed link in the question works (it also brings a paused listing back). */
export const FRESH_LINK_DAYS = 30
/** Distinct signed-in buyers reporting the car sold, since the last confirmation and within the window, that pause it. */
export const SOLD_REPORTS_TO_PAUSE = 3
export const SOLD_REPORTS_WINDOW_DAYS = 14

/** The signed link's parts: its expiry (Unix seconds) and signature. The listing's id is in the path. */
export const StillForSaleLinkQuery = z.strictObject({
  e: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 40)
    .describe('When the link stops working, in seconds since 1970 (UTC)'),
  s: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32}$/)
    .describe('The signature of the listing, the purpose and the expiry'),
})
export type StillForSaleLinkQuery = z.infer<typeof StillForSaleLinkQuery>

/** What a listing's freshness is, for its seller (the link's page, the account's button). */
export const StillForSale = z
  .object({
    id: z.number().int(),
    title: z.string(),
    status: z.enum(['published', 'paused']),
    /** When the seller last confirmed (the publication if never). */
    confirmedAt: z.iso.datetime(),
    /** Whether this answer brought a paused listing back (false for a description or a listing already on sale). */
    resumed: z.boolean(),
  })
  .meta({ id: 'StillForSale' })
export type StillForSale = z.infer<typeof StillForSale>

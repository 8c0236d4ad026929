import { z } from 'zod'
import { LeadDeskItem } from './lead-desk.ts'
import { MAX_PRICE_KZT } from './listings.ts'
import { DEALER_BULK_MAX_CARS, DEALER_BULK_MAX_PERCENT } from './seller-constants.ts'

const Day = z.iso.date()

/** The days of the dealer desk's statistics (Almaty calendar days, both ends included; 30 days to today by default). */
export const DealerStatsQuery = z.strictObject({
  from: Day.optional().describe('First day (YYYY-MM-DD); 29 days before `to` by default'),
  to: Day.optional().describe('Last day (YYYY-MM-DD); today by default'),
})
export type DealerStatsQuery = z.infer<typeof DealerStatsQuery>

const Counts = z.object({
  views: z.number().int().describe('Visitors of the car page, once per visitor and day'),
  reveals: z.number().int().describe("Reveals of the seller's number on the car page, each counted"),
  favourites: z.number().int().describe('Hearts added (still saved)'),
  callbacks: z.number().int().describe('Call-back requests'),
  chats: z.number().int().describe('Conversations started'),
})

const DayCounts = Counts.extend({ day: Day })

export const DealerStatsCar = z.object({
  id: z.number().int(),
  title: z.string().describe('Brand, model and year'),
  priceKzt: z.number().int().nullable(),
  totals: Counts,
  days: z.array(DayCounts).describe('Only the days with something counted, oldest first'),
})

export const DealerStats = z
  .object({
    from: Day,
    to: Day,
    totals: Counts,
    cars: z.array(DealerStatsCar).describe("The dealer's cars on sale, most viewed first"),
  })
  .meta({ id: 'DealerStats' })
export type DealerStats = z.infer<typeof DealerStats>

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const DealerLeadParams = z.strictObject({ id: Id.max(2_147_483_647).describe('The dealer'), leadId: Id })

/** A buyer's conversation about one of the dealer's cars, as the dealer's people see it listed. */
export const DealerChat = z.object({
  id: z.number().int(),
  listing: z.object({ id: z.number().int(), title: z.string() }),
  buyerName: z.string(),
  seller: z.object({ id: z.string(), name: z.string() }).describe("The dealer's person the car is listed by"),
  createdAt: z.iso.datetime(),
  lastMessageAt: z.iso.datetime(),
  mine: z.boolean().describe('The caller is the seller in it and can open it (`/account/messages/{id}`)'),
})

export const DealerLeads = z
  .object({
    callbacks: z.array(LeadDeskItem).describe('Call-back requests on the dealer’s cars: new first, oldest on top'),
    chats: z.array(DealerChat).describe('Conversations about the dealer’s cars, the latest message first'),
  })
  .meta({ id: 'DealerLeads' })
export type DealerLeads = z.infer<typeof DealerLeads>

const BulkIds = z
  .array(Id)
  .min(1)
  .max(DEALER_BULK_MAX_CARS)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each car once' })
  .describe("The dealer's own cars on sale")

/**
 * A bulk step on the dealer's cars on sale, all or none: a price change by a whole percentage (the result rounded to
 * whole tenge), one price for all, or sold.
 */
export const DealerStockBulkBody = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('price_percent'),
    ids: BulkIds,
    percent: z
      .number()
      .int()
      .min(-DEALER_BULK_MAX_PERCENT)
      .max(DEALER_BULK_MAX_PERCENT)
      .refine((p) => p !== 0, { message: 'Not 0' }),
  }),
  z.strictObject({
    action: z.literal('price_set'),
    ids: BulkIds,
    priceKzt: z.number().int().min(1).max(MAX_PRICE_KZT),
  }),
  z.strictObject({ action: z.literal('sold'), ids: BulkIds }),
])
export type DealerStockBulkBody = z.infer<typeof DealerStockBulkBody>

export const DealerStockBulkResult = z
  .object({
    action: z.enum(['price_percent', 'price_set', 'sold']),
    changed: z.array(
      z.object({
        id: z.number().int(),
        status: z.string().describe('`moderation` when a drop over 20% sent it back to moderation, as for one car'),
        priceKzt: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'DealerStockBulkResult' })
export type DealerStockBulkResult = z.infer<typeof DealerStockBulkResult>

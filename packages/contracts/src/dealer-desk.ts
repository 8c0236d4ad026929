import { z } from 'zod'
import { LeadDeskItem } from './lead-desk.ts'

const Day = z.iso.date()

/** The days of the dealer desk's statistics (Almaty calendar days, both ends included; 30 days to today by default). */
export const DealerStatsQuery = z.strictObject({
  from: Day.optional().describe('First day (YYYY-MM-DD); 29 days before `to` by default'),
  to: Day.optional().describe('Last day (YYYY-MM-DD); today by default'),
})
export type DealerStatsQuery = z.infer<typeof DealerStatsQuery>

const Counts = z.object({
  views: z.number().int().describe('Visitors of the car page, once per visitor and day'),
  reveals: z.number().int().describe("Taps on the seller's number (all time: counted per car, not per day)"),
  favourites: z.number().int().describe('Hearts added (still saved)'),
  callbacks: z.number().int().describe('Call-back requests'),
  chats: z.number().int().describe('Conversations started'),
})

const DayCounts = Counts.omit({ reveals: true }).extend({ day: Day })

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

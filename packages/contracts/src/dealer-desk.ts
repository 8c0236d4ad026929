import { z } from 'zod'

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

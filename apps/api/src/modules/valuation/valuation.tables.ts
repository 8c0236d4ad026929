import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One row per full refresh of market estimates: when it ran, what it found. The periodic refresh reads the
 * last one to decide whether it is due, so any number of server processes share one schedule.
 */
export const valuationRuns = pgTable(
  'valuation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    /** Published listings valued. */
    listings: integer('listings').notNull(),
    /** Of those, how many got a different estimate, band, count of comparables or rating. */
    changed: integer('changed').notNull(),
    /** Listings per rating after the run: { great, good, fair, high, unrated }. */
    byRating: jsonb('by_rating').$type<Record<string, number>>().notNull(),
    ms: integer('ms').notNull(),
  },
  (t) => [index('valuation_runs_finished_idx').on(t.finishedAt)],
)

/**
 * The estimates a full refresh found changed, written to `listings` afterwards in short batches (issue 39): the
 * refresh's reading takes minutes at a million listings, and writing every change in its one transaction held the
 * changed listings' row locks until it committed, so a seller's new price waited for it. Each row carries what its
 * estimate was computed from; a batch skips a listing changed (or valued on its own) since.
 */
export const valuationPending = pgTable('valuation_pending', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey(),
  estimateKzt: bigint('estimate_kzt', { mode: 'number' }),
  estimateLowKzt: bigint('estimate_low_kzt', { mode: 'number' }),
  estimateHighKzt: bigint('estimate_high_kzt', { mode: 'number' }),
  estimateComparables: integer('estimate_comparables').notNull(),
  dealRating: text('deal_rating'),
  /** The listing as it was valued. */
  priceKzt: bigint('price_kzt', { mode: 'number' }).notNull(),
  year: integer('year').notNull(),
  mileageKm: integer('mileage_km').notNull(),
  modelId: integer('model_id').notNull(),
  steering: text('steering').notNull(),
  isCustomsCleared: boolean('is_customs_cleared').notNull(),
  isDamaged: boolean('is_damaged').notNull(),
  estimatedAt: timestamp('estimated_at', { withTimezone: true }),
})

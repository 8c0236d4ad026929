import { bigint, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core'

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

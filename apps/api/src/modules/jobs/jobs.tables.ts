import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One row per delivered job, written in the same transaction as the delivery's own rows (inbox message, outbox
 * entry): a job retried after its process died mid-run finds its receipt and does not deliver twice.
 */
export const jobReceipts = pgTable(
  'job_receipts',
  {
    key: text('key').primaryKey(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Pruned by age every hour (a job is retried for at most a few hours; receipts are kept 30 days).
  (t) => [index('job_receipts_delivered_idx').on(t.deliveredAt)],
)

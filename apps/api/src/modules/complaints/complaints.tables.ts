import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'

/** A visitor's complaint about a published listing ("report this listing"), open until staff resolve it. */
export const listingComplaints = pgTable(
  'listing_complaints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** One of COMPLAINT_REASONS. */
    reason: text('reason').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    /** 'dismissed', or 'taken_down' (the listing was rejected). */
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('listing_complaints_open_uq').on(t.listingId, t.reporterId).where(sql`resolved_at is null`),
    index('listing_complaints_open_idx').on(t.createdAt).where(sql`resolved_at is null`),
    // A listing's complaints of any state (the seller's take-downs among moderation's signals; deleting a listing).
    index('listing_complaints_listing_idx').on(t.listingId),
  ],
)

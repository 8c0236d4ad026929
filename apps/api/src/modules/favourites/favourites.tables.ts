import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'

export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('favourites_listing_idx').on(t.listingId)],
)

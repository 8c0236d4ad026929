import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { user } from '../identity/identity.tables.ts'

export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * No foreign key on purpose: when the seller deletes the car, the favourite stays and the wishlist shows
     * the car as removed (from `title`), rather than the car silently vanishing from the buyer's list.
     */
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    /** "Brand Model, year" when saved: what the wishlist shows once the listing is gone. */
    title: text('title'),
    /** The price when the heart was tapped: the wishlist shows the change since. */
    priceKztAtSave: bigint('price_kzt_at_save', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favourites_listing_idx').on(t.listingId),
    index('favourites_user_created_idx').on(t.userId, t.createdAt),
  ],
)

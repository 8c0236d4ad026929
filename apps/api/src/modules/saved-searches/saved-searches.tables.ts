import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { driveEnum, steeringEnum, transmissionEnum } from '../../db/enums.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'

/**
 * A catalogue search a user saved. `path` is the catalogue URL it was saved from (to open it again); the
 * filter columns are the same search resolved to ids, one column per catalogue filter, so matching a new
 * listing is one indexed query over the saved searches (null = does not filter) rather than a scan.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The catalogue path and query it was saved from, e.g. `/auto/toyota/camry/almaty?priceTo=15000000`. */
    path: text('path').notNull(),
    /** 'daily' (at most one alert a day), 'instant' (at once) or 'off'. */
    alerts: text('alerts').notNull().default('daily'),
    brandId: integer('brand_id'),
    modelId: integer('model_id'),
    cityId: integer('city_id'),
    yearFrom: smallint('year_from'),
    yearTo: smallint('year_to'),
    priceFrom: bigint('price_from', { mode: 'number' }),
    priceTo: bigint('price_to', { mode: 'number' }),
    mileageMaxKm: integer('mileage_max_km'),
    drive: driveEnum('drive'),
    bodyType: text('body_type'),
    transmission: transmissionEnum('transmission'),
    engineType: text('engine_type'),
    steering: steeringEnum('steering'),
    customsCleared: boolean('customs_cleared'),
    isNew: boolean('is_new'),
    tulpar: boolean('tulpar').notNull().default(false),
    warranty: boolean('warranty').notNull().default(false),
    credit: boolean('credit').notNull().default(false),
    hot: boolean('hot').notNull().default(false),
    /** When the owner last opened it: "new since last seen" counts matches after this. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last alert for it went out (daily alerts wait a day after this). */
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    // Matching: searches for the listing's brand and model, and the ones for any brand (far fewer).
    index('saved_searches_brand_model_idx').on(t.brandId, t.modelId),
    index('saved_searches_any_brand_idx').on(t.cityId).where(sql`brand_id is null`),
  ],
)

/** A published listing that matched a saved search; `alertedAt` is set once an alert told the owner. */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: bigint('saved_search_id', { mode: 'number' })
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  // Matching one approval writes a row per matched search (over a thousand for a popular car), each into every index
  // here: the primary key lands at a random place per search, the listing index all in one place. The primary key
  // also answers "this search's pending matches" (digests, counts), so there is no separate partial index for them:
  // it cost a second random insert per row, and dropping it took matching from p50 36 to 21 ms (decision 016).
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.listingId] }),
    index('saved_search_matches_listing_idx').on(t.listingId),
  ],
)

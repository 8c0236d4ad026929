import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
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
    /** One dealer's cars (issue 38; its page's "in the catalogue" link); null: any seller. */
    dealerId: integer('dealer_id'),
    /** When the owner last opened it: "new since last seen" counts matches after this. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last alert for it went out (daily alerts wait a day after this). */
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    /** Matches up to this time were in an alert (or came while it sent alerts at once); later ones are pending. */
    alertedThrough: timestamp('alerted_through', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    // Matching: searches for the listing's brand and model, and the ones for any brand (far fewer).
    index('saved_searches_brand_model_idx').on(t.brandId, t.modelId),
    index('saved_searches_any_brand_idx').on(t.cityId).where(sql`brand_id is null`),
  ],
)

/**
 * The saved searches a published listing matched, as one row per matching (decision 016): `searchIds` holds every
 * search it newly matched then (over a thousand for a popular car). One row and one GIN index entry per search,
 * instead of a row per search with two B-tree entries: matching one approval went from p50 29 / p95 59 ms to p50 9 /
 * p95 17 ms at 100,000 searches (same approvals, same machine). Which of them a daily search was already told of
 * is its `alertedThrough` time, not a flag per match.
 */
export const listingSearchMatches = pgTable(
  'listing_search_matches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    searchIds: bigint('search_ids', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    index('listing_search_matches_listing_idx').on(t.listingId),
    // The retention purge of matches over 90 days old (modules/retention), hourly, without a full scan.
    index('listing_search_matches_matched_at_idx').on(t.matchedAt),
    // Pending-list updates would make an occasional approval pay for merging everyone's: written in place instead.
    index('listing_search_matches_search_idx').using('gin', t.searchIds).with({ fastupdate: false }),
  ],
)

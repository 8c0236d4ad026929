import type { FeedCar, FeedImportCounts, FeedRefusalCode, FeedRowProblem, FeedUnmatchedName } from '@tulpar/contracts'
import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { dealers } from '../dealers/dealers.tables.ts'
import { user } from '../identity/identity.tables.ts'
import { listingPhotos, listings } from '../listings/listings.tables.ts'

/** The parameters of a report's words (feeds.texts.ts). */
export type TextParams = Record<string, string | number>

/**
 * A row's problem as stored: its code and the parameters of its words, so the report is put into words in the
 * reader's language; `message` is the words as first written (the only words of reports stored before parameters
 * were kept).
 */
export interface StoredProblem extends FeedRowProblem {
  params?: TextParams
}

/** Why a whole feed was refused (or its fetch failed), stored the same way. */
export interface StoredRefusal {
  code: FeedRefusalCode
  message: string
  params?: TextParams
}

/**
 * One import of a dealer's feed (issue 38): read and compared as a dry run, then applied, discarded or refused. The
 * summary stays as long as the dealer does; its rows (the per-car report) are purged after 180 days (retention).
 */
export const feedImports = pgTable(
  'feed_imports',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    /** Who uploaded it; null for a scheduled fetch (or once the person's account is gone). */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'upload' or 'url'. */
    source: text('source').notNull(),
    format: text('format'),
    encoding: text('encoding'),
    /** The file's size in bytes. */
    bytes: integer('bytes').notNull().default(0),
    /** What the apply does to the dealer's earlier cars the feed lacks: removed, sold, keep. */
    missingCars: text('missing_cars').notNull(),
    /** dry_run, applied, refused, discarded, failed (contracts' FEED_IMPORT_STATUSES). */
    status: text('status').notNull(),
    /** Why the whole feed was refused ({ code, message }), or why a fetch failed. */
    refusal: jsonb('refusal').$type<StoredRefusal>(),
    counts: jsonb('counts').$type<FeedImportCounts>().notNull(),
    unmatched: jsonb('unmatched').$type<FeedUnmatchedName[]>().notNull().default(sql`'[]'::jsonb`),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedBy: text('applied_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('feed_imports_dealer_idx').on(t.dealerId, t.id.desc()),
    index('feed_imports_created_idx').on(t.createdAt),
  ],
)

/** The report of an import, one row per car of the feed and one per earlier car it removes. */
export const feedImportRows = pgTable(
  'feed_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => feedImports.id, { onDelete: 'cascade' }),
    /** Order in the report: the feed's cars first (seq = row), then the removed cars. */
    seq: integer('seq').notNull(),
    row: integer('row'),
    line: integer('line'),
    externalId: text('external_id'),
    /** created, updated, unchanged, removed, refused. */
    outcome: text('outcome').notNull(),
    /** The listing it created, updated, left or removed (no foreign key: the report outlives a deleted listing). */
    listingId: bigint('listing_id', { mode: 'number' }),
    problems: jsonb('problems').$type<StoredProblem[]>().notNull(),
    warnings: jsonb('warnings').$type<StoredProblem[]>().notNull(),
    /** The normalised car (its city filled in with the dealer's), when the feed's own checks passed. */
    car: jsonb('car').$type<FeedCar>(),
    /** What the car's listing keeps in `feed_hash`: equal means unchanged. */
    carHash: text('car_hash'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
)

/**
 * A dealer's feed fetched from a URL (issue 38): the owner sets it; the daily job (and the desk's "fetch now") reads
 * it as a dry run and applies it. One row per dealer that has one; removing the URL removes the row.
 */
export const feedSources = pgTable('feed_sources', {
  dealerId: integer('dealer_id')
    .primaryKey()
    .references(() => dealers.id, { onDelete: 'cascade' }),
  /** http(s), no credentials; its host's addresses are checked again at every fetch (feed-fetch.ts). */
  url: text('url').notNull(),
  /** What applying the feed does to the dealer's earlier cars it lacks: removed, sold, keep. */
  missingCars: text('missing_cars').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  /** When it was last fetched (whatever came of it), for the daily run to take the longest waiting first. */
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
})

/**
 * Which of a listing's photos came from which URL of its feed (issue 38): a URL already fetched for the car is not
 * fetched again, one the feed dropped takes its photo away. Goes with the photo.
 */
export const feedPhotoSources = pgTable(
  'feed_photo_sources',
  {
    photoId: bigint('photo_id', { mode: 'number' })
      .primaryKey()
      .references(() => listingPhotos.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
  },
  (t) => [uniqueIndex('feed_photo_sources_listing_url_idx').on(t.listingId, t.url)],
)

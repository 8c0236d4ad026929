import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  conditionEnum,
  dealRatingEnum,
  driveEnum,
  listingStatusEnum,
  mileageUnitEnum,
  moderationActionEnum,
  steeringEnum,
  transmissionEnum,
} from '../../db/enums.ts'
import { dealers } from '../dealers/dealers.tables.ts'
import { user } from '../identity/identity.tables.ts'
import { bodyTypes, brands, cities, colours, engineTypes, generations, models } from '../reference/reference.tables.ts'

const published = sql`status = 'published'`

/** Every column a catalogue filter reads, minus the index's own key columns (see the search indexes). */
function searchColumns<T extends Record<SearchColumn, ExtraConfigColumn>>(t: T, ...without: SearchColumn[]) {
  return SEARCH_COLUMNS.filter((c) => !without.includes(c)).map((c) => t[c])
}
const SEARCH_COLUMNS = [
  'brandId',
  'modelId',
  'cityId',
  'year',
  'priceKzt',
  'mileageKm',
  'isNew',
  'drive',
  'bodyType',
  'transmission',
  'engineType',
  'steering',
  'isCustomsCleared',
  'isTulpar',
  'hasWarranty',
  'isCreditAvailable',
  'isHot',
  'dealRating',
] as const
type SearchColumn = (typeof SEARCH_COLUMNS)[number]

/** A car listing: every field of spec section 3, including the detail-only fields and badges. */
export const listings = pgTable(
  'listings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id),
    /** Sold as this dealer (by one of its people); null for a private seller's car. */
    dealerId: integer('dealer_id').references(() => dealers.id, { onDelete: 'set null' }),
    status: listingStatusEnum('status').notNull().default('draft'),
    // The car
    brandId: integer('brand_id').references(() => brands.id),
    modelId: integer('model_id').references(() => models.id),
    generationId: integer('generation_id').references(() => generations.id),
    year: smallint('year'),
    bodyType: text('body_type').references(() => bodyTypes.code),
    steering: steeringEnum('steering'),
    engineType: text('engine_type').references(() => engineTypes.code),
    hasGasEquipment: boolean('has_gas_equipment').notNull().default(false),
    transmission: transmissionEnum('transmission'),
    drive: driveEnum('drive'),
    /** Engine capacity in cm³ (shown in litres); null for electric cars. */
    engineVolumeCc: integer('engine_volume_cc'),
    powerHp: smallint('power_hp'),
    colour: text('colour').references(() => colours.code),
    /** Option codes from the `options` table. */
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    // State
    mileage: integer('mileage'),
    mileageUnit: mileageUnitEnum('mileage_unit').notNull().default('km'),
    /** Mileage normalised to km for search, whatever unit the seller chose. */
    mileageKm: integer('mileage_km'),
    isNew: boolean('is_new').notNull().default(false),
    isCustomsCleared: boolean('is_customs_cleared').notNull().default(true),
    isDamaged: boolean('is_damaged').notNull().default(false),
    hasWarranty: boolean('has_warranty').notNull().default(false),
    condition: conditionEnum('condition'),
    /** Electric range, km (detail-only field "range"). */
    rangeKm: integer('range_km'),
    // Price and contact
    priceKzt: bigint('price_kzt', { mode: 'number' }),
    /** VIN (17 characters) or a body/frame number for Japanese-market cars. */
    vin: text('vin'),
    description: text('description'),
    contactPhone: text('contact_phone'),
    isBargainAllowed: boolean('is_bargain_allowed').notNull().default(false),
    isExchangeAccepted: boolean('is_exchange_accepted').notNull().default(false),
    cityId: integer('city_id').references(() => cities.id),
    // Company flags and badges
    /** The company's own inspected car ("Tulpar cars"). */
    isTulpar: boolean('is_tulpar').notNull().default(false),
    isInspected: boolean('is_inspected').notNull().default(false),
    /** Marked as a hot offer by hand; the deal rating adds its own. */
    isHot: boolean('is_hot').notNull().default(false),
    isCreditAvailable: boolean('is_credit_available').notNull().default(false),
    // Counters and denormalised card data (no N+1 photo loads in lists)
    viewsCount: integer('views_count').notNull().default(0),
    phoneRevealsCount: integer('phone_reveals_count').notNull().default(0),
    coverPhotoKey: text('cover_photo_key'),
    photoCount: smallint('photo_count').notNull().default(0),
    // Market estimate from comparable listings (valuation module); null with too few comparables.
    estimateKzt: bigint('estimate_kzt', { mode: 'number' }),
    estimateLowKzt: bigint('estimate_low_kzt', { mode: 'number' }),
    estimateHighKzt: bigint('estimate_high_kzt', { mode: 'number' }),
    estimateComparables: integer('estimate_comparables'),
    dealRating: dealRatingEnum('deal_rating'),
    estimatedAt: timestamp('estimated_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    // Fresh listings (decision 032): a private seller confirms every 14 days that the car is still for sale.
    /** The seller's last "still for sale"; null means never, and the publication counts instead. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the seller was last asked to confirm; cleared by the confirmation. */
    confirmAskedAt: timestamp('confirm_asked_at', { withTimezone: true }),
    /** When the listing was paused (status 'paused') and why: 'unconfirmed' or 'reported_sold'. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    // Dealers' feeds (issue 38, docs/feeds.md): the dealer's own id of the car, and the hash of the feed's car as last
    // applied (an equal hash is an unchanged car). Null for cars typed in by hand.
    externalId: text('external_id'),
    feedHash: text('feed_hash'),
    // Paid promotion (decision 033), written by the promotions module. A raise moves `published_at` (the place in
    // the newest order) and keeps the first publication here, which buyers see; null: never raised.
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    /** Until when a paid top placement, hot offer or highlight runs (read against now(); null: none). */
    topUntil: timestamp('top_until', { withTimezone: true }),
    hotUntil: timestamp('hot_until', { withTimezone: true }),
    highlightUntil: timestamp('highlight_until', { withTimezone: true }),
  },
  (t) => [
    // Catalogue search (docs/decisions/005-search-counts-and-paging.md): every index is partial on published
    // rows, the only ones buyers see. Each sort has an index per prefix that correlates with it (none, brand,
    // brand+model, city) ending in the sort key and id, so a page is a short ordered walk and the keyset row
    // comparison is an index condition. The trailing columns let any other filter be checked, and the
    // matches counted or sampled, inside the index (index-only scans, no heap visits). DESC columns are
    // NULLS LAST, and the queries say so.
    index('listings_pub_newest_idx')
      .on(t.publishedAt.desc(), t.id.desc(), ...searchColumns(t))
      .where(published),
    index('listings_pub_price_idx')
      .on(t.priceKzt, t.id, ...searchColumns(t, 'priceKzt'))
      .where(published),
    index('listings_pub_year_idx')
      .on(t.year.desc(), t.id.desc(), ...searchColumns(t, 'year'))
      .where(published),
    index('listings_pub_mileage_idx')
      .on(t.mileageKm, t.id, ...searchColumns(t, 'mileageKm'))
      .where(published),
    index('listings_pub_model_newest_idx')
      .on(t.brandId, t.modelId, t.publishedAt.desc(), t.id.desc(), ...searchColumns(t, 'brandId', 'modelId'))
      .where(published),
    index('listings_pub_brand_newest_idx')
      .on(t.brandId, t.publishedAt.desc(), t.id.desc(), ...searchColumns(t, 'brandId'))
      .where(published),
    index('listings_pub_city_newest_idx')
      .on(t.cityId, t.publishedAt.desc(), t.id.desc(), ...searchColumns(t, 'cityId'))
      .where(published),
    // A brand's price, year and mileage run far from the catalogue's (old Ladas, new Zeekrs), so walking the
    // global order for one brand could pass most of the table; a model is narrow enough to sort in memory.
    index('listings_pub_brand_price_idx')
      .on(t.brandId, t.priceKzt, t.id, ...searchColumns(t, 'brandId', 'priceKzt'))
      .where(published),
    index('listings_pub_brand_year_idx')
      .on(t.brandId, t.year.desc(), t.id.desc(), ...searchColumns(t, 'brandId', 'year'))
      .where(published),
    index('listings_pub_brand_mileage_idx')
      .on(t.brandId, t.mileageKm, t.id, ...searchColumns(t, 'brandId', 'mileageKm'))
      .where(published),
    // Small sets a filter names directly (newest first); with another sort they are read whole and sorted.
    index('listings_pub_hot_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published' and (is_hot or deal_rating = 'great')`),
    index('listings_pub_tulpar_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published' and is_tulpar`),
    index('listings_pub_new_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`status = 'published' and is_new`),
    index('listings_pub_imported_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published' and (steering = 'right' or not is_customs_cleared)`),
    index('listings_pub_alt_fuel_idx')
      .on(t.engineType, t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published' and engine_type <> 'petrol' and engine_type <> 'diesel'`),
    // Paid promotion (decision 033): the hot offers with the paid ones (the old hot index goes one release later),
    // and the top placements a catalogue page's slots are chosen from (a small set).
    index('listings_pub_hot_paid_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published' and (is_hot or deal_rating = 'great' or hot_until is not null)`),
    index('listings_pub_top_idx').on(t.topUntil, t.id).where(sql`status = 'published' and top_until is not null`),
    // A dealer's cars (its page, the catalogue's dealer filter): a dealer's stock is small enough to sort in memory.
    index('listings_pub_dealer_idx')
      .on(t.dealerId, t.publishedAt.desc(), t.id.desc())
      .where(sql`status = 'published' and dealer_id is not null`),
    // Fresh listings (decision 032): the published cars due to be asked, and those asked and not yet confirmed.
    index('listings_fresh_due_idx')
      .on(sql`coalesce(${t.confirmedAt}, ${t.publishedAt})`, t.id)
      .where(sql`status = 'published' and confirm_asked_at is null`),
    index('listings_fresh_asked_idx')
      .on(t.confirmAskedAt, t.id)
      .where(sql`status = 'published' and confirm_asked_at is not null`),
    // Similar cars on the car page: the nearest prices within the same model, brand and body type, body type.
    index('listings_pub_model_price_idx').on(t.modelId, t.priceKzt, t.id).where(published),
    index('listings_pub_brand_body_price_idx').on(t.brandId, t.bodyType, t.priceKzt, t.id).where(published),
    index('listings_pub_body_price_idx').on(t.bodyType, t.priceKzt, t.id).where(published),
    // Owners' lists, the moderation queue (oldest first) and the duplicate-VIN signal.
    index('listings_owner_idx').on(t.ownerId, t.status),
    index('listings_status_changed_idx').on(t.status, t.statusChangedAt),
    index('listings_vin_idx').on(t.vin),
    // A feed's cars are matched by (dealer, external id): one listing per pair, whatever its status.
    uniqueIndex('listings_dealer_external_idx').on(t.dealerId, t.externalId).where(sql`external_id is not null`),
    // Only drafts (and archived listings, whose contact phone is erased with a deleted account) may be
    // incomplete: whatever buyers or moderators see has every required field.
    check(
      'listings_complete_unless_draft',
      sql`status in ('draft', 'archived') or (brand_id is not null and model_id is not null and year is not null
        and body_type is not null and steering is not null and engine_type is not null
        and transmission is not null and drive is not null and colour is not null and mileage is not null
        and mileage_km is not null and price_kzt is not null and contact_phone is not null and city_id is not null)`,
    ),
    check('listings_price_positive', sql`price_kzt is null or price_kzt > 0`),
    check('listings_mileage_non_negative', sql`mileage is null or (mileage >= 0 and mileage_km >= 0)`),
  ],
)

export const listingPhotos = pgTable(
  'listing_photos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Key in media storage; variants are derived from it. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Hash of the original bytes, for the "same photo as another listing" signal. */
    sha256: text('sha256').notNull(),
    /** Honest illustration generated for demo data, never a photo of the actual car. */
    isIllustration: boolean('is_illustration').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_photos_listing_idx').on(t.listingId, t.position),
    index('listing_photos_sha_idx').on(t.sha256),
    // Which illustrations may be drawn: only those a listing refers to (media/illustrations route).
    index('listing_photos_illustration_key_idx').on(t.storageKey).where(sql`${t.isIllustration}`),
  ],
)

export const listingPriceHistory = pgTable(
  'listing_price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    priceKzt: bigint('price_kzt', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_price_history_listing_idx').on(t.listingId, t.changedAt)],
)

/** One row per visitor per listing per day: views are counted once a day, not per reload. */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  // day: the retention purge of views over 90 days old (modules/retention) reads only the old days, hourly.
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.visitorHash] }), index('listing_views_day_idx').on(t.day)],
)

/**
 * How many times a day (Almaty time, as views) a listing's number was revealed: one counter per listing and day,
 * added to by each reveal (the dealer desk's statistics per car and day; the all-time count stays on the listing).
 */
export const listingPhoneReveals = pgTable(
  'listing_phone_reveals',
  {
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    reveals: integer('reveals').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] })],
)

/** Every moderation decision: who, when, what, why. */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** null for the system (e.g. automatic return to moderation). */
    actorId: text('actor_id').references(() => user.id),
    action: moderationActionEnum('action').notNull(),
    reasonCode: text('reason_code'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_events_listing_idx').on(t.listingId, t.createdAt)],
)

/**
 * Published listings counted per newness ('all', 'new', 'used'), city, brand and model, where 0 means
 * "any": one row answers the count of any brand/model/city/newness filter, and the rows of one city give
 * the brand and model lists. Kept exact by triggers on `listings` in the same transaction (custom migration
 * listing_counts_triggers); see docs/decisions/005-search-counts-and-paging.md.
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    newness: text('newness').notNull(),
    cityId: integer('city_id').notNull(),
    brandId: integer('brand_id').notNull(),
    modelId: integer('model_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.newness, t.cityId, t.brandId, t.modelId] }),
    check('listing_counts_newness', sql`newness in ('all', 'new', 'used')`),
  ],
)

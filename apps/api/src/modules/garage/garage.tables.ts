import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { garageStatusEnum, steeringEnum } from '../../db/enums.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'
import { brands, engineTypes, models } from '../reference/reference.tables.ts'

/** A car in the user's garage (spec: brand, model, mileage, status). */
export const garageItems = pgTable(
  'garage_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id),
    /** Year and mileage are what the market estimate needs: a garage car always has them. */
    year: smallint('year').notNull(),
    mileageKm: integer('mileage_km').notNull(),
    vin: text('vin'),
    /** Null: not said (the estimate then assumes left-hand drive, like most cars in Kazakhstan). */
    steering: steeringEnum('steering'),
    isCustomsCleared: boolean('is_customs_cleared').notNull().default(true),
    /** The transport tax needs the engine: its type and, for combustion engines, its volume. */
    engineType: text('engine_type').references(() => engineTypes.code),
    engineVolumeCc: integer('engine_volume_cc'),
    /**
     * What the owner said (in use, sold privately), or the last status seen from the linked listing. While a
     * listing is linked the status shown is derived from it (garage.rules.ts), so it never goes stale; this
     * column keeps the last one for when the seller deletes the listing.
     */
    status: garageStatusEnum('status').notNull().default('owned'),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('garage_items_user_idx').on(t.userId),
    // One garage car per listing (adding it again answers the car already there); also serves the FK's set null.
    uniqueIndex('garage_items_listing_idx').on(t.listingId).where(sql`listing_id is not null`),
  ],
)

/**
 * What a garage car was worth on a day (Kazakhstan time): at most one row a day, taken when the garage is
 * opened or by the periodic job, so the garage can show the trend. `estimateKzt` is null on days with too few
 * comparable listings: the history says so rather than inventing a number.
 */
export const garageValues = pgTable(
  'garage_values',
  {
    garageItemId: bigint('garage_item_id', { mode: 'number' })
      .notNull()
      .references(() => garageItems.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    estimateKzt: bigint('estimate_kzt', { mode: 'number' }),
    lowKzt: bigint('low_kzt', { mode: 'number' }),
    highKzt: bigint('high_kzt', { mode: 'number' }),
    comparables: integer('comparables').notNull(),
    /** The mileage the estimate was made for (it changes when the owner updates it). */
    mileageKm: integer('mileage_km').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.garageItemId, t.day] })],
)

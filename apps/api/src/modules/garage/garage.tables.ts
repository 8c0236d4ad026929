import { bigint, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { garageStatusEnum } from '../../db/enums.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'

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
    year: smallint('year'),
    mileageKm: integer('mileage_km'),
    vin: text('vin'),
    status: garageStatusEnum('status').notNull().default('owned'),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('garage_items_user_idx').on(t.userId)],
)

import { sql } from 'drizzle-orm'
import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { localeEnum } from '../../db/enums.ts'
import { user } from '../identity/identity.tables.ts'
import { cities } from '../reference/reference.tables.ts'

/** The product profile of spec section 3 (id, city, is_deleted, phone, fcm_token) plus the fields the texts show. */
export const profiles = pgTable(
  'profiles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    cityId: integer('city_id').references(() => cities.id),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** E.164, e.g. +77011234567. */
    phone: text('phone'),
    fcmToken: text('fcm_token'),
    fullName: text('full_name'),
    email: text('email'),
    photoKey: text('photo_key'),
    language: localeEnum('language').notNull().default('ru'),
    notifyPromotions: boolean('notify_promotions').notNull().default(true),
    notifyNews: boolean('notify_news').notNull().default(true),
    notifyPriceChanges: boolean('notify_price_changes').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('profiles_phone_uq').on(t.phone).where(sql`phone is not null and not is_deleted`)],
)

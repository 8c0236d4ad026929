import {
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { cities } from '../reference/reference.tables.ts'

/** The company's own contacts: one row (id 1). */
export const companyContacts = pgTable('company_contacts', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  phones: text('phones').array().notNull(),
  email: text('email').notNull(),
  addressRu: text('address_ru').notNull(),
  addressKk: text('address_kk').notNull(),
  addressEn: text('address_en').notNull(),
  workingHoursRu: text('working_hours_ru').notNull(),
  workingHoursKk: text('working_hours_kk').notNull(),
  workingHoursEn: text('working_hours_en').notNull(),
  /** { instagram, telegram, whatsapp, ... } URLs. */
  socials: jsonb('socials').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  cityId: integer('city_id')
    .notNull()
    .references(() => cities.id),
  addressRu: text('address_ru').notNull(),
  addressKk: text('address_kk').notNull(),
  addressEn: text('address_en').notNull(),
  phones: text('phones').array().notNull(),
  socialLink: text('social_link').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  workingHoursRu: text('working_hours_ru').notNull(),
  workingHoursKk: text('working_hours_kk').notNull(),
  workingHoursEn: text('working_hours_en').notNull(),
  sort: smallint('sort').notNull().default(0),
})

/** Customer reviews from the maps services (2GIS, Yandex), kept by hand in the back office. */
export const customerReviews = pgTable('customer_reviews', {
  id: serial('id').primaryKey(),
  author: text('author').notNull(),
  rating: smallint('rating').notNull(),
  text: text('text').notNull(),
  source: text('source').notNull(),
  sourceUrl: text('source_url').notNull(),
  reviewedOn: date('reviewed_on').notNull(),
  isPublished: boolean('is_published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

import { boolean, doublePrecision, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core'
import { cities } from '../reference/reference.tables.ts'

export const partnerCategories = pgTable('partner_categories', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameRu: text('name_ru').notNull(),
  nameKk: text('name_kk').notNull(),
  nameEn: text('name_en').notNull(),
  sort: smallint('sort').notNull().default(0),
  /** Off: the category and its partners are hidden from the site (kept for their leads). */
  isActive: boolean('is_active').notNull().default(true),
})

export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => partnerCategories.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    name: text('name').notNull(),
    descriptionRu: text('description_ru').notNull(),
    descriptionKk: text('description_kk').notNull(),
    descriptionEn: text('description_en').notNull(),
    addressRu: text('address_ru').notNull(),
    addressKk: text('address_kk').notNull(),
    addressEn: text('address_en').notNull(),
    phones: text('phones').array().notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    website: text('website'),
    /** Where the partner's service requests are sent (none: the desk forwards them by phone). */
    email: text('email'),
    logoKey: text('logo_key'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('partners_category_idx').on(t.categoryId)],
)

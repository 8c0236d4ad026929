import { bigint, doublePrecision, index, integer, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core'

/* Reference data: cities, the car catalogue tree and the vocabularies the listing form offers. */

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameRu: text('name_ru').notNull(),
  nameKk: text('name_kk').notNull(),
  nameEn: text('name_en').notNull(),
  populationK: integer('population_k').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  sort: smallint('sort').notNull().default(0),
})

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  popularity: smallint('popularity').notNull().default(1),
})

export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    bodyTypes: text('body_types').array().notNull(),
    yearFrom: smallint('year_from').notNull(),
    yearTo: smallint('year_to'),
    newPriceKzt: bigint('new_price_kzt', { mode: 'number' }).notNull(),
    popularity: smallint('popularity').notNull().default(1),
    rangeKm: integer('range_km'),
  },
  (t) => [unique('models_brand_slug_uq').on(t.brandId, t.slug)],
)

export const generations = pgTable(
  'generations',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    yearFrom: smallint('year_from').notNull(),
    yearTo: smallint('year_to'),
  },
  (t) => [index('generations_model_idx').on(t.modelId, t.yearFrom)],
)

/** Engine and gearbox combinations a model was sold with; the listing form's "modifications" step. */
export const modelModifications = pgTable(
  'model_modifications',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    engineType: text('engine_type')
      .notNull()
      .references(() => engineTypes.code),
    engineVolumeCc: integer('engine_volume_cc').notNull(),
    powerHp: smallint('power_hp').notNull(),
    transmissions: text('transmissions').array().notNull(),
    drives: text('drives').array().notNull(),
  },
  (t) => [index('model_modifications_model_idx').on(t.modelId)],
)

const codeNameColumns = () => ({
  code: text('code').primaryKey(),
  nameRu: text('name_ru').notNull(),
  nameKk: text('name_kk').notNull(),
  nameEn: text('name_en').notNull(),
  sort: smallint('sort').notNull().default(0),
})

export const bodyTypes = pgTable('body_types', codeNameColumns())
export const engineTypes = pgTable('engine_types', codeNameColumns())
export const colours = pgTable('colours', { ...codeNameColumns(), hex: text('hex').notNull() })
export const optionGroups = pgTable('option_groups', codeNameColumns())
export const options = pgTable('options', {
  ...codeNameColumns(),
  groupCode: text('group_code')
    .notNull()
    .references(() => optionGroups.code, { onDelete: 'cascade' }),
})

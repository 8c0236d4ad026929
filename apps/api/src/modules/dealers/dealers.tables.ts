import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { user } from '../identity/identity.tables.ts'
import { cities } from '../reference/reference.tables.ts'

/**
 * A dealer: a company account (a legal entity with a BIN, or a sole proprietor with an IIN) whose people sell as it.
 * It starts as an application (`applied`); staff verify, reject or suspend it with a checklist and a note.
 */
export const dealers = pgTable(
  'dealers',
  {
    id: serial('id').primaryKey(),
    legalName: text('legal_name').notNull(),
    /** 'legal_entity' (BIN) or 'sole_proprietor' (IIN). */
    kind: text('kind').notNull(),
    /** The BIN or IIN, 12 digits, checked with the Kazakh check digit. One dealer per number. */
    bin: text('bin').notNull(),
    /** applied, verified, rejected, suspended. */
    status: text('status').notNull().default('applied'),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    phones: text('phones').array().notNull(),
    workingHours: text('working_hours').notNull(),
    descriptionRu: text('description_ru').notNull().default(''),
    descriptionKk: text('description_kk').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** Staff's checklist (contracts' DEALER_CHECKLIST: item -> ticked). */
    checklist: jsonb('checklist').$type<Record<string, boolean>>().notNull().default({}),
    /** Staff's note with the last decision; the dealer's people see it (why it was rejected or suspended). */
    note: text('note'),
    /** Its cars skip moderation (imports, issue 38 part 2). Off until staff turn it on. */
    trustedToPublish: boolean('trusted_to_publish').notNull().default(false),
    /** The logo's photo key (`dealers/{id}/{name}`, a small square in the photo formats), or null for none. */
    logoKey: text('logo_key'),
    /** Who applied (kept when they leave; the owner is in dealer_members). */
    appliedBy: text('applied_by').references(() => user.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A number that was rejected may apply again; one that is applied, verified or suspended may not twice.
    uniqueIndex('dealers_bin_live_idx').on(t.bin).where(sql`status <> 'rejected'`),
    index('dealers_status_idx').on(t.status, t.id),
    index('dealers_verified_city_idx').on(t.cityId, t.legalName).where(sql`status = 'verified'`),
  ],
)

export const dealerShowrooms = pgTable(
  'dealer_showrooms',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    address: text('address').notNull(),
    /** Where its pin is; both null when the dealer gave none (the map links then search the address). */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    phones: text('phones').array().notNull(),
    workingHours: text('working_hours').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('dealer_showrooms_dealer_idx').on(t.dealerId, t.sort)],
)

/** The people of a dealer: one owner (who applied, unless handed over) and managers the owner added. */
export const dealerMembers = pgTable(
  'dealer_members',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'owner' or 'manager'. */
    role: text('role').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dealerId, t.userId] }),
    index('dealer_members_user_idx').on(t.userId),
    uniqueIndex('dealer_members_one_owner_idx').on(t.dealerId).where(sql`role = 'owner'`),
  ],
)

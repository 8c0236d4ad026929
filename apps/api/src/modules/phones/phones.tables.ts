import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { user } from '../identity/identity.tables.ts'

/**
 * Phone numbers a user has proved to hold with an SMS code, besides the account's own sign-in number
 * (user.phone_number_verified). A listing's contact phone must be one of them before it goes to moderation.
 */
export const confirmedPhones = pgTable(
  'confirmed_phones',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** E.164, e.g. +77011234567. */
    phone: text('phone').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phone] })],
)

/** The one pending code per user and number; a new send replaces it (the per-number hourly caps still hold). */
export const phoneConfirmationCodes = pgTable(
  'phone_confirmation_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    /** HMAC of the code with the server secret: a copy of the table does not give the codes away. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phone] })],
)

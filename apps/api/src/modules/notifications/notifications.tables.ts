import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from '../identity/identity.tables.ts'

/**
 * A browser's Web Push subscription (VAPID), saved when the user turns on browser notifications. `created_at` is
 * when the browser last saved it (saving again makes it the newest, the last to be forgotten).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

/** News or a promotion staff sent to everyone who opted in; texts per language ({ru, kk, en}). */
export const broadcasts = pgTable('broadcasts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** 'news' | 'promotions' */
  topic: text('topic').notNull(),
  subject: jsonb('subject').$type<Record<'ru' | 'kk' | 'en', string>>().notNull(),
  body: jsonb('body').$type<Record<'ru' | 'kk' | 'en', string>>().notNull(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

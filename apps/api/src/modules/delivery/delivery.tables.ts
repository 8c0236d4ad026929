import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Messages the local delivery adapters "sent": SMS codes and emails written here instead of reaching a
 * gateway, readable at /dev/outbox when DEV_OUTBOX is on (never in production).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** 'sms' | 'email' | 'webpush' | 'fcm' */
    channel: text('channel').notNull(),
    /** E.164 phone or email address. */
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** Email headers that matter to the reader (List-Unsubscribe...), or the push payload's extra data. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
)

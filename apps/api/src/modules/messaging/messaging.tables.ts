import { sql } from 'drizzle-orm'
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'

/** A conversation about a listing between users, or a system thread (moderation outcomes). */
export const conversations = pgTable(
  'conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
    /** 'listing' between buyer and seller, 'system' for messages from Tulpar Auto. */
    kind: text('kind').notNull().default('listing'),
    /** The buyer who wrote first (kind 'listing'): one conversation per buyer and listing. */
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_listing_buyer_uq')
      .on(t.listingId, t.buyerId)
      .where(sql`kind = 'listing' and listing_id is not null`),
  ],
)

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** Set when this participant blocked the other side: nobody can write in the conversation any more. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** This participant chose to show their phone and email to the other side (hidden until then). */
    sharesContacts: boolean('shares_contacts').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** null for messages from the system. */
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Codes of the fraud patterns found in the body ('prepayment', 'card', 'messenger'): the reader is warned. */
    warnings: text('warnings').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt)],
)

/** A participant reported a conversation to the moderators; `resolvedAt` once staff handled it. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    /** What the moderator did: 'dismissed' or 'blocked' (the reported user may no longer write). */
    resolution: text('resolution'),
  },
  (t) => [index('conversation_reports_open_idx').on(t.createdAt).where(sql`resolved_at is null`)],
)

import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { conversationParticipants, conversations, messages } from './messaging.tables.ts'

/**
 * The user's system conversation (one per user, created on first use). The advisory lock keeps two
 * decisions about the same seller, committed at once, from creating two threads; it is released at the end
 * of the caller's transaction, so call this inside one.
 */
export async function findOrCreateSystemConversation(tx: Db, userId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`system-conversation:${userId}`}))`)
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(conversationParticipants, eq(conversationParticipants.conversationId, conversations.id))
    .where(and(eq(conversations.kind, 'system'), eq(conversationParticipants.userId, userId)))
    .orderBy(conversations.id)
    .limit(1)
  if (existing) return existing.id
  const [created] = await tx.insert(conversations).values({ kind: 'system' }).returning({ id: conversations.id })
  if (!created) throw new Error('system conversation not created')
  await tx.insert(conversationParticipants).values({ conversationId: created.id, userId })
  return created.id
}

export async function insertMessage(
  tx: Db,
  message: { conversationId: number; senderId: string | null; body: string; createdAt: Date },
): Promise<number> {
  const [row] = await tx.insert(messages).values(message).returning({ id: messages.id })
  if (!row) throw new Error('message not created')
  await tx
    .update(conversations)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(conversations.id, message.conversationId))
  return row.id
}

/**
 * The newest messages from Tulpar Auto (the system thread); read means sent before their last read.
 * Conversations with other users are read through the conversations API, which masks contacts.
 */
export function findMessagesForUser(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      kind: conversations.kind,
      listingId: conversations.listingId,
      senderId: messages.senderId,
      senderName: user.name,
      body: messages.body,
      createdAt: messages.createdAt,
      lastReadAt: conversationParticipants.lastReadAt,
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .leftJoin(user, eq(user.id, messages.senderId))
    .where(and(eq(conversationParticipants.userId, userId), eq(conversations.kind, 'system')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
}

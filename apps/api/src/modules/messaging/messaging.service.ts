import { INBOX_PAGE_SIZE, type InboxMessage, type InboxPage } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { SessionUser } from '../identity/index.ts'
import { createConversationUseCases } from './conversations.service.ts'
import { countAllUnread, markAllRead } from './inbox.repository.ts'
import type { MessageHub } from './live.ts'
import * as repo from './messaging.repository.ts'

export interface MessagingServiceDeps {
  db: Db
  /** Tells open pages of a new message (live.ts), in the message's transaction. */
  hub: MessageHub
  /** The chat limits (conversations.limits.ts). */
  limiter: RateLimiter
}

/**
 * Messages between users and from Tulpar Auto itself, in two use cases over the same conversations: the inbox
 * of Tulpar Auto's messages and the unread count (here; moderation outcomes and alerts go to the user's system
 * thread), and conversations between buyers and sellers (conversations.service.ts).
 */
export function createMessagingService({ db, hub, limiter }: MessagingServiceDeps) {
  return {
    ...createConversationUseCases({ db, hub, limiter }),

    /** The signed-in user's newest messages; nobody reads a conversation they do not take part in. */
    async listMyMessages(u: Pick<SessionUser, 'id'>): Promise<InboxPage> {
      const [rows, unread] = await Promise.all([
        repo.findMessagesForUser(db, u.id, INBOX_PAGE_SIZE),
        countAllUnread(db, u.id),
      ])
      return {
        results: rows.map(
          (r): InboxMessage => ({
            id: r.id,
            conversationId: r.conversationId,
            kind: r.kind === 'system' ? 'system' : 'listing',
            listingId: r.listingId,
            sender: r.senderId && r.senderName !== null ? { id: r.senderId, name: r.senderName } : null,
            body: r.body,
            createdAt: r.createdAt.toISOString(),
            isRead: r.senderId === u.id || (r.lastReadAt !== null && r.createdAt <= r.lastReadAt),
          }),
        ),
        unread,
      }
    },

    /** Unread messages, Tulpar Auto's and conversations' (the badges). */
    countUnread: (u: Pick<SessionUser, 'id'>) => countAllUnread(db, u.id),

    /** Marks every message the user has received so far as read (for a dealer's person, the dealer's chats too). */
    async markAllRead(u: Pick<SessionUser, 'id'>): Promise<void> {
      await markAllRead(db, u.id, new Date())
    },
  }
}
export type MessagingService = ReturnType<typeof createMessagingService>

/**
 * Writes a message from Tulpar Auto into the user's system conversation. Takes the caller's transaction, so
 * the message exists exactly when the change it reports does.
 */
export async function sendSystemMessage(tx: Db, userId: string, body: string, at: Date): Promise<number> {
  const conversationId = await repo.findOrCreateSystemConversation(tx, userId)
  return repo.insertMessage(tx, { conversationId, senderId: null, body, createdAt: at })
}

import type {
  ConversationDetail,
  ConversationList,
  ConversationReport,
  ConversationSummary,
  FraudWarning,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import { requireStaff, type SessionUser } from '../identity/index.ts'
import { ListingNotFoundError } from '../listings/index.ts'
import { enforceChatLimits } from './conversations.limits.ts'
import * as repo from './conversations.repository.ts'
import { detectFraud } from './fraud.ts'
import type { MessageHub } from './live.ts'
import { maskContacts, maskSendersMessages } from './mask.ts'
import {
  ConversationBlockedError,
  ConversationNotFoundError,
  OwnListingError,
  ReportNotFoundError,
} from './messaging.errors.ts'

type User = Pick<SessionUser, 'id'>
const THREADS = 100
const THREAD_MESSAGES = 200

const isWarning = (w: string): w is FraudWarning => w === 'prepayment' || w === 'card' || w === 'messenger'

/** What a conversation's line in the list and its page both say of it: its kind, its car, the other side, who sells. */
function heading(
  u: User,
  conversation: { kind: string; buyerId: string | null },
  listing: ConversationSummary['listing'],
  other: ConversationSummary['other'],
): Pick<ConversationSummary, 'kind' | 'listing' | 'other' | 'iAmSeller'> {
  return {
    kind: conversation.kind === 'system' ? 'system' : 'listing',
    listing: listing
      ? { id: listing.id, title: listing.title, priceKzt: listing.priceKzt, coverKey: listing.coverKey }
      : null,
    other,
    iAmSeller: conversation.kind === 'listing' && conversation.buyerId !== u.id,
  }
}

/**
 * The messaging service's conversations (createMessagingService spreads them in): between a buyer and a seller
 * about a listing, and Tulpar Auto's own thread. Only participants read a conversation; contacts are masked
 * unless their owner shares them; scam patterns warn the reader; the chat limits and blocks hold who may write.
 */
export function createConversationUseCases({ db, hub, limiter }: { db: Db; hub: MessageHub; limiter: RateLimiter }) {
  /** The conversation and its participants, or ConversationNotFoundError for anyone not in it. */
  async function loadOwn(u: User, id: number) {
    const conversation = await repo.findConversation(db, id)
    if (!conversation) throw new ConversationNotFoundError(id)
    const participants = await repo.findParticipants(db, id)
    const me = participants.find((p) => p.userId === u.id)
    if (!me) throw new ConversationNotFoundError(id)
    const other = participants.find((p) => p.userId !== u.id) ?? null
    return { conversation, me, other, participants }
  }

  /** ConversationBlockedError when either of the two blocked the other, in this conversation or any other. */
  async function requireNotBlocked(me: string, other: string) {
    const block = await repo.findBlockBetween(db, me, other)
    if (block.byMe || block.byOther) throw new ConversationBlockedError()
  }

  /** The chat limits for this message (conversations.limits.ts); its scam warnings, computed once. */
  async function limitWrite(senderId: string, body: string, startsConversation: boolean) {
    const warnings = detectFraud(body)
    const now = new Date()
    await enforceChatLimits(limiter, {
      userId: senderId,
      accountCreatedAt: (await repo.findAccountCreatedAt(db, senderId)) ?? now,
      startsConversation,
      flagged: warnings.length > 0,
      now,
    })
    return warnings
  }

  async function write(
    senderId: string,
    conversationId: number,
    recipients: string[],
    body: string,
    warnings: FraudWarning[],
  ) {
    const at = new Date()
    return db.transaction(async (tx) => {
      const messageId = await repo.insertConversationMessage(tx, {
        conversationId,
        senderId,
        body,
        warnings,
        createdAt: at,
      })
      await hub.publish(tx, { type: 'message', conversationId, userIds: [...recipients, senderId] })
      return messageId
    })
  }

  return {
    /**
     * The buyer's first message about a published listing (or the next one, in the same conversation). Throws
     * ListingNotFoundError unless published, OwnListingError to the seller, ConversationBlockedError when either
     * blocked the other (about any car), RateLimitedError over the chat limits (a new conversation counts twice).
     */
    async startConversation(u: User, listingId: number, body: string) {
      const listing = await repo.findWritableListing(db, listingId)
      if (listing?.status !== 'published') throw new ListingNotFoundError(listingId)
      if (listing.ownerId === u.id) throw new OwnListingError()
      await requireNotBlocked(u.id, listing.ownerId)
      const existing = await repo.findListingConversationId(db, listingId, u.id)
      const warnings = await limitWrite(u.id, body, existing === null)
      const conversationId =
        existing ??
        (await db.transaction((tx) => repo.findOrCreateListingConversation(tx, listingId, u.id, listing.ownerId)))
      const messageId = await write(u.id, conversationId, [listing.ownerId], body, warnings)
      return { conversationId, messageId }
    },

    /**
     * Throws ConversationNotFoundError for non-participants, ConversationBlockedError once either side blocked the
     * other (in this conversation or another), RateLimitedError over the chat limits.
     */
    async sendMessage(u: User, id: number, body: string) {
      const { conversation, other } = await loadOwn(u, id)
      if (conversation.kind !== 'listing' || !other) throw new ConversationNotFoundError(id)
      await requireNotBlocked(u.id, other.userId)
      const warnings = await limitWrite(u.id, body, false)
      return { messageId: await write(u.id, id, [other.userId], body, warnings) }
    },

    /** My conversations, latest first, with the other side, the last message (masked) and unread counts. */
    async listConversations(u: User): Promise<ConversationList> {
      const rows = await repo.findConversationsOf(db, u.id, THREADS)
      const ids = rows.map((r) => r.id)
      const [others, last, unread, listings] = await Promise.all([
        repo.findOtherParticipants(db, ids, u.id),
        repo.findLastMessages(db, ids),
        repo.countUnreadPer(db, u.id, ids),
        repo.findListingSummaries(
          db,
          rows.flatMap((r) => (r.listingId ? [r.listingId] : [])),
        ),
      ])
      const results = rows
        .filter((r) => last.has(r.id))
        .map((r): ConversationSummary => {
          const other = others.get(r.id) ?? null
          const message = last.get(r.id)
          const listing = r.listingId ? (listings.get(r.listingId) ?? null) : null
          const mine = message?.senderId === u.id
          return {
            id: r.id,
            ...heading(u, r, listing, other ? { id: other.id, name: other.name } : null),
            lastMessage: message
              ? {
                  body: !mine && other && !other.sharesContacts ? maskContacts(message.body) : message.body,
                  createdAt: message.createdAt.toISOString(),
                  mine,
                }
              : null,
            unread: unread.get(r.id) ?? 0,
          }
        })
      return { results, unread: results.reduce((n, r) => n + r.unread, 0) }
    },

    /** One conversation for a participant (others get ConversationNotFoundError, staff included). */
    async getConversation(u: User, id: number): Promise<ConversationDetail> {
      const { conversation, me, other } = await loadOwn(u, id)
      const [rows, unread, listings, reported, block] = await Promise.all([
        repo.findMessages(db, id, THREAD_MESSAGES),
        repo.countUnreadPer(db, u.id, [id]),
        repo.findListingSummaries(db, conversation.listingId ? [conversation.listingId] : []),
        repo.hasOpenReport(db, id, u.id),
        other ? repo.findBlockBetween(db, u.id, other.userId) : { byMe: false, byOther: false },
      ])
      const listing = conversation.listingId ? (listings.get(conversation.listingId) ?? null) : null
      // The other side's messages are masked together: a number split over two of them is hidden too.
      const theirs = other?.sharesContacts ? [] : rows.filter((m) => m.senderId !== null && m.senderId !== u.id)
      const masked = new Map(maskSendersMessages(theirs).map((body, i) => [theirs[i]?.id, body]))
      const messages = rows.map((m) => {
        const from = m.senderId === null ? 'system' : m.senderId === u.id ? 'me' : 'them'
        return {
          id: m.id,
          from,
          body: masked.get(m.id) ?? m.body,
          warnings: from === 'them' ? m.warnings.filter(isWarning) : [],
          createdAt: m.createdAt.toISOString(),
        } as const
      })
      const last = messages[messages.length - 1]
      return {
        id,
        ...heading(u, conversation, listing, other ? { id: other.userId, name: other.name } : null),
        lastMessage: last ? { body: last.body, createdAt: last.createdAt, mine: last.from === 'me' } : null,
        unread: unread.get(id) ?? 0,
        messages,
        otherContacts: other?.sharesContacts ? { phone: other.phone, email: other.email } : null,
        iShareContacts: me.sharesContacts,
        // A block holds between the two people: one made in their conversation about another car shows here too.
        blockedByMe: block.byMe || me.blockedAt !== null,
        blockedByOther: block.byOther || other?.blockedAt != null,
        reportedByMe: reported,
      }
    },

    async markRead(u: User, id: number): Promise<void> {
      await loadOwn(u, id)
      await repo.setParticipant(db, id, u.id, { lastReadAt: new Date() })
    },

    /** Shows (or hides again) my phone and e-mail to the other side of this conversation. */
    async shareContacts(u: User, id: number, share: boolean): Promise<void> {
      const { conversation } = await loadOwn(u, id)
      if (conversation.kind !== 'listing') throw new ConversationNotFoundError(id)
      await repo.setParticipant(db, id, u.id, { sharesContacts: share })
    },

    /**
     * Blocks the other side: neither of us can write to the other, here or about any other car (nor start a new
     * conversation), until I unblock, which lifts my block in every conversation between us.
     */
    async block(u: User, id: number, blocked: boolean): Promise<void> {
      const { conversation, other } = await loadOwn(u, id)
      if (conversation.kind !== 'listing') throw new ConversationNotFoundError(id)
      if (blocked) await repo.setParticipant(db, id, u.id, { blockedAt: new Date() })
      else if (other) await repo.clearBlocksBetween(db, u.id, other.userId)
      else await repo.setParticipant(db, id, u.id, { blockedAt: null })
    },

    /** Sends the conversation to the moderators (one open report per reporter and conversation). */
    async report(u: User, id: number, reason: string): Promise<void> {
      const { conversation } = await loadOwn(u, id)
      if (conversation.kind !== 'listing') throw new ConversationNotFoundError(id)
      if (await repo.hasOpenReport(db, id, u.id)) return
      await repo.insertReport(db, id, u.id, reason)
    },

    /** Open reports with the conversation as written (unmasked), oldest first. Staff only. */
    async listReports(u: SessionUser): Promise<ConversationReport[]> {
      requireStaff(u)
      const reports = await repo.findOpenReports(db, 50)
      return Promise.all(
        reports.map(async (r) => {
          const conversation = await repo.findConversation(db, r.conversationId)
          const [participants, rows, listings] = await Promise.all([
            repo.findParticipants(db, r.conversationId),
            repo.findMessages(db, r.conversationId, THREAD_MESSAGES),
            repo.findListingSummaries(db, conversation?.listingId ? [conversation.listingId] : []),
          ])
          const reported = participants.find((p) => p.userId !== r.reporterId) ?? null
          const listing = conversation?.listingId ? listings.get(conversation.listingId) : undefined
          return {
            id: r.id,
            conversationId: r.conversationId,
            reason: r.reason,
            createdAt: r.createdAt.toISOString(),
            reporter: { id: r.reporterId, name: r.reporterName },
            reported: reported ? { id: reported.userId, name: reported.name } : null,
            listing: listing ? { id: listing.id, title: listing.title } : null,
            messages: rows.map((m) => ({
              id: m.id,
              senderName: m.senderName,
              body: m.body,
              warnings: m.warnings.filter(isWarning),
              createdAt: m.createdAt.toISOString(),
            })),
          }
        }),
      )
    },

    /** Dismissed, or blocked: the reported side can no longer write to the reporter (as if the reporter blocked them). */
    async resolveReport(u: SessionUser, id: number, resolution: 'dismissed' | 'blocked'): Promise<void> {
      requireStaff(u)
      const report = await repo.findReport(db, id)
      if (!report || report.resolvedAt) throw new ReportNotFoundError(id)
      await db.transaction(async (tx) => {
        if (!(await repo.resolveReport(tx, id, u.id, resolution, new Date()))) throw new ReportNotFoundError(id)
        if (resolution === 'blocked')
          await repo.setParticipant(tx, report.conversationId, report.reporterId, { blockedAt: new Date() })
      })
    },
  }
}

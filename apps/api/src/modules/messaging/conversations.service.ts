import type {
  ConversationDetail,
  ConversationList,
  ConversationReport,
  ConversationSummary,
  FraudWarning,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import { recordAudit } from '../audit/index.ts'
import { isDealerMember } from '../dealers/index.ts'
import { requireStaff, type SessionUser } from '../identity/index.ts'
import { ListingNotFoundError } from '../listings/index.ts'
import { enforceChatLimits } from './conversations.limits.ts'
import * as repo from './conversations.repository.ts'
import { detectFraud } from './fraud.ts'
import * as inbox from './inbox.repository.ts'
import type { MessageHub } from './live.ts'
import { maskContacts, maskSendersMessages } from './mask.ts'
import {
  ConversationBlockedError,
  ConversationNotFoundError,
  OwnListingError,
  ReportNotFoundError,
} from './messaging.errors.ts'
import { contactsAcross, isMine, nameAcross, otherOf, type Side, seatOf } from './sides.ts'

type User = Pick<SessionUser, 'id'>
const THREADS = 100
const THREAD_MESSAGES = 200

const isWarning = (w: string): w is FraudWarning => w === 'prepayment' || w === 'card' || w === 'messenger'

/**
 * What a conversation's line in the list and its page both say of it: its kind, its car, the other side, who sells,
 * the car's dealer.
 */
function heading(
  u: User,
  conversation: { kind: string; buyerId: string | null; dealerId: number | null; dealerName: string | null },
  listing: ConversationSummary['listing'],
  other: ConversationSummary['other'],
): Pick<ConversationSummary, 'kind' | 'listing' | 'other' | 'iAmSeller' | 'dealer'> {
  const { dealerId, dealerName } = conversation
  return {
    kind: conversation.kind === 'system' ? 'system' : 'listing',
    listing: listing
      ? { id: listing.id, title: listing.title, priceKzt: listing.priceKzt, coverKey: listing.coverKey }
      : null,
    other,
    iAmSeller: conversation.kind === 'listing' && conversation.buyerId !== u.id,
    dealer: dealerId !== null && dealerName !== null ? { id: dealerId, name: dealerName } : null,
  }
}

/**
 * The messaging service's conversations (createMessagingService spreads them in): between a buyer and a seller
 * about a listing, and Tulpar Auto's own thread. Only the two sides read a conversation: the buyer, and the seller:
 * the listing's owner, or for a dealer's car every one of the dealer's people now (owner and managers), who share
 * the seller's seat (its read mark, shared contacts and block), answer as the dealer and lose it once removed.
 * Contacts are masked unless their owner shares them; scam patterns warn the reader; the chat limits and blocks
 * hold who may write.
 */
export function createConversationUseCases({ db, hub, limiter }: { db: Db; hub: MessageHub; limiter: RateLimiter }) {
  /**
   * The reader's side in a conversation, or null for anyone else: the buyer; for a dealer's car its people now (a
   * seat kept by a removed member opens nothing); the participants otherwise.
   */
  async function sideIn(
    u: User,
    conversation: { kind: string; buyerId: string | null; dealerId: number | null },
    participants: { userId: string }[],
  ): Promise<Side | null> {
    if (conversation.kind !== 'listing') return participants.some((p) => p.userId === u.id) ? 'own' : null
    if (conversation.buyerId === u.id) return 'buyer'
    if (conversation.dealerId !== null) return (await isDealerMember(db, conversation.dealerId, u.id)) ? 'seller' : null
    return participants.some((p) => p.userId === u.id) ? 'seller' : null
  }

  /** The conversation, the reader's side, seat and the other side, or ConversationNotFoundError for anyone not in it. */
  async function loadOwn(u: User, id: number) {
    const conversation = await repo.findConversation(db, id)
    if (!conversation) throw new ConversationNotFoundError(id)
    const participants = await repo.findParticipants(db, id)
    const side = await sideIn(u, conversation, participants)
    const me = side === null ? undefined : seatOf(side, u, conversation, participants)
    if (side === null || !me) throw new ConversationNotFoundError(id)
    return { conversation, side, me, other: otherOf(side, conversation, participants), participants }
  }

  /** Who hears of a new message: the two seats, and for a dealer's car every one of the dealer's people now. */
  async function audienceOf(dealerId: number | null, seats: string[]) {
    const people = dealerId === null ? [] : await repo.findDealerPeople(db, dealerId)
    return [...new Set([...seats, ...people])]
  }

  /** Who holds the seller's seat of a buyer's conversation (the listing's owner when it has none). */
  async function sellerSeatOf(conversationId: number, buyerId: string, owner: string) {
    const participants = await repo.findParticipants(db, conversationId)
    return participants.find((p) => p.userId !== buyerId)?.userId ?? owner
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
    message: { senderId: string; seatUserId: string; conversationId: number; body: string; warnings: FraudWarning[] },
    audience: string[],
  ) {
    const at = new Date()
    return db.transaction(async (tx) => {
      const messageId = await repo.insertConversationMessage(tx, { ...message, createdAt: at })
      await hub.publish(tx, { type: 'message', conversationId: message.conversationId, userIds: audience })
      return messageId
    })
  }

  return {
    /**
     * The buyer's first message about a published listing (or the next one, in the same conversation). Throws
     * ListingNotFoundError unless published, OwnListingError to the seller (for a dealer's car, to any of its
     * people), ConversationBlockedError when either blocked the other (about any car), RateLimitedError over the
     * chat limits (a new conversation counts twice).
     */
    async startConversation(u: User, listingId: number, body: string) {
      const listing = await repo.findWritableListing(db, listingId)
      if (listing?.status !== 'published') throw new ListingNotFoundError(listingId)
      if (listing.ownerId === u.id) throw new OwnListingError()
      if (listing.dealerId !== null && (await isDealerMember(db, listing.dealerId, u.id))) throw new OwnListingError()
      const existing = await repo.findListingConversationId(db, listingId, u.id)
      // The seller's seat is the owner's when the conversation starts; a dealer's car keeps it when the car changes hands.
      const seller = existing === null ? listing.ownerId : await sellerSeatOf(existing, u.id, listing.ownerId)
      await requireNotBlocked(u.id, seller)
      const warnings = await limitWrite(u.id, body, existing === null)
      const conversationId =
        existing ??
        (await db.transaction((tx) => repo.findOrCreateListingConversation(tx, listingId, u.id, listing.ownerId)))
      const audience = await audienceOf(listing.dealerId, [u.id, seller])
      const messageId = await write({ senderId: u.id, seatUserId: u.id, conversationId, body, warnings }, audience)
      return { conversationId, messageId }
    },

    /**
     * Throws ConversationNotFoundError for non-participants, ConversationBlockedError once either side blocked the
     * other (in this conversation or another), RateLimitedError over the chat limits.
     */
    async sendMessage(u: User, id: number, body: string) {
      const { conversation, me, other } = await loadOwn(u, id)
      if (conversation.kind !== 'listing' || !other) throw new ConversationNotFoundError(id)
      await requireNotBlocked(me.userId, other.userId)
      const warnings = await limitWrite(u.id, body, false)
      const audience = await audienceOf(conversation.dealerId, [u.id, me.userId, other.userId])
      const message = { senderId: u.id, seatUserId: me.userId, conversationId: id, body, warnings }
      return { messageId: await write(message, audience) }
    },

    /**
     * My conversations, latest first, with the other side, the last message (masked) and unread counts; a dealer's
     * people see every conversation about the dealer's cars, and a buyer sees the dealer's name across.
     */
    async listConversations(u: User): Promise<ConversationList> {
      const rows = await inbox.findConversationsOf(db, u.id, THREADS)
      const ids = rows.map((r) => r.id)
      const [participants, last, unread, listings] = await Promise.all([
        inbox.findParticipantsOf(db, ids),
        inbox.findLastMessages(db, ids),
        inbox.countUnreadPer(db, u.id, ids),
        repo.findListingSummaries(
          db,
          rows.flatMap((r) => (r.listingId ? [r.listingId] : [])),
        ),
      ])
      const results = rows
        .filter((r) => last.has(r.id))
        .map((r): ConversationSummary => {
          // The rows are the reader's own seats and their dealers' conversations: a buyer's, a seller's or a system one.
          const side: Side = r.kind !== 'listing' ? 'own' : r.buyerId === u.id ? 'buyer' : 'seller'
          const other = otherOf(side, r, participants.get(r.id) ?? [])
          const message = last.get(r.id)
          const listing = r.listingId ? (listings.get(r.listingId) ?? null) : null
          const mine = message ? isMine(side, u, r, message.senderId) : false
          return {
            id: r.id,
            ...heading(u, r, listing, other ? { id: other.userId, name: nameAcross(side, r, other) } : null),
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

    /**
     * One conversation for its buyer or its seller (for a dealer's car, any of the dealer's people now); others get
     * ConversationNotFoundError, staff included.
     */
    async getConversation(u: User, id: number): Promise<ConversationDetail> {
      const { conversation, side, me, other } = await loadOwn(u, id)
      const [rows, unread, listings, reported, block] = await Promise.all([
        repo.findMessages(db, id, THREAD_MESSAGES),
        inbox.countUnreadPer(db, u.id, [id]),
        repo.findListingSummaries(db, conversation.listingId ? [conversation.listingId] : []),
        repo.hasOpenReport(db, id, u.id),
        other ? repo.findBlockBetween(db, me.userId, other.userId) : { byMe: false, byOther: false },
      ])
      const listing = conversation.listingId ? (listings.get(conversation.listingId) ?? null) : null
      const mine = (senderId: string | null) => isMine(side, u, conversation, senderId)
      // The other side's messages are masked together: a number split over two of them is hidden too.
      const theirs = other?.sharesContacts ? [] : rows.filter((m) => m.senderId !== null && !mine(m.senderId))
      const masked = new Map(maskSendersMessages(theirs).map((body, i) => [theirs[i]?.id, body]))
      // The dealer's people see which of them wrote each of the dealer's answers.
      const dealerSide = side === 'seller' && conversation.dealerId !== null
      const messages = rows.map((m) => {
        const from = m.senderId === null ? 'system' : mine(m.senderId) ? 'me' : 'them'
        return {
          id: m.id,
          from,
          body: masked.get(m.id) ?? m.body,
          warnings: from === 'them' ? m.warnings.filter(isWarning) : [],
          author: dealerSide && from === 'me' && m.senderId !== u.id ? m.senderName : null,
          createdAt: m.createdAt.toISOString(),
        } as const
      })
      const last = messages[messages.length - 1]
      return {
        id,
        ...heading(
          u,
          conversation,
          listing,
          other ? { id: other.userId, name: nameAcross(side, conversation, other) } : null,
        ),
        lastMessage: last ? { body: last.body, createdAt: last.createdAt, mine: last.from === 'me' } : null,
        unread: unread.get(id) ?? 0,
        messages,
        otherContacts: other?.sharesContacts ? contactsAcross(side, conversation, other) : null,
        iShareContacts: me.sharesContacts,
        // A block holds between the two people: one made in their conversation about another car shows here too.
        blockedByMe: block.byMe || me.blockedAt !== null,
        blockedByOther: block.byOther || other?.blockedAt != null,
        reportedByMe: reported,
      }
    },

    /** Marks the conversation read for my side (a dealer's people read it for one another). */
    async markRead(u: User, id: number): Promise<void> {
      const { me } = await loadOwn(u, id)
      await repo.setParticipant(db, id, me.userId, { lastReadAt: new Date() })
    },

    /**
     * Shows (or hides again) my phone and e-mail to the other side of this conversation; a dealer's people show the
     * dealer's phones.
     */
    async shareContacts(u: User, id: number, share: boolean): Promise<void> {
      const { conversation, me } = await loadOwn(u, id)
      if (conversation.kind !== 'listing') throw new ConversationNotFoundError(id)
      await repo.setParticipant(db, id, me.userId, { sharesContacts: share })
    },

    /**
     * Blocks the other side: neither of us can write to the other, here or about any other car (nor start a new
     * conversation), until I unblock, which lifts my block in every conversation between us. A dealer's people block
     * and unblock from the dealer's seat.
     */
    async block(u: User, id: number, blocked: boolean): Promise<void> {
      const { conversation, me, other } = await loadOwn(u, id)
      if (conversation.kind !== 'listing') throw new ConversationNotFoundError(id)
      if (blocked) await repo.setParticipant(db, id, me.userId, { blockedAt: new Date() })
      else if (other) await repo.clearBlocksBetween(db, me.userId, other.userId)
      else await repo.setParticipant(db, id, me.userId, { blockedAt: null })
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
          // The side across from the reporter: the seller's seat when the buyer reports, the buyer otherwise.
          const reporterSide: Side = conversation?.buyerId === r.reporterId ? 'buyer' : 'seller'
          const reported = conversation ? otherOf(reporterSide, conversation, participants) : null
          const listing = conversation?.listingId ? listings.get(conversation.listingId) : undefined
          return {
            id: r.id,
            conversationId: r.conversationId,
            reason: r.reason,
            createdAt: r.createdAt.toISOString(),
            reporter: { id: r.reporterId, name: r.reporterName },
            reported:
              reported && conversation
                ? { id: reported.userId, name: nameAcross(reporterSide, conversation, reported) }
                : null,
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
      // The block is the reporter's side's: a dealer's person reports from the dealer's seat.
      const [conversation, participants] = await Promise.all([
        repo.findConversation(db, report.conversationId),
        repo.findParticipants(db, report.conversationId),
      ])
      const side: Side = conversation?.buyerId === report.reporterId ? 'buyer' : 'seller'
      const seat = conversation ? seatOf(side, { id: report.reporterId }, conversation, participants) : undefined
      await db.transaction(async (tx) => {
        if (!(await repo.resolveReport(tx, id, u.id, resolution, new Date()))) throw new ReportNotFoundError(id)
        if (resolution === 'blocked')
          await repo.setParticipant(tx, report.conversationId, seat?.userId ?? report.reporterId, {
            blockedAt: new Date(),
          })
        // In the audit trail like every staff decision: which talk, and the side that reported (a block is theirs).
        await recordAudit(tx, u, {
          action: `chat_report.${resolution}`,
          targetType: 'chat_report',
          targetId: id,
          before: { conversationId: report.conversationId, reporterSide: side },
          after: { resolution },
        })
      })
    },
  }
}

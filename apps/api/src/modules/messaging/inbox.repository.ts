import { and, desc, eq, gt, inArray, isNull, ne, or, type Placeholder, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { prepared } from '../../db/prepared.ts'
import { dealerMembers, dealers } from '../dealers/dealers.tables.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'
import { conversationColumns } from './conversations.repository.ts'
import { conversationParticipants, conversations, messages } from './messaging.tables.ts'

/*
 * A user's inbox across their own seats and their dealers': the list of conversations, each one's participants and
 * last message, unread counts and mark-all-read (`readableIds`: the conversations they may read now). A conversation
 * itself, its messages, blocks and reports are conversations.repository.ts.
 */

const peers = alias(dealerMembers, 'peers')
const seat = alias(conversationParticipants, 'seat')

/** A user's id, or the placeholder of a prepared statement's. */
type UserParam = string | Placeholder

/**
 * The conversations about the cars of the dealers the user works for now, which the user did not start as a buyer:
 * the user answers them from the dealer's seat. Reached through the listings the dealer's people own (a dealer's car
 * is always owned by one of its people: a removed member's pass to the owner), on the owners' index rather than a
 * scan of the listings by dealer.
 */
function dealerConversations(db: Db, userId: UserParam) {
  return db
    .select(conversationColumns)
    .from(dealerMembers)
    .innerJoin(peers, eq(peers.dealerId, dealerMembers.dealerId))
    .innerJoin(listings, and(eq(listings.ownerId, peers.userId), eq(listings.dealerId, dealerMembers.dealerId)))
    .innerJoin(dealers, eq(dealers.id, listings.dealerId))
    .innerJoin(
      conversations,
      and(
        eq(conversations.listingId, listings.id),
        eq(conversations.kind, 'listing'),
        ne(conversations.buyerId, userId),
      ),
    )
    .where(eq(dealerMembers.userId, userId))
}

/**
 * The user's own seats: their system thread, the conversations they started as a buyer and those about their own
 * private cars. A seat in a dealer's car's conversation counts only through `dealerConversations`, while the user
 * still works for the dealer.
 */
function ownConversations(db: Db, userId: UserParam) {
  return db
    .select(conversationColumns)
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(dealers, eq(dealers.id, listings.dealerId))
    .where(
      and(
        eq(conversationParticipants.userId, userId),
        or(ne(conversations.kind, 'listing'), eq(conversations.buyerId, userId), isNull(listings.dealerId)),
      ),
    )
}

/** The user's conversations, latest activity first: their own and their dealers' (the two sets never overlap). */
export async function findConversationsOf(db: Db, userId: string, limit: number) {
  const latest = [desc(conversations.lastMessageAt), desc(conversations.id)] as const
  const [own, dealers] = await Promise.all([
    ownConversations(db, userId)
      .orderBy(...latest)
      .limit(limit),
    dealerConversations(db, userId)
      .orderBy(...latest)
      .limit(limit),
  ])
  return [...own, ...dealers]
    .sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime() || b.id - a.id)
    .slice(0, limit)
}

/** Every participant of each conversation (the service tells the sides apart). */
export async function findParticipantsOf(db: Db, ids: number[]) {
  const out = new Map<number, { userId: string; name: string; sharesContacts: boolean }[]>()
  if (ids.length === 0) return out
  const rows = await db
    .select({
      conversationId: conversationParticipants.conversationId,
      userId: user.id,
      name: user.name,
      sharesContacts: conversationParticipants.sharesContacts,
    })
    .from(conversationParticipants)
    .innerJoin(user, eq(user.id, conversationParticipants.userId))
    .where(inArray(conversationParticipants.conversationId, ids))
  for (const { conversationId, ...p } of rows) out.set(conversationId, [...(out.get(conversationId) ?? []), p])
  return out
}

/** The latest message of each conversation. */
export async function findLastMessages(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { senderId: string | null; body: string; createdAt: Date }>()
  const rows = await db
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(inArray(messages.conversationId, ids))
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id))
  return new Map(rows.map((r) => [r.conversationId, r]))
}

/**
 * The user's seat in a conversation they may read: the buyer's own; the seller's for anyone else in a conversation
 * about a car (the private seller, or any of the dealer's people, who share it); their own in the system thread.
 */
const seatCondition = (userId: UserParam) =>
  sql`case when ${conversations.kind} = 'listing' and ${conversations.buyerId} <> ${userId}
    then ${seat.userId} <> ${conversations.buyerId} else ${seat.userId} = ${userId} end`

/** Whether a message was written by the other side than the user's (or by the system): what can be unread. */
const fromTheOtherSide = (userId: UserParam) =>
  sql`(${messages.senderId} is null or case when ${conversations.kind} = 'listing'
    then (${messages.senderId} = ${conversations.buyerId}) <> (${conversations.buyerId} = ${userId})
    else ${messages.senderId} <> ${userId} end)`

/**
 * Unread messages per conversation the user may read (the caller checked): the other side's messages after the last
 * read of the user's seat.
 */
export async function countUnreadPer(db: Db, userId: string, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ conversationId: messages.conversationId, n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(seat, and(eq(seat.conversationId, conversations.id), seatCondition(userId)))
    .where(
      and(
        inArray(messages.conversationId, ids),
        or(isNull(seat.lastReadAt), gt(messages.createdAt, seat.lastReadAt)),
        fromTheOtherSide(userId),
      ),
    )
    .groupBy(messages.conversationId)
  return new Map(rows.map((r) => [r.conversationId, Number(r.n)]))
}

/** Whether a conversation is one the user may read now: their own seat's, or one of their dealers'. */
/** The ids of the conversations the user may read now, in two parts: their own seats', and their dealers'. */
function readableIds(db: Db, userId: UserParam) {
  const own = ownConversations(db, userId).as('own')
  const theirDealers = dealerConversations(db, userId).as('dealer_rows')
  return { own: db.select({ id: own.id }).from(own), dealers: db.select({ id: theirDealers.id }).from(theirDealers) }
}

function readableBy(db: Db, userId: UserParam) {
  const ids = readableIds(db, userId)
  return or(inArray(conversations.id, ids.own), inArray(conversations.id, ids.dealers))
}

/**
 * Unread messages in every conversation the user may read (the badges): on every signed-in page (the layout's), so a
 * named prepared statement. Planned for each call it took 3-10 ms of PostgreSQL's time on the 1,000,000-listing
 * bench database (issue 39), more than the rest of a signed-in visitor's car page.
 */
export async function countAllUnread(db: Db, userId: string): Promise<number> {
  const statement = prepared(db, 'messages_unread_all', () => {
    const who = sql.placeholder('userId')
    return db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(seat, and(eq(seat.conversationId, conversations.id), seatCondition(who)))
      .where(
        and(
          readableBy(db, who),
          or(isNull(seat.lastReadAt), gt(messages.createdAt, seat.lastReadAt)),
          fromTheOtherSide(who),
        ),
      )
  })
  const [row] = await statement.execute({ userId })
  return Number(row?.n ?? 0)
}

/** Marks read every conversation the user may read: their own seats, and the seller's seat of their dealers'. */
export async function markAllRead(db: Db, userId: string, at: Date): Promise<void> {
  const ids = readableIds(db, userId)
  await db
    .update(conversationParticipants)
    .set({ lastReadAt: at })
    .where(and(eq(conversationParticipants.userId, userId), inArray(conversationParticipants.conversationId, ids.own)))
  await db
    .update(conversationParticipants)
    .set({ lastReadAt: at })
    .where(
      and(
        inArray(conversationParticipants.conversationId, ids.dealers),
        sql`${conversationParticipants.userId} <> (select c.buyer_id from conversations c where c.id = ${conversationParticipants.conversationId})`,
      ),
    )
}

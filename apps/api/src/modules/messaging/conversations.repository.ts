import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { dealerMembers, dealers } from '../dealers/dealers.tables.ts'
import { user } from '../identity/identity.tables.ts'
import { selectListingsWithNames } from '../listings/index.ts'
import { listings } from '../listings/listings.tables.ts'
import { profiles } from '../profiles/profiles.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'
import { conversationParticipants, conversationReports, conversations, messages } from './messaging.tables.ts'

/** A listing someone may write about: its owner, its dealer (null for a private seller's car) and its status. */
export async function findWritableListing(db: Db, listingId: number) {
  const [row] = await db
    .select({ id: listings.id, ownerId: listings.ownerId, dealerId: listings.dealerId, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId))
  return row ?? null
}

/** When the user's account was made (the new-account limits), or null for an unknown user. */
export async function findAccountCreatedAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId))
  return row?.createdAt ?? null
}

/** The buyer's conversation about the listing, if they have written about it before. */
export async function findListingConversationId(db: Db, listingId: number, buyerId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.kind, 'listing'),
        eq(conversations.listingId, listingId),
        eq(conversations.buyerId, buyerId),
      ),
    )
  return row?.id ?? null
}

const theirs = alias(conversationParticipants, 'theirs')

/**
 * Whether one of two people blocked the other, in any conversation between them: a block is between the people,
 * not about one car. `byMe`: `me` blocked `other`; `byOther`: the reverse.
 */
export async function findBlockBetween(db: Db, me: string, other: string) {
  const [row] = await db
    .select({
      byMe: sql<boolean>`coalesce(bool_or(${conversationParticipants.blockedAt} is not null), false)`,
      byOther: sql<boolean>`coalesce(bool_or(${theirs.blockedAt} is not null), false)`,
    })
    .from(conversationParticipants)
    .innerJoin(
      theirs,
      and(eq(theirs.conversationId, conversationParticipants.conversationId), eq(theirs.userId, other)),
    )
    .where(
      and(
        eq(conversationParticipants.userId, me),
        or(isNotNull(conversationParticipants.blockedAt), isNotNull(theirs.blockedAt)),
      ),
    )
  return { byMe: row?.byMe === true, byOther: row?.byOther === true }
}

/** Lifts `me`'s block of `other` in every conversation between them. */
export async function clearBlocksBetween(db: Db, me: string, other: string): Promise<void> {
  await db
    .update(conversationParticipants)
    .set({ blockedAt: null })
    .where(
      and(
        eq(conversationParticipants.userId, me),
        isNotNull(conversationParticipants.blockedAt),
        inArray(
          conversationParticipants.conversationId,
          db.select({ id: theirs.conversationId }).from(theirs).where(eq(theirs.userId, other)),
        ),
      ),
    )
}

/** The buyer's conversation about the listing, creating it (with both participants) on first message. */
export async function findOrCreateListingConversation(
  tx: Db,
  listingId: number,
  buyerId: string,
  sellerId: string,
): Promise<number> {
  const inserted = await tx
    .insert(conversations)
    .values({ kind: 'listing', listingId, buyerId })
    .onConflictDoNothing()
    .returning({ id: conversations.id })
  if (inserted[0]) {
    await tx.insert(conversationParticipants).values([
      { conversationId: inserted[0].id, userId: buyerId },
      { conversationId: inserted[0].id, userId: sellerId },
    ])
    return inserted[0].id
  }
  const existing = await findListingConversationId(tx, listingId, buyerId)
  if (existing === null) throw new Error('conversation not found after conflict')
  return existing
}

/** The participants of a conversation (one for the system thread, two otherwise). */
export function findParticipants(db: Db, conversationId: number) {
  return db
    .select({
      userId: conversationParticipants.userId,
      name: user.name,
      email: user.email,
      phone: sql<
        string | null
      >`coalesce(${user.phoneNumber}, (select ${profiles.phone} from ${profiles} where ${profiles.userId} = ${user.id} and not ${profiles.isDeleted} limit 1))`,
      lastReadAt: conversationParticipants.lastReadAt,
      blockedAt: conversationParticipants.blockedAt,
      sharesContacts: conversationParticipants.sharesContacts,
    })
    .from(conversationParticipants)
    .innerJoin(user, eq(user.id, conversationParticipants.userId))
    .where(eq(conversationParticipants.conversationId, conversationId))
}

/** What a conversation's line says of it: its kind, car, buyer, and the car's dealer (null for a private seller). */
export const conversationColumns = {
  id: conversations.id,
  kind: conversations.kind,
  listingId: conversations.listingId,
  buyerId: conversations.buyerId,
  lastMessageAt: conversations.lastMessageAt,
  dealerId: listings.dealerId,
  dealerName: dealers.legalName,
}

/** The conversation, with the dealer whose car it is about (its phones are what the dealer's side shares). */
export async function findConversation(db: Db, id: number) {
  const [row] = await db
    .select({ ...conversationColumns, dealerPhones: dealers.phones })
    .from(conversations)
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(dealers, eq(dealers.id, listings.dealerId))
    .where(eq(conversations.id, id))
  return row ?? null
}

/** The dealer's people now (owner and managers): who hears of a new message about one of its cars. */
export async function findDealerPeople(db: Db, dealerId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: dealerMembers.userId })
    .from(dealerMembers)
    .where(eq(dealerMembers.dealerId, dealerId))
  return rows.map((r) => r.userId)
}

/** What a thread shows of its listing ("Brand Model, year", price, cover), or null once the listing is gone. */
export async function findListingSummaries(db: Db, ids: number[]) {
  if (ids.length === 0)
    return new Map<number, { id: number; title: string; priceKzt: number; coverKey: string | null; ownerId: string }>()
  const rows = await selectListingsWithNames(db, {
    id: listings.id,
    brand: brands.name,
    model: models.name,
    year: listings.year,
    priceKzt: listings.priceKzt,
    coverKey: listings.coverPhotoKey,
    ownerId: listings.ownerId,
  }).where(inArray(listings.id, ids))
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: [`${r.brand ?? ''} ${r.model ?? ''}`.trim(), r.year].filter(Boolean).join(', '),
        priceKzt: r.priceKzt ?? 0,
        coverKey: r.coverKey,
        ownerId: r.ownerId,
      },
    ]),
  )
}

/** The latest `limit` messages, oldest first. */
export async function findMessages(db: Db, conversationId: number, limit: number) {
  const rows = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      senderName: user.name,
      body: messages.body,
      warnings: messages.warnings,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(user, eq(user.id, messages.senderId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
  return rows.reverse()
}

/** The message; `seatUserId` is the writer's seat (a dealer's person writes from the dealer's). */
export async function insertConversationMessage(
  tx: Db,
  {
    seatUserId,
    ...row
  }: {
    conversationId: number
    senderId: string
    seatUserId: string
    body: string
    warnings: string[]
    createdAt: Date
  },
): Promise<number> {
  const [created] = await tx.insert(messages).values(row).returning({ id: messages.id })
  if (!created) throw new Error('message not created')
  await tx.update(conversations).set({ lastMessageAt: row.createdAt }).where(eq(conversations.id, row.conversationId))
  // The writer's side has read everything up to its own message.
  await tx
    .update(conversationParticipants)
    .set({ lastReadAt: row.createdAt })
    .where(
      and(
        eq(conversationParticipants.conversationId, row.conversationId),
        eq(conversationParticipants.userId, seatUserId),
      ),
    )
  return created.id
}

export async function setParticipant(
  db: Db,
  conversationId: number,
  userId: string,
  set: Partial<{ lastReadAt: Date; blockedAt: Date | null; sharesContacts: boolean }>,
): Promise<void> {
  await db
    .update(conversationParticipants)
    .set(set)
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
    )
}

export async function insertReport(
  db: Db,
  conversationId: number,
  reporterId: string,
  reason: string,
): Promise<number> {
  const [row] = await db
    .insert(conversationReports)
    .values({ conversationId, reporterId, reason })
    .returning({ id: conversationReports.id })
  if (!row) throw new Error('report not created')
  return row.id
}

export async function hasOpenReport(db: Db, conversationId: number, reporterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversationReports.id })
    .from(conversationReports)
    .where(
      and(
        eq(conversationReports.conversationId, conversationId),
        eq(conversationReports.reporterId, reporterId),
        isNull(conversationReports.resolvedAt),
      ),
    )
    .limit(1)
  return Boolean(row)
}

export function findOpenReports(db: Db, limit: number) {
  return db
    .select({
      id: conversationReports.id,
      conversationId: conversationReports.conversationId,
      reporterId: conversationReports.reporterId,
      reporterName: user.name,
      reason: conversationReports.reason,
      createdAt: conversationReports.createdAt,
    })
    .from(conversationReports)
    .innerJoin(user, eq(user.id, conversationReports.reporterId))
    .where(isNull(conversationReports.resolvedAt))
    .orderBy(asc(conversationReports.createdAt))
    .limit(limit)
}

export async function findReport(db: Db, id: number) {
  const [row] = await db.select().from(conversationReports).where(eq(conversationReports.id, id))
  return row ?? null
}

export async function resolveReport(
  db: Db,
  id: number,
  by: string,
  resolution: 'dismissed' | 'blocked',
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(conversationReports)
    .set({ resolvedAt: at, resolvedBy: by, resolution })
    .where(and(eq(conversationReports.id, id), isNull(conversationReports.resolvedAt)))
    .returning({ id: conversationReports.id })
  return rows.length > 0
}

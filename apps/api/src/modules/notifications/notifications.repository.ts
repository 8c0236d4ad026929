import { and, asc, desc, eq, gt, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { jobReceipts } from '../jobs/index.ts'
import { profiles } from '../profiles/profiles.tables.ts'
import { savedSearches } from '../saved-searches/saved-searches.tables.ts'
import { broadcasts, pushSubscriptions } from './notifications.tables.ts'

/**
 * Who an alert goes to, with what they allowed, and their newest `maxSubscriptions` browsers. A user without a
 * profile row has the defaults (all on).
 */
export async function findRecipient(db: Db, userId: string, maxSubscriptions: number) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      language: profiles.language,
      isDeleted: profiles.isDeleted,
      fcmToken: profiles.fcmToken,
      notifyPromotions: profiles.notifyPromotions,
      notifyNews: profiles.notifyNews,
      notifyPriceChanges: profiles.notifyPriceChanges,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId))
  if (!row) return null
  const subscriptions = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(maxSubscriptions)
  return {
    ...row,
    language: row.language ?? 'ru',
    isDeleted: row.isDeleted ?? false,
    notifyPromotions: row.notifyPromotions ?? true,
    notifyNews: row.notifyNews ?? true,
    notifyPriceChanges: row.notifyPriceChanges ?? true,
    subscriptionIds: subscriptions.map((s) => s.id),
  }
}
export type Recipient = NonNullable<Awaited<ReturnType<typeof findRecipient>>>

/** The saved search's alerts setting ('daily', 'instant' or 'off'), or null when the search is gone. */
export async function findSearchAlerts(db: Db, savedSearchId: number): Promise<string | null> {
  const [row] = await db
    .select({ alerts: savedSearches.alerts })
    .from(savedSearches)
    .where(eq(savedSearches.id, savedSearchId))
  return row?.alerts ?? null
}

export async function findSubscription(db: Db, id: number) {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))
  return row ?? null
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
}

/** Saves the browser's subscription for the user (an endpoint moves to whoever subscribed last on that browser). */
export async function upsertSubscription(
  db: Db,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string },
  now: Date,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...s, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: s.p256dh, auth: s.auth, createdAt: now },
    })
}

/** Forgets the user's subscriptions but the `keep` most recently saved. */
export async function forgetOldSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep)
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)))
}

/**
 * Marks `key` delivered, committed at once (no transaction stays open while a push service is waited on).
 * False when it already was. Undo with `releaseDelivery` when the delivery failed and will be retried.
 */
export async function claimDelivery(db: Db, key: string): Promise<boolean> {
  const rows = await db.insert(jobReceipts).values({ key }).onConflictDoNothing().returning({ key: jobReceipts.key })
  return rows.length > 0
}

export async function releaseDelivery(db: Db, key: string): Promise<void> {
  await db.delete(jobReceipts).where(eq(jobReceipts.key, key))
}

export async function deleteSubscriptionByEndpoint(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return rows.length > 0
}

export async function insertBroadcast(db: Db, row: typeof broadcasts.$inferInsert) {
  const [created] = await db.insert(broadcasts).values(row).returning()
  if (!created) throw new Error('broadcast not created')
  return created
}

export async function findBroadcast(db: Db, id: number) {
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id))
  return row ?? null
}

export function listBroadcasts(db: Db, limit: number) {
  return db.select().from(broadcasts).orderBy(sql`${broadcasts.createdAt} desc`).limit(limit)
}

/** A page of users who opted in to the topic, in id order after `afterId`. */
export async function findOptedIn(db: Db, topic: 'news' | 'promotions', afterId: string, limit: number) {
  const column = topic === 'news' ? profiles.notifyNews : profiles.notifyPromotions
  const rows = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(gt(profiles.userId, afterId), eq(column, true), eq(profiles.isDeleted, false)))
    .orderBy(asc(profiles.userId))
    .limit(limit)
  return rows.map((r) => r.userId)
}

export async function setPreference(
  db: Db,
  userId: string,
  field: 'notifyPriceChanges' | 'notifyNews' | 'notifyPromotions',
): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ [field]: false, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning({ id: profiles.id })
  return rows.length > 0
}

/** The name of the user's saved search, or null when it is gone or someone else's. */
export async function findSearchName(db: Db, userId: string, savedSearchId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, userId)))
  return row?.name ?? null
}

/** Turns off the alerts of the user's saved search; its name, or null when it is gone or someone else's. */
export async function turnOffSearchAlerts(db: Db, userId: string, savedSearchId: number): Promise<string | null> {
  const [row] = await db
    .update(savedSearches)
    .set({ alerts: 'off' })
    .where(and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, userId)))
    .returning({ name: savedSearches.name })
  return row?.name ?? null
}

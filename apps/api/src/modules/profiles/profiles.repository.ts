import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { account, session, user } from '../identity/identity.tables.ts'
import { ACCOUNT_DELETED_REASON, isPhoneAccountEmail } from '../identity/index.ts'
import { listings } from '../listings/listings.tables.ts'
import { confirmedPhones, phoneConfirmationCodes } from '../phones/phones.tables.ts'
import { cities } from '../reference/reference.tables.ts'
import { profiles } from './profiles.tables.ts'

export type ProfileRow = typeof profiles.$inferSelect

/** Creates the product profile of a new account (idempotent). */
export async function createProfileFor(
  db: Db,
  u: { id: string; email: string; name: string; phoneNumber?: unknown },
): Promise<void> {
  const phoneAccount = isPhoneAccountEmail(u.email)
  await db
    .insert(profiles)
    .values({
      userId: u.id,
      email: phoneAccount ? null : u.email,
      fullName: phoneAccount || !u.name ? null : u.name,
      phone: typeof u.phoneNumber === 'string' ? u.phoneNumber : null,
    })
    .onConflictDoNothing({ target: profiles.userId })
}

export async function findProfileByUserId(db: Db, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1)
  return row ?? null
}

export async function findProfileById(db: Db, id: number): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1)
  return row ?? null
}

export async function isPhoneTaken(db: Db, phone: string, exceptUserId: string): Promise<boolean> {
  const [p] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.phone, phone), ne(profiles.userId, exceptUserId), eq(profiles.isDeleted, false)))
    .limit(1)
  if (p) return true
  const [u] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.phoneNumber, phone), ne(user.id, exceptUserId)))
    .limit(1)
  return Boolean(u)
}

export async function cityExists(db: Db, id: number): Promise<boolean> {
  const [c] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id)).limit(1)
  return Boolean(c)
}

export async function updateProfileRow(db: Db, id: number, patch: Partial<typeof profiles.$inferInsert>) {
  const [row] = await db
    .update(profiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(profiles.id, id))
    .returning()
  return row ?? null
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = lower(${email})`).limit(1)
  return row ?? null
}

/**
 * Deletes an account for good: personal data erased (name, email, phone, photo, tokens), every sign-in
 * method removed, listings archived. The listings and the anonymised user row stay for the history other
 * people see (favourites, conversations). The sessions of the account's other devices stay, stripped of
 * their address and browser, but sign nobody in (the user is banned): each is ended the first time it comes
 * back, and that device is told the account was deleted (spec 4) instead of being logged out silently.
 */
export async function eraseAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(session).set({ ipAddress: null, userAgent: null }).where(eq(session.userId, userId))
    await tx.delete(account).where(eq(account.userId, userId))
    await tx.delete(confirmedPhones).where(eq(confirmedPhones.userId, userId))
    await tx.delete(phoneConfirmationCodes).where(eq(phoneConfirmationCodes.userId, userId))
    await tx
      .update(user)
      .set({
        name: 'deleted',
        email: `deleted-${userId}@deleted.tulpar.kz`,
        emailVerified: false,
        image: null,
        phoneNumber: null,
        phoneNumberVerified: false,
        banned: true,
        banReason: ACCOUNT_DELETED_REASON,
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId))
    await tx
      .update(profiles)
      .set({
        isDeleted: true,
        deletedAt: new Date(),
        updatedAt: new Date(),
        phone: null,
        fcmToken: null,
        fullName: null,
        email: null,
        photoKey: null,
      })
      .where(eq(profiles.userId, userId))
    await tx
      .update(listings)
      .set({ status: 'archived', statusChangedAt: new Date(), updatedAt: new Date(), contactPhone: null })
      .where(and(eq(listings.ownerId, userId), ne(listings.status, 'archived')))
  })
}

/** Keeps the auth user's display name (shown in the header) in step with the profile's full name. */
export async function setUserName(db: Db, userId: string, name: string): Promise<void> {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId))
}

/** Of `keys` (`profiles/{profileId}/{name}`), those that are a profile's current photo. */
export async function findOwnedProfilePhotoKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const ids = [...new Set(keys.map((k) => Number(k.split('/')[1])).filter(Number.isSafeInteger))]
  if (ids.length === 0) return new Set()
  const rows = await db.select({ key: profiles.photoKey }).from(profiles).where(inArray(profiles.id, ids))
  return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])))
}

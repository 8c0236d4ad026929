import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { confirmedPhones, phoneConfirmationCodes } from './phones.tables.ts'

export type PendingCodeRow = typeof phoneConfirmationCodes.$inferSelect

/** Whether `phone` is the user's verified sign-in number or one they confirmed by code. */
export async function isPhoneConfirmed(db: Db, userId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(confirmedPhones)
    .where(and(eq(confirmedPhones.userId, userId), eq(confirmedPhones.phone, phone)))
    .unionAll(
      db
        .select({ one: sql<number>`1` })
        .from(user)
        .where(and(eq(user.id, userId), eq(user.phoneNumber, phone), eq(user.phoneNumberVerified, true))),
    )
    .limit(1)
  return row !== undefined
}

export async function insertConfirmedPhone(db: Db, userId: string, phone: string): Promise<void> {
  await db.insert(confirmedPhones).values({ userId, phone }).onConflictDoNothing()
}

/** Replaces the pending code of this user and number (attempts start again at 0 for the new code). */
export async function upsertPendingCode(
  db: Db,
  values: { userId: string; phone: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(phoneConfirmationCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [phoneConfirmationCodes.userId, phoneConfirmationCodes.phone],
      set: { codeHash: values.codeHash, expiresAt: values.expiresAt, attempts: 0, createdAt: sql`now()` },
    })
}

export async function findPendingCode(db: Db, userId: string, phone: string): Promise<PendingCodeRow | null> {
  const [row] = await db
    .select()
    .from(phoneConfirmationCodes)
    .where(and(eq(phoneConfirmationCodes.userId, userId), eq(phoneConfirmationCodes.phone, phone)))
    .limit(1)
  return row ?? null
}

/**
 * Takes one attempt at the pending code, atomically: answers the row with the attempt counted, or null when
 * there is no code or its `maxAttempts` are used up (concurrent guesses cannot overrun the count).
 */
export async function claimAttempt(
  db: Db,
  userId: string,
  phone: string,
  maxAttempts: number,
): Promise<PendingCodeRow | null> {
  const [row] = await db
    .update(phoneConfirmationCodes)
    .set({ attempts: sql`${phoneConfirmationCodes.attempts} + 1` })
    .where(
      and(
        eq(phoneConfirmationCodes.userId, userId),
        eq(phoneConfirmationCodes.phone, phone),
        lt(phoneConfirmationCodes.attempts, maxAttempts),
      ),
    )
    .returning()
  return row ?? null
}

export async function deletePendingCode(db: Db, userId: string, phone: string): Promise<void> {
  await db
    .delete(phoneConfirmationCodes)
    .where(and(eq(phoneConfirmationCodes.userId, userId), eq(phoneConfirmationCodes.phone, phone)))
}

import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { profiles } from '../profiles/profiles.tables.ts'

export interface UserCursor {
  at: string
  id: string
}

/** `%` and `_` typed by an admin are searched for literally. */
function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * Accounts matching part of an email or name, or (when the text has 3+ digits) part of a phone number,
 * newest first. Keyset paging on (created_at, id).
 */
export function findUsers(db: Db, filter: { q?: string; role?: string }, after: UserCursor | null, limit: number) {
  const conditions: (SQL | undefined)[] = []
  const q = filter.q?.trim()
  if (q) {
    const text = `%${likeEscape(q)}%`
    const digits = q.replace(/\D/g, '')
    conditions.push(
      or(
        ilike(user.email, text),
        ilike(user.name, text),
        digits.length >= 3 ? sql`${user.phoneNumber} like ${`%${digits}%`}` : undefined,
        digits.length >= 3 ? sql`${profiles.phone} like ${`%${digits}%`}` : undefined,
      ),
    )
  }
  if (filter.role) conditions.push(eq(user.role, filter.role))
  if (after) conditions.push(sql`(${user.createdAt}, ${user.id}) < (${after.at}::timestamptz, ${after.id})`)
  return selectUsers(db)
    .where(and(...conditions))
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(limit)
}

function selectUsers(db: Db) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      profilePhone: profiles.phone,
      role: user.role,
      banned: user.banned,
      createdAt: user.createdAt,
      createdAtText: sql<string>`${user.createdAt}::text`,
      listingsCount: sql<number>`(select count(*)::int from listings l where l.owner_id = ${user.id})`.mapWith(Number),
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .$dynamic()
}

export async function findUserById(db: Db, id: string) {
  const [row] = await selectUsers(db).where(eq(user.id, id)).limit(1)
  return row ?? null
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>

export async function findUserRole(db: Db, id: string): Promise<{ id: string; role: string } | null> {
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, id)).limit(1)
  return row ?? null
}

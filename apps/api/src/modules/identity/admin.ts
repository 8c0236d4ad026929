import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { Auth } from './auth.ts'
import { MIN_PASSWORD_LENGTH } from './auth.ts'
import { user } from './identity.tables.ts'
import { changeUserRole, type RoleChangeListener } from './role-changes.ts'

/** Makes an admin on any database (`npm run admin:create`); see createStaffAccount. */
export function createAdmin(
  deps: { db: Db; auth: Auth; onRoleChange?: RoleChangeListener },
  account: { email: string; password: string; name?: string },
): Promise<{ userId: string; created: boolean }> {
  return createStaffAccount(deps, { ...account, name: account.name ?? 'Administrator', role: 'admin' })
}

/**
 * Makes a staff account: creates it with this email and password when it does not exist, otherwise gives the
 * existing account the role (its password stays as it is). The change is recorded (role_changes, via `command`; `onRoleChange` in its transaction: the audit trail).
 */
export async function createStaffAccount(
  { db, auth, onRoleChange }: { db: Db; auth: Auth; onRoleChange?: RoleChangeListener },
  { email, password, name, role }: { email: string; password: string; name: string; role: 'admin' | 'moderator' },
): Promise<{ userId: string; created: boolean }> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  const normalised = email.trim().toLowerCase()
  let [existing] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${normalised}`).limit(1)
  let created = false
  if (!existing) {
    const result = await auth.api.signUpEmail({ body: { email: normalised, password, name } })
    existing = { id: result.user.id }
    created = true
  }
  await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, existing.id))
  await changeUserRole(db, existing.id, role, { changedBy: null, via: 'command', onChange: onRoleChange })
  return { userId: existing.id, created }
}

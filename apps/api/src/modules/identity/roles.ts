import { STAFF_ROLES } from '@tulpar/contracts'
import { AdminOnlyError, StaffOnlyError } from './identity.errors.ts'
import type { SessionUser } from './session-user.ts'

/** Who is asking, as far as a permission check needs to know. */
export type Actor = Pick<SessionUser, 'id' | 'role' | 'ip'>

function isStaff(u: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return (STAFF_ROLES as readonly (string | null | undefined)[]).includes(u?.role)
}

function isAdmin(u: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return u?.role === 'admin'
}

/** Throws StaffOnlyError (403) unless the user is a moderator or an admin. */
export function requireStaff(u: Actor): void {
  if (!isStaff(u)) throw new StaffOnlyError()
}

/** Throws StaffOnlyError for plain users and AdminOnlyError for moderators. */
export function requireAdmin(u: Actor): void {
  requireStaff(u)
  if (!isAdmin(u)) throw new AdminOnlyError()
}

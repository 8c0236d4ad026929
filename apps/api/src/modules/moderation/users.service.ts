import { type AdminUser, type AdminUserPage, type AdminUsersQuery, Role, type RoleChangeBody } from '@tulpar/contracts'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AdminTargetError, BadCursorError, OwnRoleError, UserNotFoundError } from './moderation.errors.ts'
import { type Actor, requireAdmin } from './roles.ts'
import * as repo from './users.repository.ts'

const CursorTuple = z.tuple([z.string().min(1).max(64), z.string().min(1).max(100)])

function encodeCursor(c: repo.UserCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url')
}

function decodeCursor(cursor: string): repo.UserCursor {
  try {
    const parsed = CursorTuple.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    if (parsed.success && !Number.isNaN(Date.parse(parsed.data[0]))) return { at: parsed.data[0], id: parsed.data[1] }
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
  }
  throw new BadCursorError()
}

function toAdminUser(r: repo.UserRow): AdminUser {
  const role = Role.safeParse(r.role)
  return {
    id: r.id,
    name: r.name,
    email: r.email.endsWith('@phone.tulpar.kz') ? null : r.email,
    phone: r.phoneNumber ?? r.profilePhone,
    role: role.success ? role.data : 'user',
    banned: r.banned,
    createdAt: r.createdAt.toISOString(),
    listingsCount: r.listingsCount,
  }
}

/** Accounts and the moderator role, for admins. */
export function createStaffService({ db }: { db: Db }) {
  return {
    /** Accounts by part of an email, name or phone number, newest first. Admins only. */
    async listUsers(u: Actor, q: AdminUsersQuery): Promise<AdminUserPage> {
      requireAdmin(u)
      const after = q.cursor ? decodeCursor(q.cursor) : null
      const rows = await repo.findUsers(db, { q: q.q, role: q.role }, after, q.limit + 1)
      const page = rows.slice(0, q.limit)
      const last = page.at(-1)
      return {
        results: page.map(toAdminUser),
        nextCursor: rows.length > q.limit && last ? encodeCursor({ at: last.createdAtText, id: last.id }) : null,
      }
    },

    /**
     * Gives or takes the moderator role. Admins only; an admin cannot change their own role (OwnRoleError) and
     * admins are not changed here (AdminTargetError); throws UserNotFoundError.
     */
    async changeRole(u: Actor, targetId: string, body: RoleChangeBody): Promise<AdminUser> {
      requireAdmin(u)
      if (targetId === u.id) throw new OwnRoleError()
      const target = await repo.findUserRole(db, targetId)
      if (!target) throw new UserNotFoundError(targetId)
      if (target.role === 'admin') throw new AdminTargetError()
      await repo.setUserRole(db, targetId, body.role)
      const row = await repo.findUserById(db, targetId)
      if (!row) throw new UserNotFoundError(targetId)
      return toAdminUser(row)
    },
  }
}
export type StaffService = ReturnType<typeof createStaffService>

import {
  type AdminUser,
  type AdminUserPage,
  type AdminUsersQuery,
  Role,
  type RoleChange,
  type RoleChangeBody,
  type RoleChangeList,
} from '@tulpar/contracts'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { keysetCursor } from '../../lib/keyset-cursor.ts'
import { recordAudit } from '../audit/index.ts'
import { type Actor, changeUserRole, findRoleChanges, requireAdmin } from '../identity/index.ts'
import { AdminTargetError, BadCursorError, OwnRoleError, UserNotFoundError } from './moderation.errors.ts'
import * as repo from './users.repository.ts'

const CURSOR = keysetCursor(z.tuple([z.string().min(1).max(64), z.string().min(1).max(100)]))

function encodeCursor(c: repo.UserCursor): string {
  return CURSOR.encode([c.at, c.id])
}

function decodeCursor(cursor: string): repo.UserCursor {
  const key = CURSOR.decode(cursor)
  if (key && !Number.isNaN(Date.parse(key[0]))) return { at: key[0], id: key[1] }
  throw new BadCursorError()
}

function toRole(value: string): Role {
  const role = Role.safeParse(value)
  return role.success ? role.data : 'user'
}

/** Phone accounts carry a made-up address (identity/phone.ts): not an email to show. */
const publicEmail = (email: string) => (email.endsWith('@phone.tulpar.kz') || email === '' ? null : email)

function toRoleChange(r: Awaited<ReturnType<typeof findRoleChanges>>[number]): RoleChange {
  return {
    id: r.id,
    fromRole: toRole(r.fromRole),
    toRole: toRole(r.toRole),
    via: r.via === 'command' ? 'command' : 'back_office',
    changedBy:
      r.changedById && r.changedByName !== null
        ? { id: r.changedById, name: r.changedByName, email: publicEmail(r.changedByEmail ?? '') }
        : null,
    createdAt: r.createdAt.toISOString(),
  }
}

function toAdminUser(r: repo.UserRow): AdminUser {
  const role = Role.safeParse(r.role)
  return {
    id: r.id,
    name: r.name,
    email: publicEmail(r.email),
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
     * admins are not changed here (AdminTargetError); throws UserNotFoundError. Recorded with who and when, and in
     * the audit trail (with the address) in the change's transaction.
     */
    async changeRole(u: Actor, targetId: string, body: RoleChangeBody): Promise<AdminUser> {
      requireAdmin(u)
      if (targetId === u.id) throw new OwnRoleError()
      const target = await repo.findUserRole(db, targetId)
      if (!target) throw new UserNotFoundError(targetId)
      if (target.role === 'admin') throw new AdminTargetError()
      await changeUserRole(db, targetId, body.role, {
        changedBy: u.id,
        via: 'back_office',
        onChange: (tx, c) =>
          recordAudit(tx, u, {
            action: 'user.role_changed',
            targetType: 'user',
            targetId,
            before: { role: c.fromRole },
            after: { role: c.toRole, via: c.via },
          }),
      })
      const row = await repo.findUserById(db, targetId)
      if (!row) throw new UserNotFoundError(targetId)
      return toAdminUser(row)
    },

    /** Who changed this account's role from what to what, and when, newest first. Admins only. */
    async listRoleChanges(u: Actor, targetId: string): Promise<RoleChangeList> {
      requireAdmin(u)
      if (!(await repo.findUserRole(db, targetId))) throw new UserNotFoundError(targetId)
      return { results: (await findRoleChanges(db, [targetId])).map(toRoleChange) }
    },

    /** The role changes of a page of accounts (the back office's list), by account id, newest first. Admins only. */
    async roleChangesOf(u: Actor, userIds: string[]): Promise<Record<string, RoleChange[]>> {
      requireAdmin(u)
      if (userIds.length === 0) return {}
      const byUser: Record<string, RoleChange[]> = {}
      for (const row of await findRoleChanges(db, userIds, userIds.length * 10)) {
        const list = byUser[row.userId] ?? []
        list.push(toRoleChange(row))
        byUser[row.userId] = list
      }
      return byUser
    },
  }
}
export type StaffService = ReturnType<typeof createStaffService>

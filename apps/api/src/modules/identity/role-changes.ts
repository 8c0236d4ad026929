import { randomUUID } from 'node:crypto'
import { desc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { roleChanges, user } from './identity.tables.ts'

export type RoleChangeWay = 'back_office' | 'command'

/** Told of a role change inside its transaction, so what it records (the audit trail) commits with the change. */
export type RoleChangeListener = (
  tx: Db,
  change: { userId: string; fromRole: string; toRole: string; via: RoleChangeWay },
) => Promise<void>

/**
 * The only writer of `user.role`: sets it and records who changed it from what to what, in one transaction
 * (the row is locked, so two admins at once record two honest changes). No change, no record. Answers the
 * role before, or null when there is no such account. The rules (who may give which role) are the callers':
 * the back office (moderation/users.service.ts) and `npm run admin:create` (admin.ts).
 */
export async function changeUserRole(
  db: Db,
  userId: string,
  role: string,
  by: { changedBy: string | null; via: RoleChangeWay; onChange?: RoleChangeListener | undefined },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ role: user.role }).from(user).where(eq(user.id, userId)).for('update').limit(1)
    if (!row) return null
    if (row.role !== role) {
      await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId))
      await tx.insert(roleChanges).values({
        id: randomUUID(),
        userId,
        changedBy: by.changedBy,
        fromRole: row.role,
        toRole: role,
        via: by.via,
      })
      await by.onChange?.(tx, { userId, fromRole: row.role, toRole: role, via: by.via })
    }
    return row.role
  })
}

const changer = alias(user, 'changer')

/** These accounts' role changes, newest first, with the changer's name and email (null: the server command). */
export function findRoleChanges(db: Db, userIds: string[], limit = 50) {
  return db
    .select({
      id: roleChanges.id,
      userId: roleChanges.userId,
      fromRole: roleChanges.fromRole,
      toRole: roleChanges.toRole,
      via: roleChanges.via,
      createdAt: roleChanges.createdAt,
      changedById: roleChanges.changedBy,
      changedByName: changer.name,
      changedByEmail: changer.email,
    })
    .from(roleChanges)
    .leftJoin(changer, eq(changer.id, roleChanges.changedBy))
    .where(inArray(roleChanges.userId, userIds))
    .orderBy(desc(roleChanges.createdAt), desc(roleChanges.id))
    .limit(limit)
}

import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { auditEvents } from './audit.tables.ts'

export type AuditRow = typeof auditEvents.$inferInsert

export interface AuditFilter {
  actorId?: string
  action?: string
  targetType?: string
  targetId?: string
  /** created_at >= from */
  from?: Date
  /** created_at < until */
  until?: Date
}

/** Appends one record (the only statement this module writes: the table refuses the others). */
export async function insertAuditEvent(db: Db, row: AuditRow): Promise<void> {
  await db.insert(auditEvents).values(row)
}

/** Newest first, keyset on id (below `beforeId`), with the actor's current name when the account still exists. */
export function findAuditEvents(db: Db, filter: AuditFilter, beforeId: number | null, limit: number) {
  const conditions: (SQL | undefined)[] = [
    filter.actorId ? eq(auditEvents.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.targetType ? eq(auditEvents.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditEvents.targetId, filter.targetId) : undefined,
    filter.from ? gte(auditEvents.createdAt, filter.from) : undefined,
    filter.until ? lt(auditEvents.createdAt, filter.until) : undefined,
    beforeId !== null ? lt(auditEvents.id, beforeId) : undefined,
  ]
  return db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      actorName: user.name,
      actorRole: auditEvents.actorRole,
      ip: auditEvents.ip,
      action: auditEvents.action,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .leftJoin(user, eq(user.id, auditEvents.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(limit)
}
export type AuditEventRow = Awaited<ReturnType<typeof findAuditEvents>>[number]

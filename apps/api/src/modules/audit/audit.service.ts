import {
  AUDIT_EXPORT_MAX_ROWS,
  AuditAction,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
  AuditTargetType,
} from '@tulpar/contracts'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { type Actor, requireAdmin } from '../identity/index.ts'
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit.csv.ts'
import * as repo from './audit.repository.ts'

/** Who acted: the staff account, its role at the time and the client's address (routes and pages pass `req.ip`). */
export interface AuditActor {
  id: string
  role?: string | null
  ip?: string | null
}

/** What was done to what; before and after hold only the changed fields (no secrets, no personal data). */
export interface AuditEntry {
  action: AuditAction
  targetType: AuditTargetType
  targetId: string | number
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/**
 * Records a staff action. Pass the action's own transaction as `db`, so the action and its record commit together
 * or not at all. `actor` null: the server itself (a command, a job), recorded with the role 'system'.
 */
export async function recordAudit(db: Db, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  await repo.insertAuditEvent(db, {
    actorId: actor?.id ?? null,
    actorRole: actor ? (actor.role ?? 'user') : 'system',
    ip: actor?.ip ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

const DAY_MS = 86_400_000
/** The days of the filters are Kazakhstan's (UTC+5 all year, as the back office shows times). */
const KZ_OFFSET = '+05:00'

function toFilter(q: Omit<AuditQuery, 'cursor' | 'limit'>): repo.AuditFilter {
  return {
    ...(q.actor ? { actorId: q.actor } : {}),
    ...(q.action ? { action: q.action } : {}),
    ...(q.targetType ? { targetType: q.targetType } : {}),
    ...(q.targetId ? { targetId: q.targetId } : {}),
    ...(q.from ? { from: new Date(`${q.from}T00:00:00${KZ_OFFSET}`) } : {}),
    ...(q.to ? { until: new Date(Date.parse(`${q.to}T00:00:00${KZ_OFFSET}`) + DAY_MS) } : {}),
  }
}

const Changed = z.record(z.string(), z.unknown()).nullable().catch(null)

function toEvent(r: repo.AuditEventRow): AuditEvent {
  const action = AuditAction.safeParse(r.action)
  const targetType = AuditTargetType.safeParse(r.targetType)
  if (!action.success || !targetType.success) throw new Error(`audit event ${r.id} has an unknown kind`)
  return {
    id: String(r.id),
    at: r.createdAt.toISOString(),
    actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName },
    actorRole: r.actorRole,
    ip: r.ip,
    action: action.data,
    targetType: targetType.data,
    targetId: r.targetId,
    before: Changed.parse(r.before),
    after: Changed.parse(r.after),
  }
}

const EXPORT_BATCH = 1_000

/** The audit trail for admins: filtered pages and the CSV export. */
export function createAuditService({ db }: { db: Db }) {
  return {
    /** Newest first, keyset paging (pass nextCursor as cursor). Admins only. */
    async listEvents(u: Actor, q: AuditQuery): Promise<AuditPage> {
      requireAdmin(u)
      const rows = await repo.findAuditEvents(db, toFilter(q), q.cursor ? Number(q.cursor) : null, q.limit + 1)
      const page = rows.slice(0, q.limit)
      const last = page.at(-1)
      return {
        results: page.map(toEvent),
        nextCursor: rows.length > q.limit && last ? String(last.id) : null,
      }
    },

    /**
     * The same filters as CSV lines (header first), newest first, read in batches of 1,000 by keyset and bounded
     * by AUDIT_EXPORT_MAX_ROWS. Admins only: checked before the first line, so a refusal is an error, not a file.
     */
    exportCsv(u: Actor, q: Omit<AuditQuery, 'cursor' | 'limit'>): AsyncIterable<string> {
      requireAdmin(u)
      const filter = toFilter(q)
      return (async function* lines() {
        yield AUDIT_CSV_HEADER
        let before: number | null = null
        let sent = 0
        while (sent < AUDIT_EXPORT_MAX_ROWS) {
          const rows = await repo.findAuditEvents(
            db,
            filter,
            before,
            Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - sent),
          )
          if (rows.length === 0) return
          yield rows.map((r) => auditCsvLine(toEvent(r))).join('')
          sent += rows.length
          before = rows[rows.length - 1]?.id ?? null
          if (rows.length < EXPORT_BATCH) return
        }
      })()
    },
  }
}
export type AuditService = ReturnType<typeof createAuditService>

/**
 * The fields that differ between two versions of a row (compared as JSON), for an audit record's before and after;
 * both null when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue
    b[key] = before[key] ?? null
    a[key] = after[key] ?? null
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a }
}

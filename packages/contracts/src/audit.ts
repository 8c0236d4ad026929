import { z } from 'zod'
import { ADMIN_MAX_PAGE_SIZE } from './admin.ts'
import { ADMIN_PAGE_SIZE, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './constants.ts'

/**
 * The audit trail (issue 37): every staff action, who did it with which role, from which address, when, and the
 * changed fields before and after. Admins read it in the back office, filtered, and export it as CSV.
 */
export const AuditAction = z.enum(AUDIT_ACTIONS)
export type AuditAction = z.infer<typeof AuditAction>

export const AuditTargetType = z.enum(AUDIT_TARGET_TYPES)
export type AuditTargetType = z.infer<typeof AuditTargetType>

/** How many rows one CSV export holds at most (newest first); narrow the filters for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000

const day = z.iso.date()

export const AuditQuery = z.strictObject({
  actor: z.string().trim().min(1).max(100).optional().describe("The staff account's id"),
  action: AuditAction.optional(),
  targetType: AuditTargetType.optional(),
  targetId: z.string().trim().min(1).max(100).optional(),
  from: day.optional().describe('First day (Kazakhstan time, UTC+5), inclusive'),
  to: day.optional().describe('Last day (Kazakhstan time, UTC+5), inclusive'),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .optional()
    .describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
})
export type AuditQuery = z.infer<typeof AuditQuery>

const Changed = z.record(z.string(), z.unknown()).nullable()

export const AuditEvent = z
  .object({
    id: z.string(),
    at: z.iso.datetime(),
    /** null: the server itself (a command or a job). */
    actor: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
    actorRole: z.string(),
    ip: z.string().nullable(),
    action: AuditAction,
    targetType: AuditTargetType,
    targetId: z.string(),
    before: Changed,
    after: Changed,
  })
  .meta({ id: 'AuditEvent' })
export type AuditEvent = z.infer<typeof AuditEvent>

export const AuditPage = z
  .object({ results: z.array(AuditEvent), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditPage' })
export type AuditPage = z.infer<typeof AuditPage>

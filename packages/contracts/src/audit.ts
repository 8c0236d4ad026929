import { z } from 'zod'
import { ADMIN_MAX_PAGE_SIZE } from './admin.ts'
import { ADMIN_PAGE_SIZE } from './staff-constants.ts'

/**
 * The audit trail (issue 37): every staff action, who did it with which role, from which address, when, and the
 * changed fields before and after. Admins read it in the back office, filtered, and export it as CSV.
 */
/**
 * The kinds of staff action. Here, not in constants.ts: the back office's filter gets them from its loader, so they
 * never sit in the browser's shared chunk, which holds constants.ts for every page.
 */
export const AUDIT_ACTIONS = [
  'listing.approved',
  'listing.rejected',
  'listing.taken_down',
  'complaints.dismissed',
  'user.role_changed',
  'lead.status_changed',
  'lead.assigned',
  'lead.note_added',
  'listing.flags_changed',
  'inspection.created',
  'inspection.updated',
  'inspection.deleted',
  'partner.created',
  'partner.updated',
  'partner.activated',
  'partner_category.created',
  'partner_category.updated',
  'partner_category.activated',
  'broadcast.sent',
  'payment.refunded',
  'dealer.verified',
  'dealer.rejected',
  'dealer.suspended',
  'promotion.price_changed',
  'chat_report.dismissed',
  'chat_report.blocked',
] as const

/** What an audit record's action was done to. */
export const AUDIT_TARGET_TYPES = [
  'listing',
  'user',
  'lead',
  'inspection_report',
  'partner',
  'partner_category',
  'broadcast',
  'payment',
  'dealer',
  'promotion_price',
  'chat_report',
] as const

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

import { z } from 'zod'
import { ADMIN_MAX_PAGE_SIZE } from './admin.ts'
import { LeadKind } from './enums.ts'
import { ADMIN_PAGE_SIZE, LEAD_NOTE_MAX, LEAD_REASON_MAX, LEAD_STATUSES } from './staff-constants.ts'

export const LeadStatus = z.enum(LEAD_STATUSES)
export type LeadStatus = z.infer<typeof LeadStatus>

export const LeadDeskQuery = z.strictObject({
  status: LeadStatus.optional(),
  kind: LeadKind.optional(),
  /** `me`: taken by me; `none`: nobody's yet; absent: everyone's. */
  assigned: z.enum(['me', 'none']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
})
export type LeadDeskQuery = z.infer<typeof LeadDeskQuery>

const Person = z.object({ id: z.string(), name: z.string() })

export const LeadDeskItem = z
  .object({
    id: z.number().int(),
    kind: LeadKind,
    status: LeadStatus,
    name: z.string().describe('Who sent it: first and last name, or the name given'),
    phone: z.string(),
    /** The page it was sent from, a path on the site. */
    sourcePath: z.string().nullable(),
    listing: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    partner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    assignee: Person.nullable(),
    createdAt: z.iso.datetime(),
    firstContactAt: z.iso.datetime().nullable(),
    /** Seconds from arrival to the first step taken on it (taken, done or rejected); null while new. */
    secondsToFirstContact: z.number().int().nullable(),
  })
  .meta({ id: 'LeadDeskItem' })
export type LeadDeskItem = z.infer<typeof LeadDeskItem>

export const LeadDeskPage = z.object({
  results: z.array(LeadDeskItem),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** New leads nobody has taken, whatever the filter. */
  waiting: z.number().int(),
})
export type LeadDeskPage = z.infer<typeof LeadDeskPage>

export const LeadEvent = z.object({
  id: z.number().int(),
  action: z.enum(['status', 'assign', 'note']),
  actor: Person.nullable(),
  fromStatus: LeadStatus.nullable(),
  toStatus: LeadStatus.nullable(),
  assignee: Person.nullable(),
  text: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type LeadEvent = z.infer<typeof LeadEvent>

export const LeadDetail = LeadDeskItem.extend({
  comment: z.string().nullable(),
  carPriceKzt: z.number().int().nullable(),
  downPaymentKzt: z.number().int().nullable(),
  termMonths: z.number().int().nullable(),
  vin: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  signedIn: z.boolean().describe('Sent by a signed-in user, who sees the status under "my requests"'),
  events: z.array(LeadEvent),
}).meta({ id: 'LeadDetail' })
export type LeadDetail = z.infer<typeof LeadDetail>

export const LeadParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

export const LeadStatusBody = z.strictObject({
  status: LeadStatus.exclude(['new']),
  /** Required when rejecting: told to the sender. */
  reason: z.string().trim().max(LEAD_REASON_MAX).optional(),
})
export type LeadStatusBody = z.infer<typeof LeadStatusBody>

export const LeadNoteBody = z.strictObject({ text: z.string().trim().min(1).max(LEAD_NOTE_MAX) })
export type LeadNoteBody = z.infer<typeof LeadNoteBody>

export const LeadAssignBody = z.strictObject({ userId: z.string().min(1).max(100).nullable() })
export type LeadAssignBody = z.infer<typeof LeadAssignBody>

export const LeadDeskStaff = z.object({ results: z.array(Person.extend({ role: z.string() })) })
export type LeadDeskStaff = z.infer<typeof LeadDeskStaff>

/** A request as its sender sees it under "my requests". */
export const MyLead = z
  .object({
    id: z.number().int(),
    kind: LeadKind,
    status: LeadStatus,
    rejectionReason: z.string().nullable(),
    listing: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    partner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'MyLead' })
export type MyLead = z.infer<typeof MyLead>
export const MyLeadList = z.object({ results: z.array(MyLead) })
export type MyLeadList = z.infer<typeof MyLeadList>

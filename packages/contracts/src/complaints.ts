import { z } from 'zod'
import { RejectionReason } from './admin.ts'
import { COMPLAINT_COMMENT_MAX, COMPLAINT_REASONS } from './car-page-constants.ts'
import { ListingStatus } from './enums.ts'

/**
 * Complaints about a published listing ("report this listing"): what a visitor saw that is wrong with it. Staff
 * see them grouped by listing and either dismiss them or take the listing down (it is then rejected with a
 * reason, the seller told why, as in moderation).
 */
export const ComplaintReason = z.enum(COMPLAINT_REASONS)
export type ComplaintReason = z.infer<typeof ComplaintReason>

/** Complaints one user may send an hour (across listings); far above what a person does. */
export const COMPLAINTS_PER_HOUR = 10

export const ListingComplaintBody = z
  .strictObject({ reason: ComplaintReason, comment: z.string().trim().max(COMPLAINT_COMMENT_MAX).optional() })
  .superRefine((b, ctx) => {
    if (b.reason === 'other' && !b.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say what is wrong in the comment' })
  })
  .meta({ id: 'ListingComplaintBody' })
export type ListingComplaintBody = z.infer<typeof ListingComplaintBody>

/** `created: false` when this user's complaint about the listing was already waiting (it is updated instead). */
export const ListingComplaintResult = z
  .object({ message: z.literal('received'), created: z.boolean() })
  .meta({ id: 'ListingComplaintResult' })
export type ListingComplaintResult = z.infer<typeof ListingComplaintResult>

export const AdminComplaint = z.object({
  id: z.number().int(),
  reason: ComplaintReason,
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
  reporter: z.object({ id: z.string(), name: z.string() }),
})
export type AdminComplaint = z.infer<typeof AdminComplaint>

/** A listing with its open complaints, newest complaint first. */
export const AdminComplaintGroup = z
  .object({
    listing: z.object({
      id: z.number().int(),
      title: z.string(),
      status: ListingStatus,
      priceKzt: z.number().int().nullable(),
      owner: z.object({ id: z.string(), name: z.string() }),
    }),
    complaints: z.array(AdminComplaint),
    firstAt: z.iso.datetime(),
    lastAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminComplaintGroup' })
export type AdminComplaintGroup = z.infer<typeof AdminComplaintGroup>

/** Listings with open complaints, the most complained-about first (then the oldest first). */
export const AdminComplaintList = z.object({ results: z.array(AdminComplaintGroup) }).meta({ id: 'AdminComplaintList' })
export type AdminComplaintList = z.infer<typeof AdminComplaintList>

export const COMPLAINT_RESOLUTIONS = ['dismissed', 'taken_down'] as const
export const ComplaintResolution = z.enum(COMPLAINT_RESOLUTIONS)
export type ComplaintResolution = z.infer<typeof ComplaintResolution>

/** Resolves every open complaint about the listing; taking it down needs a rejection reason ("other": a comment). */
export const ResolveComplaintsBody = z
  .strictObject({
    resolution: ComplaintResolution,
    reasonCode: RejectionReason.optional(),
    comment: z.string().trim().max(COMPLAINT_COMMENT_MAX).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.resolution === 'taken_down' && !b.reasonCode)
      ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: 'Choose why the listing is taken down' })
    if (b.resolution === 'taken_down' && b.reasonCode === 'other' && !b.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Explain the reason "other" in the comment' })
  })
  .meta({ id: 'ResolveComplaintsBody' })
export type ResolveComplaintsBody = z.infer<typeof ResolveComplaintsBody>

export const ResolveComplaintsResult = z
  .object({
    listingId: z.number().int(),
    resolution: ComplaintResolution,
    /** How many open complaints this closed. */
    resolved: z.number().int(),
    status: ListingStatus,
  })
  .meta({ id: 'ResolveComplaintsResult' })
export type ResolveComplaintsResult = z.infer<typeof ResolveComplaintsResult>

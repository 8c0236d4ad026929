import { z } from 'zod'
import {
  Condition,
  DealRating,
  Drive,
  InspectionStatus,
  ListingStatus,
  Locale,
  MileageUnit,
  ModerationAction,
  Role,
  Steering,
  Transmission,
} from './enums.ts'
import { CarHeadline, ListingCityRef, ListingPhoto, OptionGroupView } from './listings.ts'
import { BrandRef, ModelRef } from './reference.ts'
import { ADMIN_PAGE_SIZE, ASSIGNABLE_ROLES } from './staff-constants.ts'

/* The back office (/api/admin/...): moderation queue, review, decisions, roles and Tulpar cars. */

/** Why a listing is rejected; the seller reads the text of the code (ru/kk/en) in their messages. */
export const REJECTION_REASONS = [
  'wrong_price',
  'fake_photos',
  'duplicate',
  'incomplete',
  'prohibited',
  'other',
] as const
export const RejectionReason = z.enum(REJECTION_REASONS)
export type RejectionReason = z.infer<typeof RejectionReason>

export const MODERATION_SIGNALS = [
  'duplicate_vin',
  'duplicate_photos',
  'low_price',
  'new_account',
  'complaints',
] as const
export const ModerationSignalCode = z.enum(MODERATION_SIGNALS)
export type ModerationSignalCode = z.infer<typeof ModerationSignalCode>

/**
 * The thresholds of the signals, stated once: the price is "far below" under 70% of the market estimate
 * (or, without one, of the median of at least 3 published listings of the same model, year ±1); an account
 * is new for 7 days.
 */
export const SIGNAL_RULES = {
  lowPriceRatio: 0.7,
  minComparables: 3,
  yearWindow: 1,
  newAccountDays: 7,
} as const

/** Only these two roles moderate listings; only `admin` manages roles and Tulpar cars. */
export const STAFF_ROLES = ['moderator', 'admin'] as const
/** The leads desk: managers work the leads and nothing else of the back office; moderators and admins too. */
export const LEAD_DESK_ROLES = ['manager', 'moderator', 'admin'] as const
/** Everyone who reaches some page of the back office. */
export const BACK_OFFICE_ROLES = LEAD_DESK_ROLES
export const AssignableRole = z.enum(ASSIGNABLE_ROLES)

/** The checks of a TulparAutoCheck inspection report, in the order they are shown. */
export const INSPECTION_CHECKS = [
  'body_paint',
  'engine',
  'gearbox',
  'suspension',
  'electrics',
  'legal_history',
  'mileage_check',
  'test_drive',
] as const
export const InspectionCheckCode = z.enum(INSPECTION_CHECKS)
export type InspectionCheckCode = z.infer<typeof InspectionCheckCode>

export const ADMIN_MAX_PAGE_SIZE = 50
const limit = z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE)
const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/)
  .optional()
  .describe('`nextCursor` of the previous page (keyset paging)')
const comment = z.string().trim().max(1000)

export const AdminListingParams = z.strictObject({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export const AdminUserParams = z.strictObject({ id: z.string().min(1).max(100) })
export const AdminReportParams = z.strictObject({
  reportId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export const AdminLangQuery = z.strictObject({ lang: Locale.optional() })

// ---- Queue

export const ModerationQueueQuery = z.strictObject({ cursor, limit, lang: Locale.optional() })
export type ModerationQueueQuery = z.infer<typeof ModerationQueueQuery>

export const ModerationQueueItem = z
  .object({
    ...CarHeadline.shape,
    city: ListingCityRef,
    cover: z.object({ key: z.string(), isIllustration: z.boolean() }).nullable(),
    photoCount: z.number().int(),
    seller: z.object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime() }),
    enteredAt: z.iso.datetime().describe('When the listing entered moderation'),
    waitedSeconds: z.number().int().describe('How long it has waited so far'),
    signals: z.array(ModerationSignalCode).describe('Signals that fired (see the review for explanations)'),
  })
  .meta({ id: 'ModerationQueueItem' })
export type ModerationQueueItem = z.infer<typeof ModerationQueueItem>

export const ModerationQueuePage = z
  .object({
    results: z.array(ModerationQueueItem),
    total: z.number().int().describe('Listings waiting now'),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ModerationQueuePage' })
export type ModerationQueuePage = z.infer<typeof ModerationQueuePage>

export const ModerationStats = z
  .object({
    waiting: z.number().int(),
    oldestWaitedSeconds: z.number().int().nullable(),
    periodDays: z.number().int(),
    decided: z.number().int().describe('Approvals and rejections in the period'),
    measured: z.number().int().describe('Decisions whose entry into moderation is recorded (the wait is known)'),
    averageWaitSeconds: z.number().int().nullable(),
    medianWaitSeconds: z.number().int().nullable(),
  })
  .meta({ id: 'ModerationStats' })
export type ModerationStats = z.infer<typeof ModerationStats>

// ---- Review

export const ModerationSignal = z
  .object({
    code: ModerationSignalCode,
    triggered: z.boolean(),
    explanation: z.string().describe('What was checked and what was found, in the language asked for'),
    relatedListingIds: z.array(z.number().int()).describe('Other listings involved (at most 5)'),
    priceKzt: z.number().int().nullable().optional(),
    referenceKzt: z.number().int().nullable().optional(),
    referenceSource: z.enum(['estimate', 'median']).nullable().optional(),
    comparables: z.number().int().nullable().optional(),
    accountAgeDays: z.number().int().nullable().optional(),
    openComplaints: z.number().int().nullable().optional().describe('Open buyer complaints about this listing'),
  })
  .meta({ id: 'ModerationSignal' })
export type ModerationSignal = z.infer<typeof ModerationSignal>

export const ModerationEventView = z
  .object({
    id: z.number().int(),
    action: ModerationAction,
    actor: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
    reasonCode: z.string().nullable(),
    reasonText: z.string().nullable().describe('The reason code as text, in the language asked for'),
    comment: z.string().nullable(),
    createdAt: z.iso.datetime(),
    waitedSeconds: z
      .number()
      .int()
      .nullable()
      .describe('For decisions: time since the listing entered moderation (null when that is not recorded)'),
  })
  .meta({ id: 'ModerationEventView' })
export type ModerationEventView = z.infer<typeof ModerationEventView>

export const InspectionCheck = z.object({
  code: z.string().regex(/^[a-z_]{1,40}$/),
  ok: z.boolean(),
  note: z.string().trim().max(500).optional(),
})

export const AdminInspectionReport = z
  .object({
    id: z.number().int(),
    listingId: z.number().int().nullable(),
    name: z.string(),
    vin: z.string(),
    reportDate: z.iso.date().nullable(),
    status: InspectionStatus,
    summary: z.array(InspectionCheck),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminInspectionReport' })
export type AdminInspectionReport = z.infer<typeof AdminInspectionReport>

export const SellerListingView = z.object({
  id: z.number().int(),
  title: z.string().describe('Brand model, year (drafts may lack them)'),
  priceKzt: z.number().int().nullable(),
  status: ListingStatus,
  statusChangedAt: z.iso.datetime(),
})

/** Everything about one listing in any status, for the review page. Drafts may be incomplete. */
export const AdminListing = z
  .object({
    id: z.number().int(),
    status: ListingStatus,
    brand: BrandRef.nullable(),
    model: ModelRef.nullable(),
    generation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    year: z.number().int().nullable(),
    bodyType: z.string().nullable(),
    bodyTypeName: z.string().nullable(),
    steering: Steering.nullable(),
    engineType: z.string().nullable(),
    engineTypeName: z.string().nullable(),
    engineVolumeCc: z.number().int().nullable(),
    powerHp: z.number().int().nullable(),
    hasGasEquipment: z.boolean(),
    transmission: Transmission.nullable(),
    drive: Drive.nullable(),
    colour: z.object({ code: z.string(), name: z.string(), hex: z.string() }).nullable(),
    options: z.array(OptionGroupView),
    mileage: z.number().int().nullable(),
    mileageUnit: MileageUnit,
    mileageKm: z.number().int().nullable(),
    isNew: z.boolean(),
    isCustomsCleared: z.boolean(),
    isDamaged: z.boolean(),
    hasWarranty: z.boolean(),
    condition: Condition.nullable(),
    rangeKm: z.number().int().nullable(),
    priceKzt: z.number().int().nullable(),
    vin: z.string().nullable(),
    description: z.string().nullable(),
    contactPhone: z.string().nullable().describe('E.164, unmasked: moderators may call the seller'),
    isBargainAllowed: z.boolean(),
    isExchangeAccepted: z.boolean(),
    city: ListingCityRef.nullable(),
    isTulpar: z.boolean(),
    isInspected: z.boolean(),
    isHot: z.boolean(),
    isCreditAvailable: z.boolean(),
    viewsCount: z.number().int(),
    photos: z.array(ListingPhoto),
    estimate: z
      .object({
        estimateKzt: z.number().int(),
        lowKzt: z.number().int().nullable(),
        highKzt: z.number().int().nullable(),
        comparables: z.number().int().nullable(),
        rating: DealRating.nullable(),
      })
      .nullable(),
    rejectionReason: z.string().nullable(),
    rejectionReasonText: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    publishedAt: z.iso.datetime().nullable(),
    statusChangedAt: z.iso.datetime(),
    waitedSeconds: z.number().int().nullable().describe('While in moderation: how long it has waited'),
    seller: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      role: Role,
      createdAt: z.iso.datetime(),
      accountAgeDays: z.number().int(),
      otherListings: z.array(SellerListingView).describe('Newest first, at most 50'),
      otherListingsTotal: z.number().int(),
    }),
    signals: z.array(ModerationSignal),
    history: z.array(ModerationEventView).describe('Newest first'),
    inspectionReports: z.array(AdminInspectionReport),
  })
  .meta({ id: 'AdminListing' })
export type AdminListing = z.infer<typeof AdminListing>

// ---- Decisions

export const ApproveBody = z.strictObject({ comment: comment.optional() }).meta({ id: 'ApproveBody' })
export type ApproveBody = z.infer<typeof ApproveBody>

export const RejectBody = z
  .strictObject({ reasonCode: RejectionReason, comment: comment.optional() })
  .superRefine((b, ctx) => {
    if (b.reasonCode === 'other' && !b.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Explain the reason "other" in the comment' })
  })
  .meta({ id: 'RejectBody' })
export type RejectBody = z.infer<typeof RejectBody>

export const ModerationDecision = z
  .object({
    id: z.number().int(),
    status: ListingStatus,
    publishedAt: z.iso.datetime().nullable(),
    rejectionReason: z.string().nullable(),
    event: ModerationEventView,
  })
  .meta({ id: 'ModerationDecision' })
export type ModerationDecision = z.infer<typeof ModerationDecision>

export const RejectionReasonView = z.object({ code: RejectionReason, label: z.string() })
export type RejectionReasonView = z.infer<typeof RejectionReasonView>

// ---- Tulpar cars

export const ListingFlagsBody = z
  .strictObject({
    isTulpar: z.boolean().optional(),
    isInspected: z.boolean().optional(),
    isHot: z.boolean().optional(),
  })
  .refine((b) => b.isTulpar !== undefined || b.isInspected !== undefined || b.isHot !== undefined, {
    message: 'Set at least one flag',
  })
  .meta({ id: 'ListingFlagsBody' })
export type ListingFlagsBody = z.infer<typeof ListingFlagsBody>

export const ListingFlags = z
  .object({ id: z.number().int(), isTulpar: z.boolean(), isInspected: z.boolean(), isHot: z.boolean() })
  .meta({ id: 'ListingFlags' })
export type ListingFlags = z.infer<typeof ListingFlags>

const inspectionFields = {
  name: z.string().trim().min(1).max(120),
  vin: z.string().trim().min(5).max(32).describe('VIN or body number of the inspected car'),
  reportDate: z.iso.date().nullable(),
  status: InspectionStatus,
  summary: z.array(InspectionCheck).max(30),
}
const readyNeedsDate = (b: { status?: string; reportDate?: string | null }, ctx: z.RefinementCtx) => {
  if (b.status === 'ready' && !b.reportDate)
    ctx.addIssue({ code: 'custom', path: ['reportDate'], message: 'A ready report needs its date' })
}

export const InspectionReportBody = z
  .strictObject(inspectionFields)
  .superRefine(readyNeedsDate)
  .meta({ id: 'InspectionReportBody' })
export type InspectionReportBody = z.infer<typeof InspectionReportBody>

// ---- Users and roles

export const AdminUsersQuery = z.strictObject({
  q: z.string().trim().max(100).optional().describe('Part of an email, a name or a phone number'),
  role: Role.optional(),
  cursor,
  limit,
})
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>

export const AdminUser = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    role: Role,
    banned: z.boolean(),
    createdAt: z.iso.datetime(),
    listingsCount: z.number().int(),
  })
  .meta({ id: 'AdminUser' })
export type AdminUser = z.infer<typeof AdminUser>

export const AdminUserPage = z
  .object({ results: z.array(AdminUser), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminUserPage' })
export type AdminUserPage = z.infer<typeof AdminUserPage>

export const RoleChangeBody = z.strictObject({ role: AssignableRole }).meta({ id: 'RoleChangeBody' })
export type RoleChangeBody = z.infer<typeof RoleChangeBody>

/** One role change (every change is recorded): by an admin in the back office, or by the server command. */
export const RoleChange = z
  .object({
    id: z.string(),
    fromRole: Role,
    toRole: Role,
    via: z.enum(['back_office', 'command']),
    /** The admin who made it; null when made by `npm run admin:create` or when that account is gone. */
    changedBy: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'RoleChange' })
export type RoleChange = z.infer<typeof RoleChange>

export const RoleChangeList = z.object({ results: z.array(RoleChange) }).meta({ id: 'RoleChangeList' })
export type RoleChangeList = z.infer<typeof RoleChangeList>

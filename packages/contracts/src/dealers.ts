import { z } from 'zod'
import { ADMIN_MAX_PAGE_SIZE } from './admin.ts'
import { isValidBin, isValidIin } from './business-id.ts'
import { LocalizedText } from './enums.ts'
import { cleanPhone } from './phone.ts'
import { DEALER_LOGO_SIDE_PX } from './seller-constants.ts'
import { hasControlCharacters } from './text.ts'

/*
 * Dealers (issue 38, part 1): a company account. A user applies; staff verify it with a checklist and a note; its
 * people (owner, managers) sell as the dealer; verified dealers have a public page with their showrooms and cars.
 */

/** A legal entity (BIN) or a sole proprietor (IIN). */
export const DEALER_KINDS = ['legal_entity', 'sole_proprietor'] as const
export const DealerKind = z.enum(DEALER_KINDS)
export type DealerKind = z.infer<typeof DealerKind>

export const DEALER_STATUSES = ['applied', 'verified', 'rejected', 'suspended'] as const
export const DealerStatus = z.enum(DEALER_STATUSES)
export type DealerStatus = z.infer<typeof DealerStatus>

export const DEALER_ROLES = ['owner', 'manager'] as const
export const DealerRole = z.enum(DEALER_ROLES)
export type DealerRole = z.infer<typeof DealerRole>

export const DealerChecklist = z.strictObject({
  registryChecked: z.boolean().default(false).describe('The BIN/IIN and the name match the state register'),
  contactConfirmed: z.boolean().default(false).describe('Staff reached the company on its phone'),
  addressConfirmed: z.boolean().default(false).describe('The showroom addresses exist'),
  applicantAuthorised: z.boolean().default(false).describe('The applicant may act for the company'),
})
export type DealerChecklist = z.infer<typeof DealerChecklist>

/**
 * The dealers' own error codes; the web translates each (ru/kk/en). Validation failures are `validation.failed`
 * with per-field errors, rate limits `rate_limited`.
 */
export const DEALER_ERROR_CODES = [
  'dealer.not_found',
  'dealer.bin_taken',
  'dealer.application_pending',
  'dealer.owner_only',
  'dealer.member_not_found',
  'dealer.invitee_not_found',
  'dealer.already_member',
  'dealer.owner_stays',
  'dealer.checklist_incomplete',
  'dealer.not_verified',
  'dealer.not_member',
] as const
export type DealerErrorCode = (typeof DEALER_ERROR_CODES)[number]

export const DEALER_NAME_MAX = 120
export const DEALER_DESCRIPTION_MAX = 2000
export const DEALER_HOURS_MAX = 120
export const DEALER_ADDRESS_MAX = 200
export const DEALER_PHONES_MAX = 5
export const DEALER_SHOWROOMS_MAX = 20
export const DEALER_NOTE_MAX = 1000
/** Applications one user may send a day; members an owner may invite an hour. */
export const DEALER_APPLICATIONS_PER_DAY = 3
export const DEALER_INVITES_PER_HOUR = 20

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacters(v), { message: 'Control characters are not allowed' })
const requiredText = (max: number) => text(max).pipe(z.string().min(1))

/** Any Kazakhstan number, mobile or landline (a showroom's is often a city number): stored as E.164. */
const DealerPhone = z
  .string()
  .max(32)
  .transform((v) => cleanPhone(v))
  .pipe(z.string().regex(/^(\+7|8)\d{10}$/, 'Expected a Kazakhstan phone number, e.g. +7 727 123 45 67'))
  .transform((v) => `+7${v.slice(-10)}`)

const Phones = z.array(DealerPhone).min(1).max(DEALER_PHONES_MAX)
const Description = z.strictObject({
  ru: text(DEALER_DESCRIPTION_MAX).default(''),
  kk: text(DEALER_DESCRIPTION_MAX).default(''),
  en: text(DEALER_DESCRIPTION_MAX).default(''),
})

export const ShowroomInput = z
  .strictObject({
    cityId: z.number().int().positive(),
    address: requiredText(DEALER_ADDRESS_MAX),
    lat: z.number().min(40).max(56).optional().describe('Latitude within Kazakhstan; give both or neither'),
    lng: z.number().min(46).max(88).optional().describe('Longitude within Kazakhstan; give both or neither'),
    phones: Phones,
    workingHours: requiredText(DEALER_HOURS_MAX),
  })
  .superRefine((s, ctx) => {
    if ((s.lat === undefined) !== (s.lng === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [s.lat === undefined ? 'lat' : 'lng'],
        message: 'Give both coordinates or neither',
      })
  })
export type ShowroomInput = z.infer<typeof ShowroomInput>

const dealerFields = {
  legalName: requiredText(DEALER_NAME_MAX).describe('As registered, e.g. «ТОО "Алем Моторс"»'),
  cityId: z.number().int().positive(),
  phones: Phones,
  workingHours: requiredText(DEALER_HOURS_MAX),
  description: Description.default({ ru: '', kk: '', en: '' }),
  showrooms: z.array(ShowroomInput).max(DEALER_SHOWROOMS_MAX).default([]),
}

/** POST /dealers/: open a dealer account (it waits for staff). The BIN or IIN is checked with its check digit. */
export const DealerApplyBody = z
  .strictObject({
    kind: DealerKind,
    bin: z.string().trim().describe("12 digits: a legal entity's BIN, or a sole proprietor's IIN"),
    ...dealerFields,
  })
  .superRefine((b, ctx) => {
    const ok = b.kind === 'legal_entity' ? isValidBin(b.bin) : isValidIin(b.bin)
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        path: ['bin'],
        message: b.kind === 'legal_entity' ? 'Not a valid BIN' : 'Not a valid IIN',
      })
  })
  .meta({ id: 'DealerApplyBody' })
export type DealerApplyBody = z.infer<typeof DealerApplyBody>

/** PATCH /dealers/{id}/: the owner edits the account; the BIN and kind stay as verified. Showrooms replace the set. */
export const DealerUpdateBody = z
  .strictObject({
    legalName: dealerFields.legalName.optional(),
    cityId: dealerFields.cityId.optional(),
    phones: Phones.optional(),
    workingHours: dealerFields.workingHours.optional(),
    description: Description.optional(),
    showrooms: z.array(ShowroomInput).max(DEALER_SHOWROOMS_MAX).optional(),
  })
  .meta({ id: 'DealerUpdateBody' })
export type DealerUpdateBody = z.infer<typeof DealerUpdateBody>

export const DealerParams = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
})
export const DealerMemberParams = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  userId: z.string().min(1).max(100),
})

const CityRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() })

export const Showroom = z
  .object({
    id: z.number().int(),
    city: CityRef,
    address: z.string(),
    phones: z.array(z.string()).describe('E.164'),
    workingHours: z.string(),
    lat: z.number().nullable().describe('null when the dealer gave no coordinates'),
    lng: z.number().nullable(),
    mapLinks: z
      .object({ twoGis: z.string(), yandex: z.string() })
      .describe('The pin, or a search for the address when there are no coordinates'),
  })
  .meta({ id: 'Showroom' })
export type Showroom = z.infer<typeof Showroom>

/** A dealer's logo: one square picture in three formats (best compression first, JPEG for any browser). */
export const DealerLogo = z
  .object({ avif: z.string(), webp: z.string(), jpeg: z.string() })
  .meta({ id: 'DealerLogo', description: `A ${DEALER_LOGO_SIDE_PX} px square's URLs; null when the dealer has none` })
export type DealerLogo = z.infer<typeof DealerLogo>

/** A verified dealer as buyers see it. */
export const PublicDealer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: DealerKind,
    city: CityRef,
    phones: z.array(z.string()).describe('E.164'),
    workingHours: z.string(),
    description: z.string().describe('In the request language, else the first one given'),
    logo: DealerLogo.nullable(),
    showrooms: z.array(Showroom),
    listingCount: z.number().int().describe('Cars on sale now'),
  })
  .meta({ id: 'PublicDealer' })
export type PublicDealer = z.infer<typeof PublicDealer>

export const DealerListQuery = z.strictObject({
  city: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .describe('City slug'),
  lang: z.enum(['ru', 'kk', 'en']).optional(),
})
export type DealerListQuery = z.infer<typeof DealerListQuery>

export const DealerSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    city: CityRef,
    logo: DealerLogo.nullable(),
    showroomCount: z.number().int(),
    listingCount: z.number().int(),
  })
  .meta({ id: 'DealerSummary' })
export type DealerSummary = z.infer<typeof DealerSummary>

export const DealerList = z.object({ results: z.array(DealerSummary) }).meta({ id: 'DealerList' })
export type DealerList = z.infer<typeof DealerList>

/** What a dealer's own people and staff both see of it: who it is, its number, where and how to reach it, its status. */
const DealerRecord = z.object({
  id: z.number().int(),
  legalName: z.string(),
  kind: DealerKind,
  bin: z.string(),
  status: DealerStatus,
  city: CityRef,
  phones: z.array(z.string()),
})

/** The dealer as its own people see it: everything they entered, its status and the staff's note to them. */
export const MyDealer = DealerRecord.extend({
  workingHours: z.string(),
  description: LocalizedText,
  logo: DealerLogo.nullable(),
  showrooms: z.array(Showroom),
  myRole: DealerRole,
  trustedToPublish: z.boolean(),
  note: z.string().nullable().describe("Staff's note with the last decision (why it was rejected or suspended)"),
  createdAt: z.iso.datetime(),
}).meta({ id: 'MyDealer' })
export type MyDealer = z.infer<typeof MyDealer>

export const MyDealers = z.object({ results: z.array(MyDealer) }).meta({ id: 'MyDealers' })
export type MyDealers = z.infer<typeof MyDealers>

export const DealerMember = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    role: DealerRole,
    addedAt: z.iso.datetime(),
  })
  .meta({ id: 'DealerMember' })
export type DealerMember = z.infer<typeof DealerMember>

export const DealerMembers = z.object({ results: z.array(DealerMember) }).meta({ id: 'DealerMembers' })
export type DealerMembers = z.infer<typeof DealerMembers>

/** POST /dealers/{id}/members/: the owner adds an existing user, found by e-mail or phone, as a manager. */
export const DealerInviteBody = z
  .strictObject({ contact: z.string().trim().min(3).max(254).describe('E-mail or phone of an existing account') })
  .meta({ id: 'DealerInviteBody' })
export type DealerInviteBody = z.infer<typeof DealerInviteBody>

// ---- Back office

export const AdminDealerQuery = z.strictObject({
  status: DealerStatus.optional().describe('Absent: every dealer, the applications first'),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_MAX_PAGE_SIZE),
  lang: z.enum(['ru', 'kk', 'en']).optional(),
})
export type AdminDealerQuery = z.infer<typeof AdminDealerQuery>

export const AdminDealer = DealerRecord.extend({
  showroomCount: z.number().int(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  checklist: DealerChecklist,
  note: z.string().nullable(),
  trustedToPublish: z.boolean(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
}).meta({ id: 'AdminDealer' })
export type AdminDealer = z.infer<typeof AdminDealer>

export const AdminDealerList = z.object({ results: z.array(AdminDealer) }).meta({ id: 'AdminDealerList' })
export type AdminDealerList = z.infer<typeof AdminDealerList>

/**
 * POST /admin/dealers/{id}/decision/: verify (every checklist item ticked), reject or suspend (a note saying why).
 * Recorded in the audit trail.
 */
export const DealerDecisionBody = z
  .strictObject({
    status: z.enum(['verified', 'rejected', 'suspended']),
    checklist: DealerChecklist.prefault({}),
    note: text(DEALER_NOTE_MAX).default(''),
    trustedToPublish: z.boolean().optional().describe('Its cars skip moderation (default: unchanged, false at first)'),
  })
  .superRefine((b, ctx) => {
    if (b.status !== 'verified' && b.note === '')
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why in the note' })
  })
  .meta({ id: 'DealerDecisionBody' })
export type DealerDecisionBody = z.infer<typeof DealerDecisionBody>

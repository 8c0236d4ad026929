import { z } from 'zod'
import { PARTNER_COMMENT_MAX_LENGTH, PARTNER_NAME_MAX_LENGTH } from './constants.ts'
import { Locale } from './enums.ts'

/* Partners (spec section 2): service businesses by category, their detail and the service request form. */

/** Partner ids are PostgreSQL `serial` (int4): a larger number names no partner and is refused as invalid. */
const serialId = z.coerce.number().int().positive().max(2_147_483_647)
const categoryCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, 'Expected a lowercase code (letters, digits, underscores)')
const citySlug = z.string().regex(/^[a-z0-9-]{1,60}$/, 'Expected a lowercase slug')
/** Spec section 5: a required field says 'This field is required'. */
const required = (max: number) => z.string().trim().min(1, 'This field is required').max(max)

export const PARTNERS_PAGE_SIZE = 24
export const PARTNERS_MAX_PAGE_SIZE = 60

export const PartnerParams = z.strictObject({ id: serialId })
export type PartnerParams = z.infer<typeof PartnerParams>

export const PartnersQuery = z.strictObject({
  category: categoryCode.optional().describe('A category code (`service_station`, `car_wash`, ...); none: all'),
  city: citySlug.optional().describe('A city slug (`almaty`, ...); none: every city'),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,300}$/)
    .optional()
    .describe('`nextCursor` of the previous page (keyset paging)'),
  limit: z.coerce.number().int().min(1).max(PARTNERS_MAX_PAGE_SIZE).default(PARTNERS_PAGE_SIZE),
  lang: Locale.optional(),
})
export type PartnersQuery = z.infer<typeof PartnersQuery>

export const PartnerCategoryRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() })

export const PartnerCategoryView = PartnerCategoryRef.extend({
  partnersCount: z.number().int().describe('Active partners in the category'),
}).meta({ id: 'PartnerCategory' })
export type PartnerCategoryView = z.infer<typeof PartnerCategoryView>

const PartnerCityRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() })

/** A partner in the list: enough for a card (name, category, city, address, phones). */
export const PartnerCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: PartnerCategoryRef,
    city: PartnerCityRef,
    address: z.string(),
    phones: z.array(z.string()).describe('E.164'),
  })
  .meta({ id: 'PartnerCard' })
export type PartnerCard = z.infer<typeof PartnerCard>

export const PartnerPage = z
  .object({ results: z.array(PartnerCard), nextCursor: z.string().nullable() })
  .meta({ id: 'PartnerPage' })
export type PartnerPage = z.infer<typeof PartnerPage>

/** The detail: the card plus description, website, the point on the map and links that open it in 2GIS and Yandex. */
export const PartnerDetail = PartnerCard.extend({
  description: z.string(),
  website: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  mapLinks: z.object({ twoGis: z.string(), yandex: z.string() }),
}).meta({ id: 'PartnerDetail' })
export type PartnerDetail = z.infer<typeof PartnerDetail>

/** POST /partners/{id}/requests/: the spec's partner lead (name, phone, a short comment). */
export const PartnerRequestBody = z
  .strictObject({
    name: required(PARTNER_NAME_MAX_LENGTH),
    // The KZ mobile rule itself is checked by the API (`phone.invalid`, 'Enter a valid phone number').
    phone: z.string().trim().min(1, 'This field is required').max(32, 'Enter a valid phone number'),
    comment: z.string().trim().max(PARTNER_COMMENT_MAX_LENGTH).optional(),
  })
  .meta({ id: 'PartnerRequestBody' })
export type PartnerRequestBody = z.infer<typeof PartnerRequestBody>

// ---- Back office (admins)

const texts = (max: number) => z.strictObject({ ru: required(max), kk: required(max), en: required(max) })

export const AdminPartnerCategory = z
  .object({
    id: z.number().int(),
    code: z.string(),
    names: z.object({ ru: z.string(), kk: z.string(), en: z.string() }),
    sort: z.number().int(),
    isActive: z.boolean(),
    partnersCount: z.number().int().describe('Partners in the category, active or not'),
  })
  .meta({ id: 'AdminPartnerCategory' })
export type AdminPartnerCategory = z.infer<typeof AdminPartnerCategory>

export const AdminPartnerCategoryList = z
  .object({ results: z.array(AdminPartnerCategory) })
  .meta({ id: 'AdminPartnerCategoryList' })
export type AdminPartnerCategoryList = z.infer<typeof AdminPartnerCategoryList>

/** A category as an admin writes it; an inactive category hides its partners from the site. */
export const AdminPartnerCategoryBody = z
  .strictObject({
    code: categoryCode,
    names: texts(60),
    sort: z.number().int().min(0).max(999).default(0),
    isActive: z.boolean().default(true),
  })
  .meta({ id: 'AdminPartnerCategoryBody' })
export type AdminPartnerCategoryBody = z.infer<typeof AdminPartnerCategoryBody>

/** Switch a partner or a category on or off (off: hidden from the site, kept for its leads). */
export const AdminActiveBody = z.strictObject({ isActive: z.boolean() }).meta({ id: 'AdminActiveBody' })
export type AdminActiveBody = z.infer<typeof AdminActiveBody>

export const AdminPartnerParams = z.strictObject({ id: serialId })

export const AdminPartnersQuery = z.strictObject({
  category: categoryCode.optional(),
  q: z.string().trim().max(100).optional().describe('Part of the name'),
  cursor: z.coerce.number().int().min(0).max(2_147_483_647).optional().describe('`nextCursor` of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  lang: Locale.optional().describe('Language of the category and city names'),
})
export type AdminPartnersQuery = z.infer<typeof AdminPartnersQuery>

export const AdminPartner = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.object({ id: z.number().int(), code: z.string(), name: z.string(), isActive: z.boolean() }),
    city: PartnerCityRef,
    description: z.object({ ru: z.string(), kk: z.string(), en: z.string() }),
    address: z.object({ ru: z.string(), kk: z.string(), en: z.string() }),
    phones: z.array(z.string()),
    lat: z.number(),
    lng: z.number(),
    website: z.string().nullable(),
    email: z.string().nullable().describe("Where the partner's service requests are sent"),
    isActive: z.boolean(),
  })
  .meta({ id: 'AdminPartner' })
export type AdminPartner = z.infer<typeof AdminPartner>

export const AdminPartnerPage = z
  .object({ results: z.array(AdminPartner), nextCursor: z.number().int().nullable() })
  .meta({ id: 'AdminPartnerPage' })
export type AdminPartnerPage = z.infer<typeof AdminPartnerPage>

/**
 * A partner as an admin writes it. Phones are Kazakhstan numbers (mobile or city, `8 727 ...` is accepted and
 * stored as E.164); the point must lie in Kazakhstan (a swapped latitude and longitude does not).
 */
export const AdminPartnerBody = z
  .strictObject({
    name: required(120),
    categoryId: serialId,
    cityId: serialId,
    description: texts(2000),
    address: texts(200),
    phones: z.array(z.string().trim().min(1, 'This field is required').max(32)).min(1).max(5),
    lat: z.number().min(40.5).max(55.5).describe('Latitude, inside Kazakhstan'),
    lng: z.number().min(46.4).max(87.4).describe('Longitude, inside Kazakhstan'),
    website: z
      .url({ protocol: /^https?$/ })
      .max(300)
      .nullable()
      .default(null),
    /** The partner gets each service request sent to it here (none: the leads desk passes it on by phone). */
    email: z.email().max(200).nullable().default(null),
    isActive: z.boolean().default(true),
  })
  .meta({ id: 'AdminPartnerBody' })
export type AdminPartnerBody = z.infer<typeof AdminPartnerBody>
export type AdminPartnerBodyInput = z.input<typeof AdminPartnerBody>

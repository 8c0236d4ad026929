import { z } from 'zod'
import {
  BodyType,
  Condition,
  DealRating,
  Drive,
  EngineType,
  ListingSort,
  ListingStatus,
  Locale,
  MileageUnit,
  Newness,
  Steering,
  Transmission,
} from './enums.ts'
import { BrandRef, CodeName, ModelRef } from './reference.ts'

export const LISTING_PAGE_SIZE = 20
/** Offset paging stays cheap only near the top; deeper pages need narrower filters. */
export const LISTING_MAX_PAGE = 100
export const MIN_YEAR = 1950
export const MAX_PRICE_KZT = 10_000_000_000
export const MAX_MILEAGE_KM = 2_000_000

const currentYear = () => new Date().getUTCFullYear()
const slug = z.string().regex(/^[a-z0-9-]{1,60}$/, 'Expected a lowercase slug')
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional()

/**
 * Where the next page starts in one sort order: the last card's sort key and id. `key` is the price in
 * tenge, the year, the mileage in km, or for `newest` the publication time in microseconds since the epoch
 * (PostgreSQL keeps microseconds; milliseconds would skip or repeat cars published in the same millisecond).
 */
export interface ListingCursor {
  sort: ListingSort
  key: number
  id: number
}
const CursorPayload = z.tuple([
  ListingSort,
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
])

/** The opaque `cursor`/`nextCursor` string: base64url of a small JSON array. */
export function encodeListingCursor(c: ListingCursor): string {
  return btoa(JSON.stringify([c.sort, c.key, c.id]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

/** Null when the string is not a cursor this API issued (bad base64, bad JSON, wrong shape). */
export function decodeListingCursor(text: string): ListingCursor | null {
  let json: unknown
  try {
    json = JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/')))
  } catch {
    // atob and JSON.parse throw on garbage; garbage is exactly what "null" reports.
    return null
  }
  const parsed = CursorPayload.safeParse(json)
  if (!parsed.success) return null
  const [sort, key, id] = parsed.data
  return { sort, key, id }
}

/** GET /cars/ query. Unknown parameters are refused (400) rather than silently ignored. */
export const ListingSearchQuery = z
  .strictObject({
    brand: slug.optional().describe('Brand slug, e.g. `toyota`'),
    model: slug.optional().describe('Model slug within the brand, e.g. `camry`; needs `brand`'),
    city: slug.optional().describe('City slug, e.g. `almaty`; absent means all Kazakhstan'),
    yearFrom: z.coerce.number().int().min(MIN_YEAR).max(2100).optional(),
    yearTo: z.coerce.number().int().min(MIN_YEAR).max(2100).optional(),
    priceFrom: z.coerce.number().int().min(0).max(MAX_PRICE_KZT).optional().describe('Tenge'),
    priceTo: z.coerce.number().int().min(0).max(MAX_PRICE_KZT).optional().describe('Tenge'),
    mileageMax: z.coerce.number().int().min(0).max(MAX_MILEAGE_KM).optional().describe('Kilometres'),
    drive: Drive.optional(),
    bodyType: BodyType.optional(),
    transmission: Transmission.optional(),
    engineType: EngineType.optional(),
    steering: Steering.optional(),
    customsCleared: flag.describe('true: only cars cleared by customs in Kazakhstan; false: only uncleared'),
    newness: Newness.default('all').describe('The new/used/all radio'),
    tulpar: flag.describe("Only the company's own inspected cars"),
    warranty: flag.describe('Only cars with a factory warranty'),
    credit: flag.describe('Only cars that can be bought on credit'),
    hot: flag.describe('Only hot offers: rated a great deal, or marked by the company'),
    dealer: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1)
      .optional()
      .describe("Only this dealer's cars (its id)"),
    sort: ListingSort.default('newest'),
    page: z.coerce.number().int().min(1).max(LISTING_MAX_PAGE).default(1),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/)
      .optional()
      .describe('Keyset cursor from `nextCursor` (infinite scroll in the app); replaces `page`'),
    lang: Locale.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.model && !q.brand) ctx.addIssue({ code: 'custom', path: ['model'], message: 'model needs brand' })
    if (q.yearFrom && q.yearTo && q.yearFrom > q.yearTo)
      ctx.addIssue({ code: 'custom', path: ['yearTo'], message: 'yearTo is before yearFrom' })
    if (q.priceFrom !== undefined && q.priceTo !== undefined && q.priceFrom > q.priceTo)
      ctx.addIssue({ code: 'custom', path: ['priceTo'], message: 'priceTo is below priceFrom' })
    if (q.yearTo && q.yearTo > currentYear() + 1)
      ctx.addIssue({ code: 'custom', path: ['yearTo'], message: 'yearTo is in the future' })
    if (q.yearFrom && q.yearFrom > currentYear() + 1)
      ctx.addIssue({ code: 'custom', path: ['yearFrom'], message: 'yearFrom is in the future' })
    if (q.cursor !== undefined) {
      const cursor = decodeListingCursor(q.cursor)
      if (!cursor) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Not a cursor from nextCursor' })
      else if (cursor.sort !== q.sort)
        ctx.addIssue({ code: 'custom', path: ['cursor'], message: `The cursor is for sort ${cursor.sort}` })
      if (q.page > 1) ctx.addIssue({ code: 'custom', path: ['page'], message: 'Use either page or cursor' })
    }
  })
export type ListingSearchQuery = z.infer<typeof ListingSearchQuery>
export type ListingSearchInput = z.input<typeof ListingSearchQuery>

export const ListingCityRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() })

export const ListingPhoto = z
  .object({
    key: z.string().describe('Media key; URLs are /media/{key}/{card|gallery|full}.{avif|webp|jpg}'),
    width: z.number().int(),
    height: z.number().int(),
    isIllustration: z.boolean().describe('A drawing made for demo data, not a photo of this car'),
  })
  .meta({ id: 'ListingPhoto' })
export type ListingPhoto = z.infer<typeof ListingPhoto>

/**
 * A car as every list of cars names it (the catalogue's cards, the moderation queue): make, model, year, price and
 * the mileage as its seller wrote it.
 */
export const CarHeadline = z.object({
  id: z.number().int(),
  brand: BrandRef,
  model: ModelRef,
  year: z.number().int(),
  priceKzt: z.number().int(),
  mileage: z.number().int(),
  mileageUnit: MileageUnit,
})

export const ListingCard = z
  .object({
    ...CarHeadline.shape,
    mileageKm: z.number().int(),
    city: ListingCityRef,
    bodyType: BodyType,
    engineType: EngineType,
    engineVolumeL: z.number().nullable(),
    transmission: Transmission,
    drive: Drive,
    isNew: z.boolean(),
    isTulpar: z.boolean(),
    isInspected: z.boolean(),
    isHot: z.boolean(),
    hasWarranty: z.boolean(),
    isCreditAvailable: z.boolean(),
    cover: z
      .object({ key: z.string(), isIllustration: z.boolean() })
      .nullable()
      .describe('Cover photo; card URLs are /media/{key}/card.{avif|webp|jpg}'),
    photoCount: z.number().int(),
    publishedAt: z.iso.datetime(),
    dealRating: DealRating.nullable().describe('Price against the market estimate; null with too few comparables'),
    monthlyPaymentKzt: z
      .number()
      .int()
      .nullable()
      .describe('Estimated monthly loan payment with the default down payment, rate and term (see /cars/loan-terms/)'),
    dealer: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .describe('The verified dealer selling the car; null for a private seller'),
    isPromoted: z
      .boolean()
      .describe('A paid top placement, hot offer or highlight is running: the card is labelled as promoted'),
    isHighlighted: z.boolean().describe('A paid highlight is running: the card is drawn highlighted'),
  })
  .meta({ id: 'ListingCard' })
export type ListingCard = z.infer<typeof ListingCard>

export const ListingPage = z
  .object({
    results: z.array(ListingCard),
    count: z
      .number()
      .int()
      .describe(
        'All matches, not only this page. Exact for brand/model/city/newness filters, and for any filter within ' +
          'a brand/model/city with few listings; otherwise an estimate (two significant digits, never below ' +
          'the cars already shown) with `countIsExact: false`',
      ),
    countIsExact: z.boolean().describe('False when `count` is an estimate (show it as "about")'),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z
      .number()
      .int()
      .describe(`Pages reachable (at most ${LISTING_MAX_PAGE}); from the estimate when the count is one`),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next 20 (keyset paging); null at the end'),
    promoted: z
      .array(ListingCard)
      .describe(
        'Paid top placements matching the filters, for the marked slots above the page (at most 2, chosen in ' +
          'turn among all matching, changing hourly); `results` keeps its own order whatever is promoted',
      ),
  })
  .meta({ id: 'ListingPage' })
export type ListingPage = z.infer<typeof ListingPage>

/** Transport tax a year for the car (Tax Code, engine volume bands in MRP). */
export const TaxEstimate = z
  .object({
    amountKzt: z.number().int(),
    ruleYear: z.number().int().describe('Year of the MRP and rules used'),
    mrpKzt: z.number().int(),
    source: z.string().describe('Legal source of the bands'),
  })
  .meta({ id: 'TaxEstimate' })
export type TaxEstimate = z.infer<typeof TaxEstimate>

/** The car page's total cost card: what the car costs to buy, own a year, finance, and (not cleared) clear. */
export const TotalCost = z
  .object({
    priceKzt: z.number().int(),
    taxPerYear: TaxEstimate.nullable(),
    loan: z
      .object({
        monthlyPaymentKzt: z.number().int(),
        downPaymentKzt: z.number().int(),
        termMonths: z.number().int(),
        annualRatePct: z.number(),
        source: z.string(),
        sourceUrl: z.url(),
        checkedOn: z.iso.date(),
      })
      .nullable()
      .describe('Null when a bank would not take the car as a pledge (too old, over the limit, not registrable)'),
    import: z
      .object({
        ruleYear: z.number().int(),
        recyclingFeeKzt: z.number().int().nullable(),
        dutyKzt: z
          .number()
          .int()
          .nullable()
          .describe('Null where the published rate does not apply (hybrid, electric, gas)'),
        vatKzt: z.number().int().nullable(),
        customsFeeKzt: z.number().int().nullable(),
        dutyPct: z.number(),
        vatPct: z.number(),
        rightHandDrive: z.boolean().describe('Cannot be registered in Kazakhstan at all'),
        sources: z.array(z.string()),
      })
      .nullable()
      .describe(
        'For a car not cleared by customs in Kazakhstan only; the listing price stands in for the customs value',
      ),
  })
  .meta({ id: 'TotalCost' })
export type TotalCost = z.infer<typeof TotalCost>

/** The market estimate from comparable listings, as a band, with the rating it gives this price. */
export const MarketEstimate = z
  .object({
    estimateKzt: z.number().int(),
    lowKzt: z.number().int(),
    highKzt: z.number().int(),
    comparables: z.number().int().describe('Comparable published listings used'),
    rating: DealRating,
    estimatedAt: z.iso.datetime(),
  })
  .meta({ id: 'MarketEstimate' })
export type MarketEstimate = z.infer<typeof MarketEstimate>

export const OptionGroupView = z.object({ code: z.string(), name: z.string(), options: z.array(CodeName) })

export const InspectionReportView = z.object({
  id: z.number().int(),
  name: z.string(),
  reportDate: z.iso.date().nullable(),
  status: z.enum(['generating', 'ready']),
})

export const ListingDetail = ListingCard.extend({
  status: ListingStatus,
  generation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  steering: Steering,
  hasGasEquipment: z.boolean(),
  engineVolumeCc: z.number().int().nullable(),
  powerHp: z.number().int().nullable(),
  colour: z.object({ code: z.string(), name: z.string(), hex: z.string() }),
  bodyTypeName: z.string(),
  engineTypeName: z.string(),
  options: z.array(OptionGroupView),
  isCustomsCleared: z.boolean(),
  isDamaged: z.boolean(),
  condition: Condition.nullable(),
  rangeKm: z.number().int().nullable(),
  vin: z.string().nullable(),
  description: z.string(),
  isBargainAllowed: z.boolean(),
  isExchangeAccepted: z.boolean(),
  viewsCount: z.number().int(),
  confirmedAt: z.iso
    .datetime()
    .describe('When the seller last said the car is still for sale (the publication counts as the first time)'),
  photos: z.array(ListingPhoto),
  taxPerYear: TaxEstimate.nullable().describe('Transport tax a year, an estimate under the rules of the given year'),
  totalCost: TotalCost,
  valuation: MarketEstimate.nullable().describe('Null when there are too few comparable listings'),
  contactPhoneMasked: z
    .string()
    .describe('The seller number with the middle hidden; POST /cars/{id}/phone/ reveals it'),
  phoneRevealsCount: z.number().int(),
  seller: z.object({ name: z.string().nullable(), memberSince: z.iso.datetime() }),
  priceHistory: z.array(z.object({ priceKzt: z.number().int(), changedAt: z.iso.datetime() })),
  inspectionReports: z.array(InspectionReportView),
  vinSeenBefore: z
    .object({ listings: z.number().int().positive(), since: z.iso.datetime() })
    .nullable()
    .describe('Earlier listings of this VIN or body number on Tulpar Auto; the paid vehicle check has the details'),
}).meta({ id: 'ListingDetail' })
export type ListingDetail = z.infer<typeof ListingDetail>

export const ListingParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

/** GET /cars/facets/: counts of published listings per brand (and per model of `brand`) for the filter lists. */
export const ListingFacetsQuery = z.strictObject({
  brand: slug.optional(),
  city: slug.optional(),
  lang: Locale.optional(),
})
export type ListingFacetsQuery = z.infer<typeof ListingFacetsQuery>
export const FacetCount = z.object({ slug: z.string(), name: z.string(), count: z.number().int() })
export const ListingFacets = z
  .object({ total: z.number().int(), brands: z.array(FacetCount), models: z.array(FacetCount) })
  .meta({ id: 'ListingFacets' })
export type ListingFacets = z.infer<typeof ListingFacets>

/** POST /cars/{id}/phone/: reveals the seller number (counted). */
export const PhoneReveal = z.object({ phone: z.string().describe('E.164') }).meta({ id: 'PhoneReveal' })
export type PhoneReveal = z.infer<typeof PhoneReveal>

/** POST /cars/{id}/callback/: a call-back request (spec: phone, last name, first name). */
export const CallbackRequestBody = z
  .strictObject({
    // Spec section 5 texts; the KZ mobile rule itself is checked by the API (`phone.invalid`).
    phone: z.string().trim().min(1, 'This field is required').max(32, 'Enter a valid phone number'),
    lastName: z.string().trim().min(1, 'This field is required').max(80),
    firstName: z.string().trim().min(1, 'This field is required').max(80),
  })
  .meta({ id: 'CallbackRequestBody' })
export type CallbackRequestBody = z.infer<typeof CallbackRequestBody>
export const MessageResponse = z.object({ message: z.string() })

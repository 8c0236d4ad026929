import { z } from 'zod'
import {
  BodyType,
  Condition,
  Drive,
  EngineType,
  ListingStatus,
  Locale,
  MileageUnit,
  Steering,
  Transmission,
} from './enums.ts'
import { BrandRef, CodeName, ModelRef } from './reference.ts'

export const LISTING_PAGE_SIZE = 20
/** Offset paging stays cheap only near the top; deeper pages need narrower filters. */
export const LISTING_MAX_PAGE = 100
export const MIN_YEAR = 1950
export const MAX_PRICE_KZT = 10_000_000_000

const currentYear = () => new Date().getUTCFullYear()
const slug = z.string().regex(/^[a-z0-9-]{1,60}$/, 'Expected a lowercase slug')
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional()

/** GET /cars/ query. Unknown parameters are refused (400) rather than silently ignored. */
export const ListingSearchQuery = z
  .strictObject({
    brand: slug.optional().describe('Brand slug, e.g. `toyota`'),
    model: slug.optional().describe('Model slug within the brand, e.g. `camry`; needs `brand`'),
    yearFrom: z.coerce.number().int().min(MIN_YEAR).max(2100).optional(),
    yearTo: z.coerce.number().int().min(MIN_YEAR).max(2100).optional(),
    priceFrom: z.coerce.number().int().min(0).max(MAX_PRICE_KZT).optional().describe('Tenge'),
    priceTo: z.coerce.number().int().min(0).max(MAX_PRICE_KZT).optional().describe('Tenge'),
    hot: flag.describe('Only hot offers'),
    tulpar: flag.describe("Only the company's own inspected cars"),
    page: z.coerce.number().int().min(1).max(LISTING_MAX_PAGE).default(1),
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

export const ListingCard = z
  .object({
    id: z.number().int(),
    brand: BrandRef,
    model: ModelRef,
    year: z.number().int(),
    priceKzt: z.number().int(),
    mileage: z.number().int(),
    mileageUnit: MileageUnit,
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
  })
  .meta({ id: 'ListingCard' })
export type ListingCard = z.infer<typeof ListingCard>

export const ListingPage = z
  .object({
    results: z.array(ListingCard),
    count: z.number().int().describe('All matches, not only this page'),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int().describe(`Pages reachable (at most ${LISTING_MAX_PAGE})`),
  })
  .meta({ id: 'ListingPage' })
export type ListingPage = z.infer<typeof ListingPage>

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
  photos: z.array(ListingPhoto),
  priceHistory: z.array(z.object({ priceKzt: z.number().int(), changedAt: z.iso.datetime() })),
  inspectionReports: z.array(InspectionReportView),
}).meta({ id: 'ListingDetail' })
export type ListingDetail = z.infer<typeof ListingDetail>

export const ListingParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

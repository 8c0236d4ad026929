import { z } from 'zod'
import { MILEAGE_UNITS } from './constants.ts'
import { classifyVin, normaliseVin } from './selling-rules.ts'

/* The paid vehicle check and valuation (issue 12 part 3): orders, payments and TulparAutoCheck reports. */

export const CHECK_ORDER_STATUSES = ['awaiting_payment', 'paid', 'failed', 'cancelled', 'refunded'] as const
export const CheckOrderStatus = z.enum(CHECK_ORDER_STATUSES)
export type CheckOrderStatus = z.infer<typeof CheckOrderStatus>

export const VEHICLE_REPORT_STATUSES = ['generating', 'ready', 'failed'] as const
export const VehicleReportStatus = z.enum(VEHICLE_REPORT_STATUSES)
export type VehicleReportStatus = z.infer<typeof VehicleReportStatus>

const Vin = z
  .string()
  .max(40)
  .transform(normaliseVin)
  .refine((v) => classifyVin(v) !== null, { message: 'vin' })
  .describe('VIN (17 characters without I, O, Q) or a body number like NZE121-3123456')

/** What to check: the VIN or body number, and the car when the VIN is not in our data. */
export const CheckOrderBody = z
  .strictObject({
    vin: Vin,
    brandId: z.number().int().positive().optional(),
    modelId: z.number().int().positive().optional(),
    year: z.number().int().min(1950).max(2100).optional(),
    mileageKm: z.number().int().min(0).max(3_000_000).optional(),
  })
  .meta({ id: 'CheckOrderBody' })
export type CheckOrderBody = z.infer<typeof CheckOrderBody>
export type CheckOrderBodyInput = z.input<typeof CheckOrderBody>

export const CheckPrice = z.object({
  amountKzt: z.number().int(),
  /** What the report holds. */
  includes: z.array(z.enum(['history', 'mileage', 'valuation', 'tax', 'registers'])),
})
export type CheckPrice = z.infer<typeof CheckPrice>

export const CheckOrder = z
  .object({
    id: z.number().int(),
    vin: z.string(),
    status: CheckOrderStatus,
    amountKzt: z.number().int(),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    /** Where to pay while the order waits for payment. */
    checkoutUrl: z.string().nullable(),
    report: z.object({ id: z.number().int(), status: VehicleReportStatus }).nullable(),
  })
  .meta({ id: 'CheckOrder' })
export type CheckOrder = z.infer<typeof CheckOrder>

export const CheckOrderParams = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

/** One listing of the VIN we have seen: when, at what price and reading, where. */
export const VinSightingView = z.object({
  listingId: z.number().int(),
  title: z.string(),
  status: z.string(),
  listedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  priceKzt: z.number().int().nullable(),
  mileageKm: z.number().int().nullable(),
  /**
   * The reading as the seller typed it (imported cars are often in miles); `mileageKm` is it in km. Absent in
   * reports made before it was kept.
   */
  mileage: z
    .object({ value: z.number().int(), unit: z.enum(MILEAGE_UNITS) })
    .nullable()
    .optional(),
  city: z.object({ ru: z.string(), kk: z.string(), en: z.string() }).nullable(),
  /** The listing's cover photo when the report was made (it goes if the seller deletes the listing). */
  photoKey: z.string().nullable(),
})
export type VinSightingView = z.infer<typeof VinSightingView>

export const MileageFlag = z.object({
  kind: z.enum(['rollback', 'low_for_age']),
  /** The evidence: the readings (and dates) that disagree, or the reading against the age norm. */
  earlier: z.object({ km: z.number().int(), at: z.iso.datetime() }).nullable(),
  later: z.object({ km: z.number().int(), at: z.iso.datetime() }),
  expectedKm: z.number().int().nullable(),
})
export type MileageFlag = z.infer<typeof MileageFlag>

export const RegisterCheck = z.object({
  code: z.enum(['pledges', 'arrests', 'tax_debts', 'registration']),
  status: z.enum(['not_checked', 'clear', 'found']),
  /** The official service where a person can check it themselves. */
  officialUrl: z.string(),
  details: z.string().nullable(),
})
export type RegisterCheck = z.infer<typeof RegisterCheck>

export const VehicleReportContent = z.object({
  car: z
    .object({
      brand: z.string(),
      model: z.string(),
      year: z.number().int().nullable(),
      brandId: z.number().int(),
      modelId: z.number().int(),
    })
    .nullable(),
  sightings: z.array(VinSightingView),
  mileage: z.object({
    verdict: z.enum(['plausible', 'suspicious', 'unknown']),
    flags: z.array(MileageFlag),
    /** The average a year the age norm assumes. */
    normKmPerYear: z.number().int(),
  }),
  valuation: z
    .object({
      estimateKzt: z.number().int(),
      lowKzt: z.number().int(),
      highKzt: z.number().int(),
      comparables: z.number().int(),
      comparableIds: z.array(z.number().int()),
      mileageKm: z.number().int(),
    })
    .nullable(),
  taxPerYear: z.object({ amountKzt: z.number().int(), ruleYear: z.number().int() }).nullable(),
  registers: z.array(RegisterCheck),
  generatedAt: z.iso.datetime(),
})
export type VehicleReportContent = z.infer<typeof VehicleReportContent>

/** A report its owner shares: anyone with the link reads it (token: 256 random bits, base64url). */
export const ReportShare = z
  .object({
    token: z.string(),
    /** The public page of the report: `{PUBLIC_URL}/check/shared/{token}`. */
    url: z.string(),
    sharedAt: z.iso.datetime(),
  })
  .meta({ id: 'ReportShare' })
export type ReportShare = z.infer<typeof ReportShare>

export const VehicleReport = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    name: z.string(),
    vin: z.string(),
    status: VehicleReportStatus,
    createdAt: z.iso.datetime(),
    readyAt: z.iso.datetime().nullable(),
    content: VehicleReportContent.nullable(),
    /** Set while the owner shares the report; null when not shared. */
    share: ReportShare.nullable(),
  })
  .meta({ id: 'VehicleReport' })
export type VehicleReport = z.infer<typeof VehicleReport>

/**
 * A shared report as anyone with its link sees it: the car, the VIN and what the report found. Nothing of who
 * ordered it (no user, name or email), of the order or of its payment, and no internal id.
 */
export const SharedVehicleReport = z
  .object({
    title: z.string(),
    vin: z.string(),
    content: VehicleReportContent,
  })
  .meta({ id: 'SharedVehicleReport' })
export type SharedVehicleReport = z.infer<typeof SharedVehicleReport>

/** Any string up to 100 characters: a token that is not one of ours is 404, like a revoked one. */
export const SharedReportParams = z.strictObject({ token: z.string().min(1).max(100) })

/** TulparAutoCheck reports in the profile (spec: name, date, VIN, status). */
export const VehicleReportList = z.object({
  results: z.array(VehicleReport.omit({ content: true })),
})
export type VehicleReportList = z.infer<typeof VehicleReportList>

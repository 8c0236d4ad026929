import { z } from 'zod'
import { EngineType, GarageStatus, ListingStatus, Steering } from './enums.ts'
import { MAX_MILEAGE_KM, MIN_YEAR, TaxEstimate } from './listings.ts'
import { BrandRef, ModelRef } from './reference.ts'

const id = z.number().int().positive().max(2_147_483_647)

export const GarageCarParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })

/** Engine volume in cm³: what the transport tax is computed from (electric cars have none). */
const EngineVolumeCc = z.number().int().min(50).max(10_000)
/** VIN (17 characters without I, O, Q) or a body number like NZE121-3123456; checked by the API (`vin`). */
const Vin = z.string().max(40)

/** The fields of a garage car its owner may change (brand, model and year make it another car). */
const CarDetails = {
  mileageKm: z.number().int().min(0).max(MAX_MILEAGE_KM),
  vin: Vin.nullable().optional(),
  steering: Steering.nullable().optional(),
  isCustomsCleared: z.boolean().optional(),
  engineType: EngineType.nullable().optional(),
  engineVolumeCc: EngineVolumeCc.nullable().optional().describe('cm³; ignored for electric cars'),
}

/** POST /garage/: a car added by hand. The model must be the brand's and made in that year (400 otherwise). */
export const AddGarageCarBody = z
  .strictObject({
    brandId: id,
    modelId: id,
    year: z.number().int().min(MIN_YEAR).max(2100),
    ...CarDetails,
  })
  .meta({ id: 'AddGarageCarBody' })
export type AddGarageCarBody = z.infer<typeof AddGarageCarBody>

/** POST /garage/from-listing/: one of my own listings, with one click. */
export const AddGarageCarFromListingBody = z
  .strictObject({ listingId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
  .meta({ id: 'AddGarageCarFromListingBody' })
export type AddGarageCarFromListingBody = z.infer<typeof AddGarageCarFromListingBody>

/**
 * PATCH /garage/{id}/: what changed. `status` is the owner's word for a car without a listing on sale (sold
 * privately, or back in use); while a listing is linked the status follows the listing.
 */
export const UpdateGarageCarBody = z
  .strictObject({
    ...CarDetails,
    mileageKm: CarDetails.mileageKm.optional(),
    status: z.enum(['owned', 'sold']).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' })
  .meta({ id: 'UpdateGarageCarBody' })
export type UpdateGarageCarBody = z.infer<typeof UpdateGarageCarBody>

export const GarageValuePoint = z.object({
  /** The day in Kazakhstan (UTC+5). */
  day: z.iso.date(),
  /** Null on a day with too few comparable listings. */
  estimateKzt: z.number().int().nullable(),
})
export type GarageValuePoint = z.infer<typeof GarageValuePoint>

/** What the car is worth now (the market estimate of the listings), and how that moved. */
export const GarageValue = z
  .object({
    /** The day of the latest estimate; null for a sold car never valued. */
    valuedOn: z.iso.date().nullable(),
    /** Comparable published listings behind the latest estimate. */
    comparables: z.number().int(),
    /** Fewer comparables than this give no estimate (the same rule as the listings'). */
    minComparables: z.number().int(),
    estimate: z
      .object({ estimateKzt: z.number().int(), lowKzt: z.number().int(), highKzt: z.number().int() })
      .nullable(),
    /** The latest estimate minus the first one in `history` (negative: worth less); null without two numbers. */
    changeKzt: z.number().int().nullable(),
    /** The day `changeKzt` counts from. */
    changeSince: z.iso.date().nullable(),
    /** One estimate a day at most, oldest first (the last 90 kept days). */
    history: z.array(GarageValuePoint),
  })
  .meta({ id: 'GarageValue' })
export type GarageValue = z.infer<typeof GarageValue>

export const GarageCar = z
  .object({
    id: z.number().int(),
    /** "Brand Model, year". */
    title: z.string(),
    brand: BrandRef,
    model: ModelRef,
    year: z.number().int(),
    mileageKm: z.number().int(),
    vin: z.string().nullable(),
    steering: Steering.nullable(),
    isCustomsCleared: z.boolean(),
    engineType: EngineType.nullable(),
    engineVolumeCc: z.number().int().nullable(),
    /** owned (in use), for_sale (its listing is published), sold (its listing sold, or the owner said so). */
    status: GarageStatus,
    /** The owner's listing of this car, in any status; null when there is none (or it was deleted). */
    listing: z
      .object({ id: z.number().int(), status: ListingStatus, priceKzt: z.number().int().nullable() })
      .nullable(),
    value: GarageValue,
    /** Null without the engine (type, and volume unless electric), or with no tax rules for this year. */
    taxPerYear: TaxEstimate.nullable(),
    addedAt: z.iso.datetime(),
  })
  .meta({ id: 'GarageCar' })
export type GarageCar = z.infer<typeof GarageCar>

export const GarageList = z
  .object({ results: z.array(GarageCar), count: z.number().int(), limit: z.number().int() })
  .meta({ id: 'GarageList' })
export type GarageList = z.infer<typeof GarageList>

/** One of my listings that can join the garage with one click (not there yet, brand to mileage known). */
export const GarageCandidate = z.object({
  listingId: z.number().int(),
  title: z.string(),
  status: ListingStatus,
  year: z.number().int(),
  mileageKm: z.number().int(),
})
export type GarageCandidate = z.infer<typeof GarageCandidate>
export const GarageCandidates = z.object({ results: z.array(GarageCandidate) }).meta({ id: 'GarageCandidates' })
export type GarageCandidates = z.infer<typeof GarageCandidates>

/** "Sell this car": the listing draft made from the garage car (or its listing already under way). */
export const GarageSellResult = z
  .object({
    listingId: z.number().int(),
    /** false: the car already had a listing in progress, which is answered instead of a second one. */
    created: z.boolean(),
  })
  .meta({ id: 'GarageSellResult' })
export type GarageSellResult = z.infer<typeof GarageSellResult>

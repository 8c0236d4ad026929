/*
 * Selling rules as plain constants and pure functions (no zod): the API enforces them and the browser uses
 * them for hints and early checks without loading the schemas.
 */

/** The listing form's steps (spec section 2), in order. `photos` and `publish` have no PATCH body. */
export const SELLING_STEPS = [
  'brand',
  'model',
  'characteristics',
  'modifications',
  'options',
  'state',
  'price',
  'photos',
  'publish',
] as const
export type SellingStep = (typeof SELLING_STEPS)[number]
/** Steps whose fields are saved with `PATCH /listings/{id}/`. */
export const FIELD_STEPS = ['brand', 'model', 'characteristics', 'modifications', 'options', 'state', 'price'] as const
export type FieldStep = (typeof FIELD_STEPS)[number]

/** Photo limits, stated in the API docs and on the photo step. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
export const MAX_LISTING_PHOTOS = 20
export const MIN_LISTING_PHOTOS = 1
/** Shorter side of an uploaded photo, px: smaller pictures are useless to buyers and moderators. */
export const MIN_PHOTO_SIDE_PX = 320
/** Open drafts one account may keep (each holds files): a cap against scripted abuse. */
export const MAX_OPEN_DRAFTS = 10

export const MAX_DESCRIPTION_LENGTH = 3000
/** A car sold as new has at most this many km (delivery and test drives). */
export const NEW_CAR_MAX_KM = 1000
export const KM_PER_MILE = 1.609344

/**
 * Changes to a published listing that send it back to moderation: what identifies the car, what moderators
 * judge (text, photos added or removed) and a price drop of more than `MATERIAL_PRICE_DROP` (20%): "too cheap"
 * is the main fraud pattern. Brand and model of a listing under review or published cannot change at all
 * (another car needs another listing).
 */
export const MATERIAL_FIELDS = [
  'generationId',
  'year',
  'bodyType',
  'engineType',
  'engineVolumeCc',
  'mileage',
  'mileageUnit',
  'isNew',
  'isDamaged',
  'isCustomsCleared',
  'vin',
  'description',
] as const
export const MATERIAL_PRICE_DROP = 0.2

/** Statuses whose fields and photos the owner may still change. */
export const EDITABLE_STATUSES = ['draft', 'moderation', 'published', 'rejected'] as const

const VIN = /^[0-9A-HJ-NPR-Z]{17}$/
/** Japanese-market frame numbers: model code, dash, serial (`NZE121-3123456`, `GX100-1234567`). */
const BODY_NUMBER = /^[A-Z0-9]{2,10}-\d{4,8}$/

/** Upper-case without spaces: how VINs and body numbers are stored and compared. */
export function normaliseVin(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase()
}

/** 'vin' (17 characters without I, O, Q), 'body' (a frame number like NZE121-3123456) or null. */
export function classifyVin(input: string): 'vin' | 'body' | null {
  const value = normaliseVin(input)
  if (VIN.test(value)) return 'vin'
  if (BODY_NUMBER.test(value)) return 'body'
  return null
}

export function mileageToKm(mileage: number, unit: 'km' | 'mi'): number {
  return unit === 'mi' ? Math.round(mileage * KM_PER_MILE) : mileage
}
/**
 * Pixels an uploaded image may have (width x height, any upload: listing or profile photo). 50 MP covers the
 * photos of today's phones (a 50 MP sensor gives 8160 x 6144); a 16,000 x 16,000 PNG (256 MP) would cost
 * about a gigabyte of memory to decode and is refused from its header, before decoding.
 */
export const MAX_PHOTO_PIXELS = 50_000_000

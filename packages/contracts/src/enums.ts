import { z } from 'zod'
import {
  BODY_TYPES,
  CONDITIONS,
  DEAL_RATINGS,
  DRIVES,
  ENGINE_TYPES,
  LISTING_SORTS,
  LOCALES,
  MILEAGE_UNITS,
  NEWNESS,
  STEERINGS,
  TRANSMISSIONS,
} from './constants.ts'
import { GARAGE_STATUSES, LISTING_STATUSES } from './seller-constants.ts'
import { INSPECTION_STATUSES, LEAD_KINDS, MODERATION_ACTIONS, ROLES } from './staff-constants.ts'

/** Locales of the product; ru is the default (spec 9: ru-RU default, kk-KZ, en-US). */
export const Locale = z.enum(LOCALES)
export type Locale = z.infer<typeof Locale>

export const ListingStatus = z.enum(LISTING_STATUSES)
export type ListingStatus = z.infer<typeof ListingStatus>

export const Transmission = z.enum(TRANSMISSIONS)
export type Transmission = z.infer<typeof Transmission>

export const Drive = z.enum(DRIVES)
export type Drive = z.infer<typeof Drive>

export const Steering = z.enum(STEERINGS)
export type Steering = z.infer<typeof Steering>

export const MileageUnit = z.enum(MILEAGE_UNITS)
export type MileageUnit = z.infer<typeof MileageUnit>

export const BodyType = z.enum(BODY_TYPES)
export type BodyType = z.infer<typeof BodyType>

export const EngineType = z.enum(ENGINE_TYPES)
export type EngineType = z.infer<typeof EngineType>

export const Condition = z.enum(CONDITIONS)
export type Condition = z.infer<typeof Condition>

export const Role = z.enum(ROLES)
export type Role = z.infer<typeof Role>

export const LeadKind = z.enum(LEAD_KINDS)
export type LeadKind = z.infer<typeof LeadKind>

export const InspectionStatus = z.enum(INSPECTION_STATUSES)
export type InspectionStatus = z.infer<typeof InspectionStatus>

export const ModerationAction = z.enum(MODERATION_ACTIONS)
export type ModerationAction = z.infer<typeof ModerationAction>

export const GarageStatus = z.enum(GARAGE_STATUSES)
export type GarageStatus = z.infer<typeof GarageStatus>

/** Text in the three product languages; stored as three columns, carried as one object. */
export const LocalizedText = z.object({ ru: z.string(), kk: z.string(), en: z.string() })
export type LocalizedText = z.infer<typeof LocalizedText>

/** Deal rating against the market estimate (null on a listing when there are too few comparables). */
export const DealRating = z.enum(DEAL_RATINGS)
export type DealRating = z.infer<typeof DealRating>

export const ListingSort = z.enum(LISTING_SORTS)
export type ListingSort = z.infer<typeof ListingSort>

/** The catalogue's new/used/all radio. */
export const Newness = z.enum(NEWNESS)
export type Newness = z.infer<typeof Newness>

import { z } from 'zod'

/** Locales of the product; ru is the default (spec 9: ru-RU default, kk-KZ, en-US). */
export const LOCALES = ['ru', 'kk', 'en'] as const
export const Locale = z.enum(LOCALES)
export type Locale = z.infer<typeof Locale>
export const DEFAULT_LOCALE: Locale = 'ru'

export const LISTING_STATUSES = ['draft', 'moderation', 'published', 'rejected', 'sold', 'archived'] as const
export const ListingStatus = z.enum(LISTING_STATUSES)
export type ListingStatus = z.infer<typeof ListingStatus>

export const TRANSMISSIONS = ['MT', 'AT', 'CVT', 'DCT'] as const
export const Transmission = z.enum(TRANSMISSIONS)
export type Transmission = z.infer<typeof Transmission>

export const DRIVES = ['FWD', 'RWD', '4WD'] as const
export const Drive = z.enum(DRIVES)
export type Drive = z.infer<typeof Drive>

export const STEERINGS = ['left', 'right'] as const
export const Steering = z.enum(STEERINGS)
export type Steering = z.infer<typeof Steering>

export const MILEAGE_UNITS = ['km', 'mi'] as const
export const MileageUnit = z.enum(MILEAGE_UNITS)
export type MileageUnit = z.infer<typeof MileageUnit>

export const BODY_TYPES = [
  'sedan',
  'hatchback',
  'liftback',
  'wagon',
  'crossover',
  'suv',
  'coupe',
  'convertible',
  'minivan',
  'pickup',
  'van',
] as const
export const BodyType = z.enum(BODY_TYPES)
export type BodyType = z.infer<typeof BodyType>

export const ENGINE_TYPES = ['petrol', 'diesel', 'hybrid', 'plugin_hybrid', 'electric', 'gas'] as const
export const EngineType = z.enum(ENGINE_TYPES)
export type EngineType = z.infer<typeof EngineType>

export const CONDITIONS = ['excellent', 'good', 'fair', 'needs_repair'] as const
export const Condition = z.enum(CONDITIONS)
export type Condition = z.infer<typeof Condition>

export const ROLES = ['user', 'moderator', 'admin'] as const
export const Role = z.enum(ROLES)
export type Role = z.infer<typeof Role>

export const LEAD_KINDS = ['callback', 'credit', 'partner_request', 'vehicle_check'] as const
export const LeadKind = z.enum(LEAD_KINDS)
export type LeadKind = z.infer<typeof LeadKind>

export const INSPECTION_STATUSES = ['generating', 'ready'] as const
export const InspectionStatus = z.enum(INSPECTION_STATUSES)
export type InspectionStatus = z.infer<typeof InspectionStatus>

export const MODERATION_ACTIONS = ['submitted', 'approved', 'rejected', 'returned_to_moderation'] as const
export const ModerationAction = z.enum(MODERATION_ACTIONS)
export type ModerationAction = z.infer<typeof ModerationAction>

export const GARAGE_STATUSES = ['owned', 'for_sale', 'sold'] as const
export const GarageStatus = z.enum(GARAGE_STATUSES)
export type GarageStatus = z.infer<typeof GarageStatus>

/** Text in the three product languages; stored as three columns, carried as one object. */
export const LocalizedText = z.object({ ru: z.string(), kk: z.string(), en: z.string() })
export type LocalizedText = z.infer<typeof LocalizedText>

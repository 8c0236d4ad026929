import {
  CONDITIONS,
  DEAL_RATINGS,
  DRIVES,
  GARAGE_STATUSES,
  INSPECTION_STATUSES,
  LEAD_KINDS,
  LISTING_STATUSES,
  LOCALES,
  MILEAGE_UNITS,
  MODERATION_ACTIONS,
  STEERINGS,
  TRANSMISSIONS,
} from '@tulpar/contracts'
import { pgEnum } from 'drizzle-orm/pg-core'

/* PostgreSQL enums, generated from the same constants the zod contracts use. */
export const listingStatusEnum = pgEnum('listing_status', LISTING_STATUSES)
export const transmissionEnum = pgEnum('transmission', TRANSMISSIONS)
export const driveEnum = pgEnum('drive', DRIVES)
export const steeringEnum = pgEnum('steering', STEERINGS)
export const mileageUnitEnum = pgEnum('mileage_unit', MILEAGE_UNITS)
export const conditionEnum = pgEnum('car_condition', CONDITIONS)
export const localeEnum = pgEnum('locale', LOCALES)
export const leadKindEnum = pgEnum('lead_kind', LEAD_KINDS)
/** 'spam' is from the first schema and never written: the desk rejects with a reason instead (LEAD_STATUSES). */
export const leadStatusEnum = pgEnum('lead_status', ['new', 'in_progress', 'done', 'spam', 'rejected'])
export const inspectionStatusEnum = pgEnum('inspection_status', INSPECTION_STATUSES)
export const moderationActionEnum = pgEnum('moderation_action', MODERATION_ACTIONS)
export const dealRatingEnum = pgEnum('deal_rating', DEAL_RATINGS)
export const garageStatusEnum = pgEnum('garage_status', GARAGE_STATUSES)

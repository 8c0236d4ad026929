/* Plain constants (no zod): safe to import in browser code. */

export const LOCALES = ['ru', 'kk', 'en'] as const
export const TRANSMISSIONS = ['MT', 'AT', 'CVT', 'DCT'] as const
export const DRIVES = ['FWD', 'RWD', '4WD'] as const
export const STEERINGS = ['left', 'right'] as const
export const MILEAGE_UNITS = ['km', 'mi'] as const
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
export const ENGINE_TYPES = ['petrol', 'diesel', 'hybrid', 'plugin_hybrid', 'electric', 'gas'] as const
export const CONDITIONS = ['excellent', 'good', 'fair', 'needs_repair'] as const
export const DEFAULT_LOCALE = 'ru' as const
export const DEAL_RATINGS = ['great', 'good', 'fair', 'high'] as const
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const
export const NEWNESS = ['all', 'new', 'used'] as const

/** Favourites per user: more than any buyer keeps, bounded so the wishlist and the hearts stay one query. */
export const FAVOURITES_LIMIT = 500

/** How many cars a device remembers as recently viewed, and GET /cars/cards/ answers at most. */
export const RECENTLY_VIEWED_LIMIT = 12

/** The partner request form (spec: name, phone, a short comment). */
export const PARTNER_NAME_MAX_LENGTH = 80
export const PARTNER_COMMENT_MAX_LENGTH = 500
/** Cars in one garage: more than a family or a small business keeps; each is valued once a day. */
export const GARAGE_LIMIT = 20
/**
 * The catalogue's filters, in the order its URLs write them: brand, model and city (the readable path), then the
 * query's. A saved search keeps exactly these (order, page and language are how a page is shown, not what it finds):
 * what "Save this search" posts, what the API stores and what the alerts' links open.
 */
export const CATALOGUE_FILTER_KEYS = [
  'brand',
  'model',
  'city',
  'yearFrom',
  'yearTo',
  'priceFrom',
  'priceTo',
  'mileageMax',
  'drive',
  'bodyType',
  'transmission',
  'engineType',
  'steering',
  'customsCleared',
  'newness',
  'tulpar',
  'warranty',
  'credit',
  'hot',
  'dealer',
] as const

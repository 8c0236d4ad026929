/* Plain constants (no zod): safe to import in browser code. */

export const LOCALES = ['ru', 'kk', 'en'] as const
/**
 * 'paused': a private seller did not confirm within 3 days of being asked whether the car is still for sale, or buyers
 * reported it sold (decision 032); hidden like a sold car, but the seller brings it back with one tap.
 */
export const LISTING_STATUSES = ['draft', 'moderation', 'published', 'rejected', 'sold', 'archived', 'paused'] as const
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
export const ROLES = ['user', 'manager', 'moderator', 'admin'] as const
export const LEAD_KINDS = ['callback', 'credit', 'partner_request', 'vehicle_check'] as const
/** Where a lead is in the desk: new until someone takes it, then in progress, done or rejected (with a reason). */
export const LEAD_STATUSES = ['new', 'in_progress', 'done', 'rejected'] as const
/** What an admin may give or take: admins themselves are made with `npm run admin:create`. */
export const ASSIGNABLE_ROLES = ['user', 'manager', 'moderator'] as const
/** Rows per page of the back office's lists. */
export const ADMIN_PAGE_SIZE = 20
/** The longest reason for rejecting a lead, and the longest note on one. */
export const LEAD_REASON_MAX = 500
export const LEAD_NOTE_MAX = 2000
/** What a visitor may say is wrong with a listing ("report this listing"). */
export const COMPLAINT_REASONS = ['sold', 'wrong_price', 'wrong_details', 'fraud', 'duplicate', 'other'] as const
/** A complaint's comment's longest form; "other" needs one. */
export const COMPLAINT_COMMENT_MAX = 1000
export const INSPECTION_STATUSES = ['generating', 'ready'] as const
export const MODERATION_ACTIONS = ['submitted', 'approved', 'rejected', 'returned_to_moderation'] as const
export const GARAGE_STATUSES = ['owned', 'for_sale', 'sold'] as const
export const DEFAULT_LOCALE = 'ru' as const
export const DEAL_RATINGS = ['great', 'good', 'fair', 'high'] as const
export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const
export const NEWNESS = ['all', 'new', 'used'] as const
/**
 * The market estimate's public numbers: the API's valuation rules are built from them and the car page's
 * "how we calculate this" quotes them, so the explanation cannot drift from the method.
 */
export const VALUATION_METHOD = {
  /** No estimate or rating with fewer comparable listings. */
  minComparables: 5,
  /** Comparables are at most this many model years older or newer. */
  yearWindow: 2,
  /** Great: at least this many % below the estimate (and below the usual range). */
  greatBelowPct: 10,
  /** Good: more than this many % below the estimate. */
  goodBelowPct: 3,
  /** High: more than this many % above the estimate (and above the usual range). */
  highAbovePct: 6,
} as const

/** Favourites per user: more than any buyer keeps, bounded so the wishlist and the hearts stay one query. */
export const FAVOURITES_LIMIT = 500

/** How many cars a device remembers as recently viewed, and GET /cars/cards/ answers at most. */
export const RECENTLY_VIEWED_LIMIT = 12

/** Messages between buyers and sellers (issue 11). */
export const MESSAGE_MAX_LENGTH = 2000
/** What a message asked for that scammers ask for: the other side sees a warning in their language. */
export const FRAUD_WARNINGS = ['prepayment', 'card', 'messenger'] as const

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

/**
 * Paid promotion (decision 033): a raise in the newest order (once, now), a top placement in the catalogue's marked
 * slots, a hot offer, a highlighted card.
 */
export const PROMOTION_PRODUCTS = ['raise', 'top', 'hot', 'highlight'] as const
/** Marked slots for top placements at the top of each catalogue page (the page's own order is left as it is). */
export const PROMOTED_SLOTS_PER_PAGE = 2

/**
 * Dealers' feeds (docs/feeds.md): what an import does to the dealer's cars of earlier feeds that the new feed lacks
 * (`removed`: taken off sale, `sold`, `keep`: a partial feed), and each car's outcome.
 */
export const FEED_MISSING_CARS = ['removed', 'sold', 'keep'] as const
export const FEED_IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'removed', 'refused'] as const

/**
 * What staff check before verifying a dealer (documents themselves are out of scope): every item must be ticked to
 * verify (issue 38). Here, zod-free, as the back office's page lists them.
 */
export const DEALER_CHECKLIST = [
  'registryChecked',
  'contactConfirmed',
  'addressConfirmed',
  'applicantAuthorised',
] as const

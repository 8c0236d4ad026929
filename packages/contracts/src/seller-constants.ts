/*
 * A seller's and a dealer's vocabularies (listing states, promotion products, feed outcomes), zod-free for their pages.
 * Not in constants.ts, which every page's shell loads (apps/web/vite.config.ts).
 */

/**
 * 'paused': a private seller did not confirm within 3 days of being asked whether the car is still for sale, or buyers
 * reported it sold (decision 032); hidden like a sold car, but the seller brings it back with one tap.
 */
export const LISTING_STATUSES = ['draft', 'moderation', 'published', 'rejected', 'sold', 'archived', 'paused'] as const
export const GARAGE_STATUSES = ['owned', 'for_sale', 'sold'] as const

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

/** The dealer desk's statistics (issue 38): how many days it shows by default, and the longest range it reads. */
export const DEALER_STATS_DEFAULT_DAYS = 30
export const DEALER_STATS_MAX_DAYS = 92
/** The dealer desk's bulk steps (issue 38): at most this many cars at once, and a price change within ±this percent. */
export const DEALER_BULK_MAX_CARS = 200
export const DEALER_BULK_MAX_PERCENT = 50

/**
 * A dealer's logo (issue 38): a PNG, JPEG or WebP (told from its bytes) of at most 2 MB and 16 megapixels, at least
 * 64 px on its shorter side; stored as a 256 px square holding the whole picture on white.
 */
export const DEALER_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const DEALER_LOGO_MAX_BYTES = 2 * 1024 * 1024
export const DEALER_LOGO_MAX_PIXELS = 16_000_000
export const DEALER_LOGO_MIN_SIDE_PX = 64
export const DEALER_LOGO_SIDE_PX = 256

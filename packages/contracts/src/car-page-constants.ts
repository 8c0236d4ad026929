/*
 * What a car's page and the calls it leads to use (the complaint form, the market estimate's method, messages to the
 * seller), zod-free for their pages. Not in constants.ts, which every page's shell loads (apps/web/vite.config.ts).
 */

/** What a visitor may say is wrong with a listing ("report this listing"). */
export const COMPLAINT_REASONS = ['sold', 'wrong_price', 'wrong_details', 'fraud', 'duplicate', 'other'] as const
/** A complaint's comment's longest form; "other" needs one. */
export const COMPLAINT_COMMENT_MAX = 1000
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

/** Messages between buyers and sellers (issue 11). */
export const MESSAGE_MAX_LENGTH = 2000
/** What a message asked for that scammers ask for: the other side sees a warning in their language. */
export const FRAUD_WARNINGS = ['prepayment', 'card', 'messenger'] as const

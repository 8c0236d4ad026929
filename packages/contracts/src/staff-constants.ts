/*
 * The back office's vocabularies and limits, zod-free for its pages. Not in constants.ts, which every page's shell
 * loads (apps/web/vite.config.ts): what only staff pages use stays out of every visitor's first load.
 */

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
export const INSPECTION_STATUSES = ['generating', 'ready'] as const
export const MODERATION_ACTIONS = ['submitted', 'approved', 'rejected', 'returned_to_moderation'] as const

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

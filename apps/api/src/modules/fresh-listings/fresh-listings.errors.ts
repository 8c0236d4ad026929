import { fixedError } from '../../lib/errors.ts'

/** A "still for sale" link that is forged, made for another listing or purpose, or cut short. */
export class StillForSaleLinkInvalidError extends fixedError(
  'still_for_sale.link_invalid',
  400,
  'This link is not valid',
) {}

/** A genuine link past its expiry: the seller signs in and uses the button in their listings instead. */
export class StillForSaleLinkExpiredError extends fixedError(
  'still_for_sale.link_expired',
  410,
  'This link has expired',
) {}

/** The listing is no longer one a seller can confirm (sold, removed, sent back to moderation, rejected). */
export class NotConfirmableError extends fixedError(
  'still_for_sale.not_on_sale',
  409,
  'The listing is neither on sale nor paused',
) {}

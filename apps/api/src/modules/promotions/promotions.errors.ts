import { AppError, fixedError, notFoundByIdError } from '../../lib/errors.ts'

/** Someone else's car, or no such car: its existence does not leak to a stranger. */
export class PromotableListingNotFoundError extends notFoundByIdError<number>(
  'promotion.listing_not_found',
  'Listing',
) {}

/** Only a car on sale can be promoted (a draft, a car in moderation, sold or paused cannot). */
export class ListingNotPromotableError extends AppError {
  constructor(status: string) {
    super('promotion.listing_not_published', 409, `The listing is ${status}, not on sale`)
  }
}

/** The same product already runs for the car: the same period is not paid twice (decision 033). */
export class PromotionAlreadyActiveError extends fixedError(
  'promotion.already_active',
  409,
  'This product already runs for the listing',
) {}

/** The product and duration are not on the price list. */
export class UnknownPromotionProductError extends fixedError(
  'promotion.unknown_product',
  400,
  'No such product and duration on the price list',
) {}

/** Someone else's order is "not found" too. */
export class PromotionOrderNotFoundError extends notFoundByIdError<number>('promotion.order_not_found', 'Order') {}

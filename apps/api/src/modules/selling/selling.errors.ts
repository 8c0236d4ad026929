import { MAX_LISTING_PHOTOS, MAX_OPEN_DRAFTS } from '@tulpar/contracts'
import { AppError, fixedError, notFoundByIdError } from '../../lib/errors.ts'

/** Upload errors are the media intake's, one set for every upload. */
export { PhotoTooLargeError } from '../media/index.ts'

export class ListingNotEditableError extends AppError {
  constructor(status: string) {
    super('listing.not_editable', 409, `A ${status} listing cannot be changed`)
  }
}
export class ListingStatusError extends AppError {
  constructor(action: string, status: string) {
    super('listing.invalid_status', 409, `Cannot ${action} a listing that is ${status}`)
  }
}
export class TooManyDraftsError extends fixedError(
  'listing.too_many_drafts',
  409,
  `At most ${MAX_OPEN_DRAFTS} drafts; finish or delete one first`,
) {}
export class TooManyPhotosError extends fixedError(
  'photo.too_many',
  409,
  `A listing may have at most ${MAX_LISTING_PHOTOS} photos`,
) {}
export class NoPhotoSentError extends fixedError('photo.none', 400, 'Send one or more files in parts named "photos"') {}
export class PhotoNotFoundError extends notFoundByIdError<number>('photo.not_found', 'Photo') {}
export class ContactPhoneNotConfirmedError extends fixedError(
  'selling.phone_not_confirmed',
  409,
  'Confirm the contact phone with the code we send by SMS before sending the listing to moderation',
) {}
export class NoContactPhoneError extends fixedError(
  'selling.no_contact_phone',
  409,
  'The listing has no contact phone; fill in the price and contacts step',
) {}

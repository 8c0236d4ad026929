import { MAX_LISTING_PHOTOS, MAX_OPEN_DRAFTS, MAX_PHOTO_BYTES, MIN_PHOTO_SIDE_PX } from '@tulpar/contracts'
import { AppError } from '../../lib/errors.ts'

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
export class TooManyDraftsError extends AppError {
  constructor() {
    super('listing.too_many_drafts', 409, `At most ${MAX_OPEN_DRAFTS} drafts; finish or delete one first`)
  }
}
export class PhotoTooLargeError extends AppError {
  constructor() {
    super('photo.too_large', 413, `A photo may be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`)
  }
}
export class NotAPhotoError extends AppError {
  constructor() {
    super('photo.not_image', 415, 'The file is not a photo: send JPEG, PNG, WebP or AVIF')
  }
}
export class UnreadablePhotoError extends AppError {
  constructor() {
    super('photo.invalid', 400, 'The photo is damaged or cannot be read')
  }
}
export class PhotoTooSmallError extends AppError {
  constructor() {
    super('photo.too_small', 400, `A photo must be at least ${MIN_PHOTO_SIDE_PX} px on its shorter side`)
  }
}
export class TooManyPhotosError extends AppError {
  constructor() {
    super('photo.too_many', 409, `A listing may have at most ${MAX_LISTING_PHOTOS} photos`)
  }
}
export class NoPhotoSentError extends AppError {
  constructor() {
    super('photo.none', 400, 'Send one or more files in parts named "photos"')
  }
}
export class PhotoNotFoundError extends AppError {
  constructor(id: number) {
    super('photo.not_found', 404, `Photo ${id} not found`)
  }
}
export class ContactPhoneNotConfirmedError extends AppError {
  constructor() {
    super(
      'selling.phone_not_confirmed',
      409,
      'Confirm the contact phone with the code we send by SMS before sending the listing to moderation',
    )
  }
}
export class NoContactPhoneError extends AppError {
  constructor() {
    super('selling.no_contact_phone', 409, 'The listing has no contact phone; fill in the price and contacts step')
  }
}

export {
  type IllustrationFile,
  parseIllustrationFile,
  renderIllustrationFile,
  storeIllustration,
} from './illustrations.files.ts'
export {
  ILLUSTRATION_SCENES,
  ILLUSTRATION_SIZE,
  type IllustrationScene,
  illustrationKey,
  illustrationSvg,
  renderIllustration,
} from './illustrations.ts'
export { createMediaStorage } from './media.factory.ts'
export {
  type IntakeRules,
  intakePhoto,
  NotAPhotoError,
  PhotoTooLargeError,
  PhotoTooManyPixelsError,
  PhotoTooSmallError,
  UnreadablePhotoError,
} from './media.intake.ts'
export { registerIllustrationRoute, registerMediaRedirect } from './media.routes.ts'
export { createS3Storage, type S3Settings } from './media.s3.ts'
export { ACCEPTED_PHOTO_FORMATS, type SniffedImage, sniffImage } from './media.sniff.ts'
export {
  assertValidMediaKey,
  createLocalDiskStorage,
  InvalidMediaKeyError,
  type MediaStorage,
} from './media.storage.ts'
export { type MediaOwner, ORPHAN_GRACE_MS, startMediaSweep, sweepOrphanMedia } from './media.sweep.ts'
export {
  MEDIA_URL_PREFIX,
  PHOTO_CONTENT_TYPES,
  PHOTO_EXTENSIONS,
  PHOTO_VARIANT_NAMES,
  type PhotoFormat,
  type PhotoVariant,
  photoFileKey,
  photoSources,
  photoUrl,
} from './media.urls.ts'
export {
  InvalidPhotoError,
  PHOTO_ENCODERS,
  PHOTO_FORMATS,
  PHOTO_VARIANTS,
  type ProcessedPhoto,
  type ProcessedPhotoFile,
  processPhoto,
  storePhoto,
} from './media.variants.ts'

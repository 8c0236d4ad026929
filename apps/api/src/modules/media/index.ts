export { storeIllustration } from './illustrations.files.ts'
export {
  ILLUSTRATION_SIZE,
  illustrationKey,
} from './illustrations.ts'
export { createMediaStorage } from './media.factory.ts'
export {
  intakePhoto,
  intakeSquare,
  PhotoTooLargeError,
} from './media.intake.ts'
export { registerIllustrationRoute, registerMediaRedirect } from './media.routes.ts'
export {
  createLocalDiskStorage,
  type MediaStorage,
} from './media.storage.ts'
export { startMediaSweep } from './media.sweep.ts'
export { photoUrl } from './media.urls.ts'
export {
  type ProcessedPhoto,
  storePhoto,
} from './media.variants.ts'

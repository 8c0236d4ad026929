import { MAX_PHOTO_PIXELS } from '@tulpar/contracts'
import sharp from 'sharp'
import { AppError } from '../../lib/errors.ts'
import { ACCEPTED_PHOTO_FORMATS, sniffImage } from './media.sniff.ts'
import { InvalidPhotoError, type ProcessedPhoto, processPhoto } from './media.variants.ts'

export class PhotoTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super('photo.too_large', 413, `A photo may be at most ${maxBytes / 1024 / 1024} MB`)
  }
}
class NotAPhotoError extends AppError {
  constructor() {
    super('photo.not_image', 415, 'The file is not a photo: send JPEG, PNG, WebP or AVIF')
  }
}
class PhotoTooManyPixelsError extends AppError {
  constructor() {
    super('photo.too_many_pixels', 413, `A photo may have at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels`)
  }
}
class UnreadablePhotoError extends AppError {
  constructor() {
    super('photo.invalid', 400, 'The photo is damaged or cannot be read')
  }
}
class PhotoTooSmallError extends AppError {
  constructor(minSidePx: number) {
    super('photo.too_small', 400, `A photo must be at least ${minSidePx} px on its shorter side`)
  }
}

export interface IntakeRules {
  /** Bytes the upload may have. */
  maxBytes: number
  /** Shorter side the picture must have, px (0: any). */
  minSidePx?: number
}

/** Width and height from the image's header, without decoding its pixels; null when the header is unreadable. */
async function headerSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata()
    return width && height ? { width, height } : null
  } catch {
    return null
  }
}

/**
 * The one way an uploaded image enters the product (listing photos, profile photos): the format comes from the
 * bytes (never the file name or declared type; SVG, GIF and HEIC are refused), the pixel count from the header
 * before anything is decoded, then the photo variants are made. Stores nothing. Throws PhotoTooLargeError,
 * NotAPhotoError, PhotoTooManyPixelsError, UnreadablePhotoError, PhotoTooSmallError.
 */
export async function intakePhoto(bytes: Buffer, { maxBytes, minSidePx = 0 }: IntakeRules): Promise<ProcessedPhoto> {
  if (bytes.length > maxBytes) throw new PhotoTooLargeError(maxBytes)
  const format = sniffImage(bytes)
  if (!format || !ACCEPTED_PHOTO_FORMATS.includes(format)) throw new NotAPhotoError()
  const size = await headerSize(bytes)
  if (!size) throw new UnreadablePhotoError()
  if (size.width * size.height > MAX_PHOTO_PIXELS) throw new PhotoTooManyPixelsError()
  let processed: ProcessedPhoto
  try {
    processed = await processPhoto(bytes)
  } catch (error) {
    if (error instanceof InvalidPhotoError) throw new UnreadablePhotoError()
    throw error
  }
  if (Math.min(processed.width, processed.height) < minSidePx) throw new PhotoTooSmallError(minSidePx)
  return processed
}

import { MAX_PHOTO_PIXELS } from '@tulpar/contracts'
import sharp from 'sharp'
import { AppError } from '../../lib/errors.ts'
import { ACCEPTED_PHOTO_FORMATS, type SniffedImage, sniffImage } from './media.sniff.ts'
import { InvalidPhotoError, type ProcessedPhoto, processPhoto, processSquare } from './media.variants.ts'

export class PhotoTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super('photo.too_large', 413, `A photo may be at most ${maxBytes / 1024 / 1024} MB`)
  }
}
class NotAPhotoError extends AppError {
  constructor(formats: readonly SniffedImage[]) {
    const names = formats.map((f) => (f === 'jpeg' ? 'JPEG' : f === 'webp' ? 'WebP' : f.toUpperCase()))
    super('photo.not_image', 415, `The file is not a photo: send ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`)
  }
}
class PhotoTooManyPixelsError extends AppError {
  constructor(maxPixels: number) {
    super('photo.too_many_pixels', 413, `A photo may have at most ${maxPixels / 1_000_000} megapixels`)
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
  /** Pixels the picture may have, read from its header before decoding (default: a photo's limit). */
  maxPixels?: number
  /** Formats taken, told from the bytes (default: every one the pipeline reads). */
  formats?: readonly SniffedImage[]
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
 * What every upload is checked for before anything is decoded: its size, its format from the bytes (never the file
 * name or declared type; SVG, GIF and HEIC are refused) and its pixel count from the header.
 */
async function checkUpload(
  bytes: Buffer,
  { maxBytes, maxPixels = MAX_PHOTO_PIXELS, formats = ACCEPTED_PHOTO_FORMATS }: IntakeRules,
): Promise<{ width: number; height: number }> {
  if (bytes.length > maxBytes) throw new PhotoTooLargeError(maxBytes)
  const format = sniffImage(bytes)
  if (!format || !formats.includes(format)) throw new NotAPhotoError(formats)
  const size = await headerSize(bytes)
  if (!size) throw new UnreadablePhotoError()
  if (size.width * size.height > maxPixels) throw new PhotoTooManyPixelsError(maxPixels)
  return size
}

async function decoded(process: Promise<ProcessedPhoto>): Promise<ProcessedPhoto> {
  try {
    return await process
  } catch (error) {
    if (error instanceof InvalidPhotoError) throw new UnreadablePhotoError()
    throw error
  }
}

/**
 * The one way an uploaded image enters the product (listing photos, profile photos): checked (checkUpload), then
 * the photo variants are made. Stores nothing. Throws PhotoTooLargeError, NotAPhotoError, PhotoTooManyPixelsError,
 * UnreadablePhotoError, PhotoTooSmallError.
 */
export async function intakePhoto(bytes: Buffer, rules: IntakeRules): Promise<ProcessedPhoto> {
  await checkUpload(bytes, rules)
  const processed = await decoded(processPhoto(bytes))
  const minSidePx = rules.minSidePx ?? 0
  if (Math.min(processed.width, processed.height) < minSidePx) throw new PhotoTooSmallError(minSidePx)
  return processed
}

/**
 * A logo through the same intake: checked like a photo (its shorter side from the header, which turning it upright
 * does not change), then one `card` file per format, a `sidePx` square holding the whole picture on white. Stores
 * nothing; throws what intakePhoto throws.
 */
export async function intakeSquare(bytes: Buffer, { sidePx, ...rules }: IntakeRules & { sidePx: number }) {
  const { width, height } = await checkUpload(bytes, rules)
  const minSidePx = rules.minSidePx ?? 0
  if (Math.min(width, height) < minSidePx) throw new PhotoTooSmallError(minSidePx)
  return decoded(processSquare(bytes, sidePx))
}

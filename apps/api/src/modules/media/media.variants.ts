import { createHash } from 'node:crypto'
import { MAX_PHOTO_PIXELS } from '@tulpar/contracts'
import sharp, { type Sharp } from 'sharp'
import type { MediaStorage } from './media.storage.ts'
import {
  PHOTO_CONTENT_TYPES,
  PHOTO_FORMATS,
  PHOTO_VARIANT_NAMES,
  type PhotoFormat,
  type PhotoVariant,
  photoFileKey,
} from './media.urls.ts'

export type { PhotoFormat, PhotoVariant } from './media.urls.ts'

/** Bounding boxes of the stored variants (4:3). `card` is cropped to fill; the others keep the whole photo. */
export const PHOTO_VARIANTS = {
  card: { width: 480, height: 360 },
  gallery: { width: 1024, height: 768 },
  full: { width: 1600, height: 1200 },
} as const satisfies Record<PhotoVariant, { width: number; height: number }>

/**
 * Encoder settings, chosen for throughput on a 2-core box (measured on a 12 MP photo, full 1600x1200 variant):
 * - AVIF effort 0 + 4:2:0 encodes ~5x faster than effort 2 (~0.22 s vs ~1.1 s) for ~10% more bytes at equal
 *   PSNR; the default effort 4 takes ~7.5 s. AVIF is what most browsers get, so quality stays at 50.
 * - WebP effort 3: same size as the default effort 4, slightly faster.
 * - JPEG is only the `<picture>` fallback: plain libjpeg-turbo (progressive, optimised Huffman) is ~8x faster
 *   than mozjpeg for ~17% more bytes on a format almost no browser downloads.
 */
const PHOTO_ENCODERS = {
  avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 3 },
  jpeg: { quality: 80, progressive: true },
} as const

interface ProcessedPhotoFile {
  variant: PhotoVariant
  format: PhotoFormat
  data: Buffer
  contentType: string
}

export interface ProcessedPhoto {
  /** Size of the original after applying its EXIF orientation. */
  width: number
  height: number
  /** Hex SHA-256 of the uploaded bytes, for de-duplication. */
  sha256: string
  files: ProcessedPhotoFile[]
}

/** The upload is not a decodable image (wrong type, truncated or corrupt). */
export class InvalidPhotoError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'InvalidPhotoError'
  }
}

/**
 * Decodes once (EXIF-oriented, metadata dropped, sRGB), shrinks to a working copy just big enough for every
 * variant, then resizes and encodes each variant in AVIF, WebP and JPEG in parallel.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const sha256 = createHash('sha256').update(input).digest('hex')
  const working = await decodeWorkingCopy(input)
  const raw = { raw: { width: working.width, height: working.height, channels: working.channels } }

  const files = await Promise.all(
    PHOTO_VARIANT_NAMES.flatMap((variant) => {
      const { width, height } = PHOTO_VARIANTS[variant]
      const fit = variant === 'card' ? { fit: 'cover' as const } : { fit: 'inside' as const, withoutEnlargement: true }
      const resized = sharp(working.data, raw).resize(width, height, fit)
      return PHOTO_FORMATS.map(async (format): Promise<ProcessedPhotoFile> => {
        const data = await encode(resized.clone(), format).toBuffer()
        return { variant, format, data, contentType: PHOTO_CONTENT_TYPES[format] }
      })
    }),
  )
  return { width: working.originalWidth, height: working.originalHeight, sha256, files }
}

/**
 * One square of `sidePx` holding the whole picture on white (a logo), in every format, as the `card` variant: the
 * same decoding and encoders as a photo's.
 */
export async function processSquare(input: Buffer, sidePx: number): Promise<ProcessedPhoto> {
  const sha256 = createHash('sha256').update(input).digest('hex')
  const working = await decodeWorkingCopy(input)
  const raw = { raw: { width: working.width, height: working.height, channels: working.channels } }
  const square = sharp(working.data, raw).resize(sidePx, sidePx, { fit: 'contain', background: '#ffffff' })
  const files = await Promise.all(
    PHOTO_FORMATS.map(async (format): Promise<ProcessedPhotoFile> => {
      const data = await encode(square.clone(), format).toBuffer()
      return { variant: 'card', format, data, contentType: PHOTO_CONTENT_TYPES[format] }
    }),
  )
  return { width: working.originalWidth, height: working.originalHeight, sha256, files }
}

/** Writes every file of `processed` to `${key}/${variant}.${ext}`. */
export async function storePhoto(storage: MediaStorage, key: string, processed: ProcessedPhoto): Promise<void> {
  await Promise.all(
    processed.files.map((file) =>
      storage.put(photoFileKey(key, file.variant, file.format), file.data, file.contentType),
    ),
  )
}

export function encode(pipeline: Sharp, format: PhotoFormat): Sharp {
  if (format === 'avif') return pipeline.avif(PHOTO_ENCODERS.avif)
  if (format === 'webp') return pipeline.webp(PHOTO_ENCODERS.webp)
  return pipeline.jpeg(PHOTO_ENCODERS.jpeg)
}

interface WorkingCopy {
  data: Buffer
  width: number
  height: number
  channels: 3
  originalWidth: number
  originalHeight: number
}

async function decodeWorkingCopy(input: Buffer): Promise<WorkingCopy> {
  try {
    const source = sharp(input, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS }).rotate()
    const { width: originalWidth, height: originalHeight } = (await source.metadata()).autoOrient
    const scale = workingScale(originalWidth, originalHeight)
    if (scale < 1) {
      const width = Math.max(1, Math.round(originalWidth * scale))
      source.resize(width, Math.max(1, Math.round(originalHeight * scale)), { fit: 'fill' })
    }
    const { data, info } = await source
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    if (info.channels !== 3) throw new Error(`Unexpected channel count ${info.channels}`)
    return { data, width: info.width, height: info.height, channels: 3, originalWidth, originalHeight }
  } catch (error) {
    throw new InvalidPhotoError(`Not a decodable image: ${error instanceof Error ? error.message : error}`, {
      cause: error,
    })
  }
}

/**
 * Scale of the working copy: as small as `full` (inside 1600x1200) allows, but never smaller than what the
 * `card` crop (cover 480x360) needs, so panoramas do not get their card upscaled from a thin strip.
 */
export function workingScale(width: number, height: number): number {
  const full = Math.min(PHOTO_VARIANTS.full.width / width, PHOTO_VARIANTS.full.height / height)
  const card = Math.max(PHOTO_VARIANTS.card.width / width, PHOTO_VARIANTS.card.height / height)
  return Math.min(1, Math.max(full, card))
}

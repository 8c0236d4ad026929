/**
 * Public URLs of stored photo variants. Pure and browser-safe: no node imports, so the web app can use it
 * to build `<picture>` sources without pulling the image pipeline (sharp) into its bundle.
 */

export const PHOTO_VARIANT_NAMES = ['card', 'gallery', 'full'] as const
export type PhotoVariant = (typeof PHOTO_VARIANT_NAMES)[number]

/** Listed in `<picture>` preference order: best compression first, JPEG as the universal fallback. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const
export type PhotoFormat = (typeof PHOTO_FORMATS)[number]

export const PHOTO_EXTENSIONS: Readonly<Record<PhotoFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' }

export const PHOTO_CONTENT_TYPES: Readonly<Record<PhotoFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
}

export const MEDIA_URL_PREFIX = '/media'

/** Storage key of one encoded file, relative to the photo's key: `${key}/${variant}.${ext}`. */
export function photoFileKey(key: string, variant: PhotoVariant, format: PhotoFormat): string {
  return `${key}/${variant}.${PHOTO_EXTENSIONS[format]}`
}

export function photoUrl(key: string, variant: PhotoVariant, format: PhotoFormat): string {
  return `${MEDIA_URL_PREFIX}/${photoFileKey(key, variant, format)}`
}

export function photoSources(key: string, variant: PhotoVariant): Record<PhotoFormat, string> {
  return {
    avif: photoUrl(key, variant, 'avif'),
    webp: photoUrl(key, variant, 'webp'),
    jpeg: photoUrl(key, variant, 'jpeg'),
  }
}

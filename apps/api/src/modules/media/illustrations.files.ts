import { BODY_TYPES, type BodyType } from '@tulpar/contracts'
import sharp from 'sharp'
import { ILLUSTRATION_SIZE, type IllustrationScene, illustrationSvg } from './illustrations.ts'
import type { MediaStorage } from './media.storage.ts'
import { PHOTO_CONTENT_TYPES, PHOTO_FORMATS, type PhotoFormat, type PhotoVariant, photoFileKey } from './media.urls.ts'
import { encode, PHOTO_VARIANTS } from './media.variants.ts'

const FILE = /^illustrations\/([a-z]+)-([0-9a-f]{6})-([0-2])\/(card|gallery|full)\.(avif|webp|jpg)$/
const EXT_FORMAT: Record<string, PhotoFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg' }

export interface IllustrationFile {
  bodyType: BodyType
  colourHex: string
  scene: IllustrationScene
  variant: PhotoVariant
  format: PhotoFormat
}

/** Reads `illustrations/sedan-ffffff-0/card.avif`; null for anything that is not an illustration file. */
export function parseIllustrationFile(path: string): IllustrationFile | null {
  const m = FILE.exec(path)
  if (!m) return null
  const [, body, hex, scene, variant, ext] = m
  if (!BODY_TYPES.includes(body as BodyType)) return null
  return {
    bodyType: body as BodyType,
    colourHex: `#${hex}`,
    scene: Number(scene) as IllustrationScene,
    variant: variant as PhotoVariant,
    format: EXT_FORMAT[ext ?? ''] ?? 'jpeg',
  }
}

/**
 * Draws one variant of an illustration straight at its size (the SVG is rasterised at the target density, so
 * a card costs a fraction of the full picture) and encodes it with the photo encoders.
 */
export async function renderIllustrationFile(file: IllustrationFile): Promise<Buffer> {
  const { width, height } = PHOTO_VARIANTS[file.variant]
  const svg = illustrationSvg(file.bodyType, file.colourHex, file.scene)
  const density = (72 * width) / ILLUSTRATION_SIZE.width
  const pipeline = sharp(Buffer.from(svg), { density }).resize(width, height, { fit: 'cover' }).flatten()
  return encode(pipeline, file.format).toBuffer()
}

/** Renders every variant and format of an illustration into storage (seed-time pre-rendering). */
export async function storeIllustration(
  storage: MediaStorage,
  key: string,
  bodyType: BodyType,
  colourHex: string,
  scene: IllustrationScene,
): Promise<void> {
  for (const variant of ['card', 'gallery', 'full'] as const) {
    for (const format of PHOTO_FORMATS) {
      const data = await renderIllustrationFile({ bodyType, colourHex, scene, variant, format })
      await storage.put(photoFileKey(key, variant, format), data, PHOTO_CONTENT_TYPES[format])
    }
  }
}

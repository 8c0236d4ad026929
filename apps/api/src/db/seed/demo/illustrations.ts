import { createHash } from 'node:crypto'
import type { BodyType } from '@tulpar/contracts'
import {
  ILLUSTRATION_SIZE,
  illustrationKey,
  type MediaStorage,
  storeIllustration,
} from '../../../modules/media/index.ts'
import type { PhotoSpec } from './types.ts'

/**
 * Demo photos are honest illustrations (a drawing of the body type in the car's colour, three scenes), shared by
 * every listing with the same body type and colour. The photo row's sha256 is the hash of the storage key, not
 * of image bytes: the illustration is rendered once for all the listings that use it, and identical hashes
 * across listings are expected for illustrations (`is_illustration` tells the duplicate-photo signal to skip them).
 */

export const ILLUSTRATION_WIDTH = ILLUSTRATION_SIZE.width
export const ILLUSTRATION_HEIGHT = ILLUSTRATION_SIZE.height

export interface IllustrationRef {
  key: string
  /** A body type code from the reference table (the same codes as the contracts' BodyType). */
  bodyType: BodyType
  colourHex: string
  scene: 0 | 1 | 2
  sha256: string
}

/** Keys and hashes of the illustrations used so far, by `bodyType|hex|scene`. */
export class IllustrationRegistry {
  readonly used = new Map<string, IllustrationRef>()

  get(photo: Pick<PhotoSpec, 'bodyType' | 'colourHex' | 'scene'>): IllustrationRef {
    const id = `${photo.bodyType}|${photo.colourHex}|${photo.scene}`
    let ref = this.used.get(id)
    if (!ref) {
      const bodyType = photo.bodyType as BodyType
      const key = illustrationKey(bodyType, photo.colourHex, photo.scene)
      ref = { key, bodyType, colourHex: photo.colourHex, scene: photo.scene, sha256: sha256Hex(key) }
      this.used.set(id, ref)
    }
    return ref
  }
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/**
 * Renders and stores the illustrations that are not in storage yet, `concurrency` at a time (the image
 * pipeline already uses several threads per photo). Returns how many were rendered.
 */
export async function renderMissingIllustrations(
  storage: MediaStorage,
  refs: readonly IllustrationRef[],
  onProgress: (done: number, total: number) => void = () => {},
  concurrency = 2,
): Promise<number> {
  const missing: IllustrationRef[] = []
  for (const ref of refs) if (!(await storage.exists(`${ref.key}/card.jpg`))) missing.push(ref)
  let next = 0
  let done = 0
  const worker = async () => {
    while (next < missing.length) {
      const ref = missing[next++] as IllustrationRef
      // Drawn straight at each variant's size: several times cheaper than one big render resized.
      await storeIllustration(storage, ref.key, ref.bodyType, ref.colourHex, ref.scene)
      done++
      onProgress(done, missing.length)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker))
  return missing.length
}

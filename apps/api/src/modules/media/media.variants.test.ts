import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import type { MediaStorage } from './media.storage.ts'
import { PHOTO_FORMATS, PHOTO_VARIANT_NAMES, photoFileKey } from './media.urls.ts'
import { InvalidPhotoError, PHOTO_VARIANTS, processPhoto, storePhoto, workingScale } from './media.variants.ts'

/** A 1200x900 landscape JPEG whose EXIF says "rotate 90° clockwise" (orientation 6) and carries a GPS fix. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a6ea5' } })
    .composite([
      { input: { create: { width: 300, height: 900, channels: 3, background: '#e74c3c' } }, left: 0, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TulparTestCam', Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 14/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '76/1 53/1 0/1' },
    })
    .toBuffer()
}

describe('processPhoto', () => {
  test('the test fixture really carries orientation 6 and GPS EXIF', async () => {
    const meta = await sharp(await phoneJpeg()).metadata()
    expect(meta.orientation).toBe(6)
    expect(meta.exif?.toString('latin1')).toContain('TulparTestCam')
    expect(meta.exif?.toString('latin1')).toContain('N\0')
  })

  test('applies the EXIF orientation and strips EXIF and GPS from every output', async () => {
    const result = await processPhoto(await phoneJpeg())
    expect({ width: result.width, height: result.height }).toEqual({ width: 900, height: 1200 })
    for (const file of result.files) {
      const meta = await sharp(file.data).metadata()
      expect(meta.exif, `${file.variant}.${file.format}`).toBeUndefined()
      expect(meta.orientation ?? 1).toBe(1)
      if (file.variant !== 'card') expect(meta.height).toBeGreaterThan(meta.width)
    }
  })

  test('the red band on the left ends up on top after rotation', async () => {
    const result = await processPhoto(await phoneJpeg())
    const full = result.files.find((f) => f.variant === 'full' && f.format === 'jpeg')
    const { data } = await sharp(full?.data).resize(3, 4, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true })
    const [r = 0, , b = 0] = data
    expect(r).toBeGreaterThan(b)
  })

  test('produces every variant in every format with its content type and dimensions', async () => {
    const result = await processPhoto(await phoneJpeg())
    expect(result.files).toHaveLength(PHOTO_VARIANT_NAMES.length * PHOTO_FORMATS.length)
    const expected = { avif: ['heif', 'image/avif'], webp: ['webp', 'image/webp'], jpeg: ['jpeg', 'image/jpeg'] }
    const sizes = { card: [480, 360], gallery: [576, 768], full: [900, 1200] }
    for (const variant of PHOTO_VARIANT_NAMES) {
      for (const format of PHOTO_FORMATS) {
        const file = result.files.find((f) => f.variant === variant && f.format === format)
        expect(file, `${variant}.${format}`).toBeDefined()
        const meta = await sharp(file?.data).metadata()
        expect([meta.format, file?.contentType]).toEqual(expected[format])
        expect([meta.width, meta.height], `${variant}.${format}`).toEqual(sizes[variant])
      }
    }
  })

  test('fits large photos inside full/gallery and crops the card to 4:3', async () => {
    const big = await sharp({ create: { width: 4000, height: 2000, channels: 3, background: '#777777' } })
      .jpeg()
      .toBuffer()
    const result = await processPhoto(big)
    const size = async (variant: string) => {
      const meta = await sharp(result.files.find((f) => f.variant === variant)?.data).metadata()
      return [meta.width, meta.height]
    }
    expect(await size('full')).toEqual([1600, 800])
    expect(await size('gallery')).toEqual([1024, 512])
    expect(await size('card')).toEqual([PHOTO_VARIANTS.card.width, PHOTO_VARIANTS.card.height])
  })

  test('keeps enough pixels for the card when the photo is a panorama', () => {
    const scale = workingScale(8000, 1000)
    expect(1000 * scale).toBeGreaterThanOrEqual(PHOTO_VARIANTS.card.height)
    expect(workingScale(400, 300)).toBe(1)
  })

  test('puts transparent PNGs on white and accepts WebP and CMYK JPEG uploads', async () => {
    const blank = { width: 800, height: 600, channels: 4 as const, background: { r: 0, g: 0, b: 0, alpha: 0 } }
    const inputs = [
      await sharp({ create: blank }).png().toBuffer(),
      await sharp({ create: { ...blank, background: '#ffffff' } })
        .webp()
        .toBuffer(),
      await sharp({ create: { ...blank, background: '#ffffff' } })
        .toColourspace('cmyk')
        .jpeg()
        .toBuffer(),
    ]
    for (const input of inputs) {
      const card = (await processPhoto(input)).files.find((f) => f.variant === 'card' && f.format === 'jpeg')
      const [r = 0, g = 0, b = 0] = await sharp(card?.data).raw().toBuffer()
      expect(Math.min(r, g, b)).toBeGreaterThan(245)
    }
  })

  test('rejects a text file renamed to .jpg', async () => {
    const notAnImage = Buffer.from('Toyota Camry 2019, 45 000 km, one owner\n')
    await expect(processPhoto(notAnImage)).rejects.toBeInstanceOf(InvalidPhotoError)
  })

  test('rejects a truncated JPEG', async () => {
    const jpeg = await phoneJpeg()
    await expect(processPhoto(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toBeInstanceOf(InvalidPhotoError)
  })

  test('reports the SHA-256 of the original bytes', async () => {
    const input = await phoneJpeg()
    const result = await processPhoto(input)
    expect(result.sha256).toBe(createHash('sha256').update(input).digest('hex'))
  })
})

describe('storePhoto', () => {
  test('writes every file under the photo key with its extension and content type', async () => {
    const written = new Map<string, string>()
    const storage: MediaStorage = {
      put: async (key, _data, contentType) => {
        written.set(key, contentType)
      },
      exists: async (key) => written.has(key),
      deletePrefix: async () => {},
      list: async function* () {},
    }
    await storePhoto(storage, 'listings/42/abc', await processPhoto(await phoneJpeg()))
    expect(written.get('listings/42/abc/card.avif')).toBe('image/avif')
    expect(written.get('listings/42/abc/gallery.webp')).toBe('image/webp')
    expect(written.get('listings/42/abc/full.jpg')).toBe('image/jpeg')
    expect(written.size).toBe(9)
    expect(photoFileKey('k', 'card', 'jpeg')).toBe('k/card.jpg')
  })
})

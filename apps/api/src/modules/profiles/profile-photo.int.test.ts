import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountHelpers } from '../../testing/accounts.ts'
import { hugePng, SVG_IMAGE } from '../../testing/images.ts'
import { createTestApp } from '../../testing/test-app.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { signUp, myProfile } = accountHelpers(() => t.app)

describe('profile photo', () => {
  const jpegWithGps = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#1f6feb' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '43/1 15/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '76/1 57/1 0/1',
        },
      })
      .toBuffer()
  const upload = (auth: Record<string, string>, body: Buffer, type = 'image/jpeg') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profiles/photo/',
      headers: { ...auth, 'content-type': type },
      payload: body,
    })

  test('is stored upright, resized, without EXIF or GPS, and replaces the old one', async () => {
    const s = await signUp()
    const source = await jpegWithGps()
    expect((await sharp(source).metadata()).exif).toBeDefined()
    const res = await upload(s.auth, source)
    expect(res.statusCode, res.body).toBe(200)
    const photo = res.json().photo as string
    expect(photo).toMatch(/^\/media\/profiles\/\d+\/[0-9a-f]{16}\/card\.jpg$/)
    const stored = await readFile(join(t.mediaDir, photo.replace('/media/', '')))
    const meta = await sharp(stored).metadata()
    expect(meta.exif).toBeUndefined()
    // The card is a 480x360 crop whatever the orientation (rotation itself is covered by media.variants tests).
    expect([meta.width, meta.height]).toEqual([480, 360])
    const second = await upload(
      s.auth,
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
      'image/png',
    )
    expect(second.statusCode).toBe(200)
    await expect(readFile(join(t.mediaDir, photo.replace('/media/', '')))).rejects.toThrow()
  })

  test('a renamed non-image is refused and the profile keeps its photo', async () => {
    const s = await signUp()
    const res = await upload(s.auth, Buffer.from('this is a text file pretending to be a jpeg'))
    expect(res.statusCode).toBe(415)
    expect(res.json().code).toBe('photo.not_image')
    expect((await myProfile(s.auth)).photo).toBeNull()
  })

  test('an SVG is refused whatever it is called, like on listing photos', async () => {
    const s = await signUp()
    for (const type of ['image/svg+xml', 'image/png']) {
      const res = await upload(s.auth, SVG_IMAGE, type)
      expect(res.statusCode, type).toBe(415)
      expect(res.json().code).toBe('photo.not_image')
    }
    expect((await myProfile(s.auth)).photo).toBeNull()
  })

  test('a 16,000 x 16,000 PNG is refused from its header, before it is decoded', async () => {
    const s = await signUp()
    const res = await upload(s.auth, hugePng(16_000, 16_000), 'image/png')
    expect(res.statusCode).toBe(413)
    expect(res.json().code).toBe('photo.too_many_pixels')
    expect((await myProfile(s.auth)).photo).toBeNull()
  })

  test('guests cannot upload, and files over 10 MB are refused', async () => {
    expect((await upload({}, await jpegWithGps())).statusCode).toBe(401)
    const s = await signUp()
    expect((await upload(s.auth, Buffer.alloc(10 * 1024 * 1024 + 1))).statusCode).toBe(413)
  })
})

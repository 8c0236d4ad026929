import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addListingPhoto, createListing } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { illustrationKey } from './illustrations.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const get = (url: string) => t.app.inject({ method: 'GET', url })
const stored = async () => readdir(join(t.mediaDir, 'illustrations')).catch(() => [] as string[])

describe('demo illustrations', () => {
  test('an illustration a listing has is drawn once, then served from storage', async () => {
    const listing = await createListing(t.db)
    const key = illustrationKey('suv', '#1f6feb', 1)
    await addListingPhoto(t.db, listing.id, { sha256: 'a'.repeat(64), isIllustration: true, storageKey: key })
    const res = await get(`/media/${key}/card.webp`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect((await sharp(res.rawPayload).metadata()).width).toBe(480)
    expect(await stored()).toEqual([key.replace('illustrations/', '')])
    expect((await get(`/media/${key}/card.webp`)).statusCode).toBe(200)
  })

  test('a colour or body no listing has is a 404: nothing is drawn, nothing is written', async () => {
    const before = await stored()
    for (let i = 0; i < 20; i++) {
      const hex = (0x100000 + i * 4099).toString(16)
      const res = await get(`/media/illustrations/sedan-${hex}-0/full.avif`)
      expect(res.statusCode).toBe(404)
    }
    // A photo that is not an illustration does not make its key drawable either.
    const listing = await createListing(t.db)
    const key = illustrationKey('pickup', '#00aa00', 2)
    await addListingPhoto(t.db, listing.id, { sha256: 'b'.repeat(64), storageKey: key })
    expect((await get(`/media/${key}/gallery.jpg`)).statusCode).toBe(404)
    expect(await stored()).toEqual(before)
  })
})

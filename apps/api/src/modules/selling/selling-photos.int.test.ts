import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { listingPhotos, listings, moderationEvents } from '../../db/schema.ts'
import { hugePng, SVG_IMAGE } from '../../testing/images.ts'
import { photoJpeg, useSellingApp } from '../../testing/selling.ts'

const { t, refs, signUp, json, createDraft, fillAll, upload } = useSellingApp()
const jpeg = async (colour?: string) => ({ name: 'car.jpg', type: 'image/jpeg', data: await photoJpeg(colour) })

const filesOf = async (id: number) => {
  try {
    return (await readdir(join(t.mediaDir, 'listings', String(id)), { recursive: true })).filter((f) => f.includes('.'))
  } catch {
    return []
  }
}
const photoRows = (id: number) => t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, id))
async function listingRow(id: number) {
  const [r] = await t.db.select().from(listings).where(eq(listings.id, id))
  return r
}

describe('photo upload', () => {
  test('several files at once: upright, no EXIF/GPS, card/gallery/full in AVIF, WebP and JPEG; first is the cover', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const res = await upload(s.auth, id, [await jpeg('#aa0000'), await jpeg('#00aa00'), await jpeg('#0000aa')])
    expect(res.statusCode, res.body).toBe(200)
    const photos = res.json().photos as { id: number; key: string; width: number; height: number; position: number }[]
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2])
    // 800x600 with EXIF orientation 6 (rotate 90°) is a 600x800 portrait once turned upright.
    expect(photos[0]).toMatchObject({ width: 600, height: 800 })
    expect(photos[0]?.key).toMatch(new RegExp(`^listings/${id}/[0-9a-f]{16}$`))
    const files = await filesOf(id)
    expect(files).toHaveLength(3 * 9)
    const first = photos[0]?.key ?? ''
    for (const variant of ['card', 'gallery', 'full'])
      for (const ext of ['avif', 'webp', 'jpg']) expect(files).toContain(`${first.split('/')[2]}/${variant}.${ext}`)
    const full = await sharp(await readFile(join(t.mediaDir, first, 'full.jpg'))).metadata()
    expect(full.exif).toBeUndefined()
    expect([full.width, full.height]).toEqual([600, 800])
    // Served from /media like every other photo.
    const served = await t.app.inject(`/media/${first}/card.webp`)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(await listingRow(id)).toMatchObject({ coverPhotoKey: first, photoCount: 3 })
  })

  test('a renamed text file is refused with a clear message and nothing is stored', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const res = await upload(s.auth, id, [
      await jpeg(),
      { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('I am a text file pretending to be a JPEG photo.') },
    ])
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({
      code: 'photo.not_image',
      detail: 'The file is not a photo: send JPEG, PNG, WebP or AVIF',
    })
    expect(await filesOf(id)).toEqual([])
    expect(await photoRows(id)).toEqual([])
  })

  test('a damaged image, a tiny image and an empty request are refused', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const good = await photoJpeg()
    const truncated = await upload(s.auth, id, [{ name: 'cut.jpg', type: 'image/jpeg', data: good.subarray(0, 400) }])
    expect(truncated.statusCode).toBe(400)
    expect(truncated.json().code).toBe('photo.invalid')
    const tiny = await upload(s.auth, id, [
      { name: 't.jpg', type: 'image/jpeg', data: await photoJpeg('#fff', 200, 150) },
    ])
    expect(tiny.json().code).toBe('photo.too_small')
    const none = await upload(s.auth, id, [await jpeg()], 'something_else')
    expect(none.json().code).toBe('photo.none')
    expect(await photoRows(id)).toEqual([])
  })

  test('a 16,000 x 16,000 PNG is refused from its header, before it is decoded; an SVG is no photo', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const huge = await upload(s.auth, id, [{ name: 'big.png', type: 'image/png', data: hugePng(16_000, 16_000) }])
    expect(huge.statusCode).toBe(413)
    expect(huge.json().code).toBe('photo.too_many_pixels')
    const svg = await upload(s.auth, id, [{ name: 'car.png', type: 'image/png', data: SVG_IMAGE }])
    expect(svg.statusCode).toBe(415)
    expect(await photoRows(id)).toEqual([])
  })

  test('a file over 15 MB is refused with 413', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const big = Buffer.concat([await photoJpeg(), Buffer.alloc(15 * 1024 * 1024)])
    const res = await upload(s.auth, id, [{ name: 'big.jpg', type: 'image/jpeg', data: big }])
    expect(res.statusCode).toBe(413)
    expect(res.json().code).toBe('photo.too_large')
    expect(await filesOf(id)).toEqual([])
  })

  test('at most 20 photos per listing, in one request or many', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const one = await jpeg()
    const tooMany = await upload(
      s.auth,
      id,
      Array.from({ length: 21 }, () => one),
    )
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().code).toBe('photo.too_many')
    expect(await photoRows(id)).toEqual([])
    expect(
      (
        await upload(
          s.auth,
          id,
          Array.from({ length: 19 }, () => one),
        )
      ).statusCode,
    ).toBe(200)
    // Two at once would make 21: refused whole, the 19 stay.
    const over = await upload(s.auth, id, [one, one])
    expect(over.json().code).toBe('photo.too_many')
    expect(await photoRows(id)).toHaveLength(19)
    // Parallel single uploads cannot pass the limit either (the count is checked under a row lock).
    const parallel = await Promise.all([
      upload(s.auth, id, [one]),
      upload(s.auth, id, [one]),
      upload(s.auth, id, [one]),
    ])
    expect(parallel.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(await photoRows(id)).toHaveLength(20)
    expect((await filesOf(id)).length).toBe(20 * 9)
  }, 240_000)
})

describe('reorder, cover, delete', () => {
  test('reorder, choose the cover, delete a photo with its files', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    const added = await upload(s.auth, id, [await jpeg('#a00'), await jpeg('#0a0'), await jpeg('#00a')])
    const [a, b, c] = added.json().photos as { id: number; key: string }[]
    if (!a || !b || !c) throw new Error('three photos expected')

    const reordered = await json('PUT', `/api/listings/${id}/photos/order/`, s.auth, { photoIds: [c.id, a.id, b.id] })
    expect(reordered.json().photos.map((p: { id: number }) => p.id)).toEqual([c.id, a.id, b.id])
    expect((await listingRow(id))?.coverPhotoKey).toBe(c.key)
    const partial = await json('PUT', `/api/listings/${id}/photos/order/`, s.auth, { photoIds: [a.id, b.id] })
    expect(partial.statusCode).toBe(400)

    const cover = await json('POST', `/api/listings/${id}/photos/${b.id}/cover/`, s.auth)
    expect(cover.json().photos.map((p: { id: number }) => p.id)).toEqual([b.id, c.id, a.id])
    expect((await listingRow(id))?.coverPhotoKey).toBe(b.key)

    const del = await json('DELETE', `/api/listings/${id}/photos/${b.id}/`, s.auth)
    expect(del.json().photos.map((p: { id: number; position: number }) => [p.id, p.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
    ])
    expect(await listingRow(id)).toMatchObject({ coverPhotoKey: c.key, photoCount: 2 })
    expect((await filesOf(id)).some((f) => f.startsWith(b.key.split('/')[2] ?? '-'))).toBe(false)
    expect((await json('DELETE', `/api/listings/${id}/photos/${b.id}/`, s.auth)).statusCode).toBe(404)
  })

  test('adding a photo to a published listing sends it back to moderation', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    await fillAll(s.auth, id, refs)
    await upload(s.auth, id, [await jpeg()])
    await json('POST', `/api/listings/${id}/publish/`, s.auth)
    await t.db.update(listings).set({ status: 'published', publishedAt: new Date() }).where(eq(listings.id, id))
    const res = await upload(s.auth, id, [await jpeg('#123456')])
    expect(res.json().status).toBe('moderation')
    const events = await t.db.select().from(moderationEvents).where(eq(moderationEvents.listingId, id))
    expect(events.map((e) => e.action)).toEqual(['submitted', 'returned_to_moderation'])
  })

  test('deleting a listing deletes its files', async () => {
    const s = await signUp()
    const id = await createDraft(s.auth)
    await upload(s.auth, id, [await jpeg(), await jpeg()])
    expect((await filesOf(id)).length).toBe(18)
    expect((await json('DELETE', `/api/listings/${id}/`, s.auth)).statusCode).toBe(200)
    expect(await filesOf(id)).toEqual([])
  })
})

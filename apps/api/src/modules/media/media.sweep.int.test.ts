import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountHelpers } from '../../testing/accounts.ts'
import { addListingPhoto, createListing } from '../../testing/factories.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { ORPHAN_GRACE_MS, sweepOrphanMedia } from './media.sweep.ts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const { signUp, myProfile } = accountHelpers(() => t.app)

/** Writes the variants of a photo folder as a crash would leave them, `ageMs` old. */
function leaveFolder(key: string, ageMs: number) {
  const dir = join(t.mediaDir, ...key.split('/'))
  mkdirSync(dir, { recursive: true })
  const when = new Date(Date.now() - ageMs)
  for (const name of ['card.jpg', 'card.webp', 'full.avif']) {
    writeFileSync(join(dir, name), 'x')
    utimesSync(join(dir, name), when, when)
  }
}
/** A temp file as `put` writes it (`.card.jpg.<uuid>.tmp`), in the folder `key`, `ageMs` old; returns its key. */
function leaveTempFile(key: string, variant: string, ageMs: number): string {
  const dir = join(t.mediaDir, ...key.split('/'))
  mkdirSync(dir, { recursive: true })
  const name = `.${variant}.${randomUUID()}.tmp`
  const when = new Date(Date.now() - ageMs)
  writeFileSync(join(dir, name), 'half a photo')
  utimesSync(join(dir, name), when, when)
  return `${key}/${name}`
}
/** Sets a folder's last change `ageMs` back, as it is when the crash that left it was that long ago. */
function ageFolder(key: string, ageMs: number) {
  const when = new Date(Date.now() - ageMs)
  utimesSync(join(t.mediaDir, ...key.split('/')), when, when)
}
const stored = (key: string) => existsSync(join(t.mediaDir, ...key.split('/')))
const folders = async (parent: string) => (await readdir(join(t.mediaDir, ...parent.split('/'))).catch(() => [])).sort()
const owners = () => [
  { prefix: 'listings/', owned: t.services.listings.ownedPhotoKeys },
  { prefix: 'profiles/', owned: t.services.profiles.ownedPhotoKeys },
]

describe('the media sweep', () => {
  test('removes photo folders no row owns once they are older than the grace period; keeps owned and young ones', async () => {
    const listing = await createListing(t.db)
    const owned = await addListingPhoto(t.db, listing.id, { sha256: 'c'.repeat(64) })
    const old = 2 * ORPHAN_GRACE_MS
    leaveFolder(owned.storageKey, old)
    leaveFolder(`listings/${listing.id}/deadbeef00000001`, old) // crashed between the files and the row
    leaveFolder(`listings/${listing.id}/deadbeef00000002`, 60_000) // an upload still under way
    leaveFolder('listings/999999/deadbeef00000003', old) // a listing that is gone

    const s = await signUp()
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1f6feb' } })
      .png()
      .toBuffer()
    const photo = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/photo/',
      headers: { ...s.auth, 'content-type': 'image/png' },
      payload: png,
    })
    expect(photo.statusCode, photo.body).toBe(200)
    const profileKey = ((await myProfile(s.auth)).photo as string)
      .replace('/media/', '')
      .split('/')
      .slice(0, 3)
      .join('/')
    const profileId = profileKey.split('/')[1]
    leaveFolder(`profiles/${profileId}/deadbeef00000004`, old)

    const result = await sweepOrphanMedia(t.storage, owners(), { now: new Date() })
    expect(result.removed.sort()).toEqual(
      [
        'listings/999999/deadbeef00000003',
        `listings/${listing.id}/deadbeef00000001`,
        `profiles/${profileId}/deadbeef00000004`,
      ].sort(),
    )
    expect(await folders(`listings/${listing.id}`)).toEqual([owned.storageKey.split('/')[2], 'deadbeef00000002'].sort())
    expect(await folders(`profiles/${profileId}`)).toEqual([profileKey.split('/')[2]])
    // The profile photo is still served.
    expect((await t.app.inject({ method: 'GET', url: `/media/${profileKey}/card.jpg` })).statusCode).toBe(200)
  })

  test('removes the temp files a crash mid-write left, in every folder, and the folders they leave empty; a write under way keeps its own', async () => {
    const listing = await createListing(t.db)
    const owned = await addListingPhoto(t.db, listing.id, { sha256: 'd'.repeat(64) })
    const old = 2 * ORPHAN_GRACE_MS
    leaveFolder(owned.storageKey, old)
    // Crashes while writing a photo's first variants: their folders hold only temp files, which no listing shows.
    const crashed = [
      `listings/${listing.id}/deadbeef00000011`,
      'listings/888888/deadbeef00000012',
      'profiles/777777/deadbeef00000013',
    ]
    const crashedTemps = crashed.flatMap((key) => [
      leaveTempFile(key, 'card.jpg', old),
      leaveTempFile(key, 'card.webp', old),
    ])
    // A crash while writing an owned photo's last variant: its folder stays, the temp file goes.
    const besideOwned = leaveTempFile(owned.storageKey, 'full.webp', old)
    // An upload writing right now.
    const writing = leaveTempFile(`listings/${listing.id}/deadbeef00000014`, 'card.jpg', 0)
    for (const key of [...crashed, owned.storageKey, 'listings/888888', 'profiles/777777']) ageFolder(key, old)

    const result = await sweepOrphanMedia(t.storage, owners(), { now: new Date() })

    for (const key of [...crashedTemps, besideOwned]) expect(stored(key), key).toBe(false)
    for (const key of [...crashed, 'listings/888888', 'profiles/777777']) expect(stored(key), key).toBe(false)
    expect(result.leftovers).toEqual(expect.arrayContaining([...crashedTemps, besideOwned, `${crashed[1]}/`]))
    expect(stored(writing)).toBe(true)
    expect(await folders(owned.storageKey)).toEqual(['card.jpg', 'card.webp', 'full.avif'])
    expect(await folders(`listings/${listing.id}`)).toEqual([owned.storageKey.split('/')[2], 'deadbeef00000014'].sort())
    // The folders themselves (listings/, profiles/) are never removed.
    expect(stored('listings')).toBe(true)
    expect(stored('profiles')).toBe(true)
  })
})

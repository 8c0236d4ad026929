import { FeedImport, MAX_LISTING_PHOTOS } from '@tulpar/contracts'
import { and, asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { feedPhotoSources, listingPhotos, listings } from '../../db/schema.ts'
import { useDealerTeam } from '../../testing/dealers.ts'
import { addListingPhoto } from '../../testing/factories.ts'
import { useHttpStand } from '../../testing/http-stand.ts'
import { useTestApp } from '../../testing/suite.ts'

/*
 * A feed car's photos from its URLs and the photos its seller added by hand stay within a listing's limit together
 * (MAX_LISTING_PHOTOS): the hand-added photos stay, and the feed's URLs beyond what fits are not fetched; each gets a
 * note on the car's row of the report. A URL that fails leaves its place to the next one.
 */

const t = useTestApp({ feedFetchAllowedHosts: ['localhost'] })
const team = useDealerTeam(t)
const acc = team.acc

const HEADER = 'external_id,make,model,year,modification,mileage_km,price_kzt,color,photo_urls'

/** The local photo server: every path it was asked for; `/p/text.jpg` is not a photo. */
const seen: string[] = []
let jpeg: Buffer
const stand = useHttpStand((req, res) => {
  seen.push(req.url ?? '')
  if (req.url === '/p/text.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a photo')
  else res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
})
const url = (name: string) => stand.url(`/p/${name}`)

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer()
})

/** Uploads a feed of one car with these photos and applies it (the owner): the applied import. */
async function importWith(...photos: string[]) {
  const row = `PL1,Toyota,Camry,2019,2.5 AT,50000,12000000,white,${photos.map(url).join('|')}`
  const up = await t.app.inject({
    method: 'POST',
    url: `/api/dealers/${team.dealerId}/imports/?lang=ru&missing=keep`,
    headers: { ...acc.owner.auth, 'content-type': 'text/csv' },
    payload: `${HEADER}\n${row}`,
  })
  expect(up.statusCode, up.body).toBe(201)
  const applied = await t.app.inject({
    method: 'POST',
    url: `/api/dealers/${team.dealerId}/imports/${up.json().id}/apply/?lang=ru`,
    headers: acc.owner.auth,
  })
  expect(applied.statusCode, applied.body).toBe(200)
  const done = FeedImport.parse(applied.json())
  seen.length = 0
  await t.jobs.drain(['feed-photos'])
  return { id: done.id, listingId: done.rows.find((r) => r.externalId === 'PL1')?.listingId ?? 0 }
}

/** The car's photos in order: a feed photo by its file name, one added by hand as `hand`. */
const photosOf = async (listingId: number) =>
  (
    await t.db
      .select({ url: feedPhotoSources.url })
      .from(listingPhotos)
      .leftJoin(feedPhotoSources, eq(feedPhotoSources.photoId, listingPhotos.id))
      .where(eq(listingPhotos.listingId, listingId))
      .orderBy(asc(listingPhotos.position))
  ).map((p) => (p.url === null ? 'hand' : (p.url.split('/').at(-1) ?? '')))

describe('a feed car’s photos and those added by hand', () => {
  test('share the limit: the feed’s URLs beyond it are not fetched and are noted on the report in the reader’s language', async () => {
    const first = await importWith('a.jpg', 'b.jpg')
    expect(await photosOf(first.listingId)).toEqual(['a.jpg', 'b.jpg'])

    // The dealer's people add photos by hand up to one short of the limit.
    const byHand = MAX_LISTING_PHOTOS - 3
    for (let i = 0; i < byHand; i++)
      await addListingPhoto(t.db, first.listingId, { sha256: `hand${i}`.padEnd(64, '0'), position: 100 + i })

    // The next feed has five URLs: a and b stay, one more fits. The text file fails and leaves its place to c; d and
    // e are never asked for.
    const second = await importWith('a.jpg', 'b.jpg', 'text.jpg', 'c.jpg', 'd.jpg', 'e.jpg')
    expect(seen).toEqual(['/p/text.jpg', '/p/c.jpg'])
    const photos = await photosOf(second.listingId)
    expect(photos).toHaveLength(MAX_LISTING_PHOTOS)
    expect(photos.slice(0, 3)).toEqual(['a.jpg', 'b.jpg', 'c.jpg'])
    expect(photos.filter((p) => p === 'hand')).toHaveLength(byHand)
    const [car] = await t.db
      .select({ photoCount: listings.photoCount })
      .from(listings)
      .where(eq(listings.id, second.listingId))
    expect(car?.photoCount).toBe(MAX_LISTING_PHOTOS)

    const report = async (lang: string) =>
      FeedImport.parse(
        (
          await t.app.inject({
            url: `/api/dealers/${team.dealerId}/imports/${second.id}/?lang=${lang}`,
            headers: acc.manager.auth,
          })
        ).json(),
      ).rows.find((r) => r.externalId === 'PL1')?.warnings ?? []
    const english = await report('en')
    expect(english.map((w) => [w.code, w.value?.split('/').at(-1)])).toEqual([
      ['photo_fetch', 'text.jpg'],
      ['photo_fetch', 'd.jpg'],
      ['photo_fetch', 'e.jpg'],
    ])
    expect(english[1]?.message).toBe(
      `The photo at this link was not loaded: the listing already has ${MAX_LISTING_PHOTOS} photos, counting those ` +
        'added by hand. The car’s other photos were.',
    )
    expect((await report('ru'))[2]?.message).toContain(`у объявления уже ${MAX_LISTING_PHOTOS} фото`)
  })

  test('a feed at the limit with no photo added by hand takes all its URLs', async () => {
    const [car] = await t.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.dealerId, team.dealerId), eq(listings.externalId, 'PL1')))
    await t.db.delete(listingPhotos).where(eq(listingPhotos.listingId, car?.id ?? 0))
    const names = Array.from({ length: MAX_LISTING_PHOTOS }, (_, i) => `f${i}.jpg`)
    const done = await importWith(...names)
    expect(seen).toHaveLength(MAX_LISTING_PHOTOS)
    expect(await photosOf(done.listingId)).toEqual(names)
  })
})

import { randomBytes } from 'node:crypto'
import { MAX_LISTING_PHOTOS, MAX_PHOTO_BYTES, MIN_PHOTO_SIDE_PX, type SellerListing } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import type { SessionUser } from '../identity/index.ts'
import { findListingPhotos } from '../listings/index.ts'
import { intakePhoto, type MediaStorage, type ProcessedPhoto, storePhoto } from '../media/index.ts'
import { PhotoNotFoundError, TooManyPhotosError } from './selling.errors.ts'
import * as repo from './selling.repository.ts'
import { fieldError } from './selling.steps.ts'

interface PhotoDeps {
  db: Db
  media: MediaStorage
  loadManaged(u: SessionUser, id: number): Promise<repo.ListingRow>
  commitChange(
    u: SessionUser,
    row: repo.ListingRow,
    patch: repo.ListingPatch,
    alsoMaterial?: string[],
  ): Promise<repo.ListingRow>
  view(row: repo.ListingRow): Promise<SellerListing>
  assertEditable(row: repo.ListingRow): void
}

/**
 * Checks an upload by its bytes (not its name or declared type) and turns it into the stored variants:
 * upright, without EXIF or GPS, card/gallery/full in AVIF, WebP and JPEG. Stores nothing.
 */
function preparePhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  return intakePhoto(bytes, { maxBytes: MAX_PHOTO_BYTES, minSidePx: MIN_PHOTO_SIDE_PX })
}

export function createSellingPhotos({ db, media, loadManaged, commitChange, view, assertEditable }: PhotoDeps) {
  return {
    preparePhoto,

    /**
     * How many more photos `u` may add to the listing; throws when none (or the listing is not theirs). Checked
     * again under a lock when they are attached.
     */
    async photoRoomLeft(u: SessionUser, id: number): Promise<number> {
      const row = await loadManaged(u, id)
      assertEditable(row)
      const room = MAX_LISTING_PHOTOS - row.photoCount
      if (room <= 0) throw new TooManyPhotosError()
      return room
    },

    /**
     * Stores prepared photos and appends them to the listing, all or none: the count limit is checked under a
     * row lock, so parallel uploads cannot pass it; files of a refused batch are removed again.
     */
    async attachPhotos(u: SessionUser, id: number, prepared: ProcessedPhoto[]): Promise<SellerListing> {
      const row = await loadManaged(u, id)
      assertEditable(row)
      if (row.photoCount + prepared.length > MAX_LISTING_PHOTOS) throw new TooManyPhotosError()
      const keys = prepared.map(() => `listings/${id}/${randomBytes(8).toString('hex')}`)
      await Promise.all(prepared.map((p, i) => storePhoto(media, keys[i] as string, p)))
      try {
        await db.transaction(async (tx) => {
          if (!(await repo.lockListingRow(tx, id))) throw new PhotoNotFoundError(id)
          const existing = await findListingPhotos(tx, id)
          if (existing.length + prepared.length > MAX_LISTING_PHOTOS) throw new TooManyPhotosError()
          const last = existing.at(-1)?.position ?? -1
          await repo.insertPhotos(
            tx,
            id,
            last + 1,
            prepared.map((p, i) => ({
              storageKey: keys[i] as string,
              width: p.width,
              height: p.height,
              sha256: p.sha256,
            })),
          )
          const all = await findListingPhotos(tx, id)
          await repo.setPhotoOrder(
            tx,
            id,
            all.map((p) => p.id),
          )
        })
      } catch (error) {
        await Promise.all(keys.map((k) => media.deletePrefix(`${k}/`)))
        throw error
      }
      const fresh = await repo.findListingRow(db, id)
      if (!fresh) throw new PhotoNotFoundError(id)
      // Photos added to a published listing are new material for the moderators.
      const updated = await commitChange(u, fresh, {}, row.status === 'published' ? ['photos added'] : [])
      return view(updated)
    },

    /** Removes a photo and its files; the next one becomes the cover if it was the cover. */
    async deletePhoto(u: SessionUser, id: number, photoId: number): Promise<SellerListing> {
      const row = await loadManaged(u, id)
      assertEditable(row)
      const [deleted] = await db.transaction(async (tx) => {
        const gone = await repo.deletePhotoRow(tx, id, photoId)
        if (gone.length === 0) throw new PhotoNotFoundError(photoId)
        const rest = await findListingPhotos(tx, id)
        await repo.setPhotoOrder(
          tx,
          id,
          rest.map((p) => p.id),
        )
        return gone
      })
      if (deleted) await media.deletePrefix(`${deleted.storageKey}/`)
      const fresh = await repo.findListingRow(db, id)
      if (!fresh) throw new PhotoNotFoundError(photoId)
      return view(await commitChange(u, fresh, {}, row.status === 'published' ? ['photo removed'] : []))
    },

    /** New order of all the listing's photos; the first is the cover. */
    async reorderPhotos(u: SessionUser, id: number, photoIds: number[]): Promise<SellerListing> {
      const row = await loadManaged(u, id)
      assertEditable(row)
      const current = await findListingPhotos(db, id)
      const same =
        photoIds.length === current.length &&
        new Set(photoIds).size === photoIds.length &&
        current.every((p) => photoIds.includes(p.id))
      if (!same) throw new FieldValidationError([fieldError('photoIds', 'not_in_list')])
      await db.transaction((tx) => repo.setPhotoOrder(tx, id, photoIds))
      return view(await commitChange(u, row, {}))
    },

    /** Makes a photo the cover (first), keeping the others in their order. */
    async setCover(u: SessionUser, id: number, photoId: number): Promise<SellerListing> {
      const row = await loadManaged(u, id)
      assertEditable(row)
      const current = await findListingPhotos(db, id)
      if (!current.some((p) => p.id === photoId)) throw new PhotoNotFoundError(photoId)
      const order = [photoId, ...current.map((p) => p.id).filter((p) => p !== photoId)]
      await db.transaction((tx) => repo.setPhotoOrder(tx, id, order))
      return view(await commitChange(u, row, {}))
    },
  }
}

import {
  DEALER_LOGO_MAX_BYTES,
  DEALER_LOGO_MAX_PIXELS,
  DEALER_LOGO_MIN_SIDE_PX,
  DEALER_LOGO_SIDE_PX,
  type DealerUpdateBody,
  type Locale,
  type MyDealer,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import { intakeSquare, type MediaStorage, storePhoto } from '../media/index.ts'
import type { DealerAccess } from './dealer-access.ts'
import { DealerNotVerifiedError } from './dealers.errors.ts'
import { showroomRows } from './dealers.mapper.ts'
import * as repo from './dealers.repository.ts'

interface AccountDeps {
  db: Db
  limiter: RateLimiter
  access: DealerAccess
  media: MediaStorage
  /** Starts a draft listing sold as the dealer (selling's own draft, with the dealer set). */
  createDraft(u: SessionUser, dealerId: number): Promise<{ id: number }>
}

/** A logo: PNG, JPEG or WebP from the bytes, within the size and pixel limits, made a small square. */
const LOGO_RULES = {
  maxBytes: DEALER_LOGO_MAX_BYTES,
  maxPixels: DEALER_LOGO_MAX_PIXELS,
  minSidePx: DEALER_LOGO_MIN_SIDE_PX,
  sidePx: DEALER_LOGO_SIDE_PX,
  formats: ['png', 'jpeg', 'webp'],
} as const

/**
 * Running the dealer's account: the owner edits it and its logo, its people sell as it, and whether they publish at
 * once.
 */
export function createDealerAccount({ db, limiter, access, media, createDraft }: AccountDeps) {
  /** Sets the logo's key (null: none) with the row locked, so of two uploads at once one wins; the old files go. */
  async function replaceLogo(dealerId: number, key: string | null): Promise<void> {
    const before = await db.transaction(async (tx) => {
      const row = await repo.lockDealer(tx, dealerId)
      await repo.updateDealer(tx, dealerId, { logoKey: key })
      return row?.logoKey ?? null
    })
    if (before !== null && before !== key) await media.deletePrefix(`${before}/`)
  }

  return {
    /** The owner edits the account (not its number or kind); showrooms, when given, replace the set. */
    async update(u: SessionUser, dealerId: number, body: DealerUpdateBody, locale: Locale): Promise<MyDealer> {
      await access.requireOwner(u, dealerId)
      await access.checkCities(body.cityId, body.showrooms)
      await db.transaction(async (tx) => {
        await repo.updateDealer(tx, dealerId, {
          ...(body.legalName === undefined ? {} : { legalName: body.legalName }),
          ...(body.cityId === undefined ? {} : { cityId: body.cityId }),
          ...(body.phones === undefined ? {} : { phones: body.phones }),
          ...(body.workingHours === undefined ? {} : { workingHours: body.workingHours }),
          ...(body.description === undefined
            ? {}
            : {
                descriptionRu: body.description.ru,
                descriptionKk: body.description.kk,
                descriptionEn: body.description.en,
              }),
        })
        if (body.showrooms) await repo.replaceShowrooms(tx, dealerId, showroomRows(body.showrooms))
      })
      return access.myDealer(dealerId, 'owner', locale)
    },

    /**
     * The owner sets the logo through the media intake (the format from the bytes, the size and pixel limits), stored
     * as a small square; the old logo's files are deleted. A refused file changes nothing. Throws OwnerOnlyError,
     * NotMemberError, DealerNotFoundError and the intake's refusals (PhotoTooLargeError, 415 `photo.not_image`...).
     */
    async setLogo(u: SessionUser, dealerId: number, image: Buffer, locale: Locale): Promise<MyDealer> {
      await access.requireOwner(u, dealerId)
      // Each upload decodes and resizes an image: bounded per owner as the other uploads' work is.
      await enforceRateLimits(limiter, [{ key: `dealer-logo:user:${u.id}`, limit: 20, windowSeconds: 3600 }])
      const processed = await intakeSquare(image, LOGO_RULES)
      const key = `dealers/${dealerId}/${processed.sha256.slice(0, 16)}`
      await storePhoto(media, key, processed)
      await replaceLogo(dealerId, key)
      return access.myDealer(dealerId, 'owner', locale)
    },

    /** The owner removes the logo (none to remove is no error). Throws OwnerOnlyError, NotMemberError. */
    async removeLogo(u: SessionUser, dealerId: number, locale: Locale): Promise<MyDealer> {
      await access.requireOwner(u, dealerId)
      await replaceLogo(dealerId, null)
      return access.myDealer(dealerId, 'owner', locale)
    },

    /** Of these photo keys (`dealers/{id}/{name}`), the ones that are a dealer's logo: the media sweep keeps them. */
    ownedLogoKeys: (keys: string[]) => repo.findOwnedLogoKeys(db, keys),

    /**
     * Starts a draft listing sold as the dealer. Throws NotMemberError, DealerNotVerifiedError (only a verified
     * dealer sells), and selling's own refusals (too many drafts).
     */
    async createListing(u: SessionUser, dealerId: number): Promise<{ id: number }> {
      await access.requireMember(u, dealerId)
      const found = await repo.findDealer(db, dealerId)
      if (found?.dealer.status !== 'verified') throw new DealerNotVerifiedError(dealerId)
      return createDraft(u, dealerId)
    },

    /**
     * Whether a listing the user sells as the dealer may skip the moderation queue: the dealer is verified, staff
     * trust it to publish at once, and the user still works for it. Read now, like every permission here.
     */
    async isTrustedPublisher(dealerId: number, userId: string): Promise<boolean> {
      const found = await repo.findDealer(db, dealerId)
      if (found?.dealer.status !== 'verified' || !found.dealer.trustedToPublish) return false
      return (await repo.findMemberRole(db, dealerId, userId)) !== null
    },
  }
}

import { type AuthUser, type Profile, Role, type UpdateProfileBody } from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { Db } from '../../db/client.ts'
import type { AccountProfiles, SessionUser } from '../identity/index.ts'
import { intakePhoto, type MediaStorage, photoUrl, storePhoto } from '../media/index.ts'
import {
  InvalidPhoneError,
  PhoneInUseError,
  ProfileForbiddenError,
  ProfileNotFoundError,
  UnknownCityError,
} from './profiles.errors.ts'
import * as repo from './profiles.repository.ts'

function toProfile(row: repo.ProfileRow): Profile {
  return {
    id: row.id,
    city: row.cityId,
    is_deleted: row.isDeleted,
    phone: row.phone,
    fcm_token: row.fcmToken,
    full_name: row.fullName,
    email: row.email,
    photo: row.photoKey ? photoUrl(row.photoKey, 'card', 'jpeg') : null,
    language: row.language,
    notify_promotions: row.notifyPromotions,
    notify_news: row.notifyNews,
    notify_price_changes: row.notifyPriceChanges,
  }
}

/** The auth user of the spec's GET /auth/users/me/: every role as it is; an empty or unknown one is a plain user. */
export function toAuthUser(u: SessionUser): AuthUser {
  const role = Role.safeParse(u.role).data ?? 'user'
  return {
    id: u.id,
    email: u.email.endsWith('@phone.tulpar.kz') ? null : u.email,
    name: u.name,
    role,
    phone_number: u.phoneNumber ?? null,
    email_verified: u.emailVerified,
  }
}

/** What identity's sign-in needs of profiles: services.ts hands it to createAuth (identity never calls profiles). */
export function createAccountProfiles(db: Db): AccountProfiles {
  return {
    create: (u) => repo.createProfileFor(db, u),
    async languageOf(userId) {
      return (await repo.findProfileByUserId(db, userId))?.language ?? null
    },
  }
}

export const MAX_PROFILE_PHOTO_BYTES = 10 * 1024 * 1024

export function createProfilesService({ db, media }: { db: Db; media: MediaStorage }) {
  async function ownProfile(u: SessionUser) {
    let row = await repo.findProfileByUserId(db, u.id)
    if (!row) {
      // Accounts made before profiles existed (or by an admin tool) get one on first use.
      await repo.createProfileFor(db, u)
      row = await repo.findProfileByUserId(db, u.id)
    }
    if (!row) throw new ProfileNotFoundError()
    return row
  }

  return {
    /** Spec: a list whose first element is the profile of the signed-in user. */
    async listMyProfiles(u: SessionUser): Promise<Profile[]> {
      return [toProfile(await ownProfile(u))]
    },

    /**
     * Only the owner may change a profile (ProfileForbiddenError otherwise). A phone already used by another
     * account is refused with PhoneInUseError; nothing is changed when any field is refused.
     */
    async updateProfile(u: SessionUser, profileId: number, body: UpdateProfileBody): Promise<Profile> {
      const target = await repo.findProfileById(db, profileId)
      if (!target) throw new ProfileNotFoundError()
      if (target.userId !== u.id) throw new ProfileForbiddenError()
      const patch: Parameters<typeof repo.updateProfileRow>[2] = {}
      if (body.phone !== undefined) {
        const phone = normaliseKzPhone(body.phone)
        if (!phone) throw new InvalidPhoneError()
        if (await repo.isPhoneTaken(db, phone, u.id)) throw new PhoneInUseError()
        patch.phone = phone
      }
      if (body.city !== undefined) {
        if (body.city !== null && !(await repo.cityExists(db, body.city))) throw new UnknownCityError()
        patch.cityId = body.city
      }
      if (body.fcm_token !== undefined) patch.fcmToken = body.fcm_token
      if (body.full_name !== undefined) patch.fullName = body.full_name
      if (body.language !== undefined) patch.language = body.language
      if (body.notify_promotions !== undefined) patch.notifyPromotions = body.notify_promotions
      if (body.notify_news !== undefined) patch.notifyNews = body.notify_news
      if (body.notify_price_changes !== undefined) patch.notifyPriceChanges = body.notify_price_changes
      try {
        const row = await repo.updateProfileRow(db, profileId, patch)
        if (!row) throw new ProfileNotFoundError()
        if (body.full_name !== undefined) await repo.setUserName(db, u.id, body.full_name)
        return toProfile(row)
      } catch (error) {
        // Two people claiming the same phone at once: the unique index decides.
        if (
          String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505'
        )
          throw new PhoneInUseError()
        throw error
      }
    },

    /** Spec: whether an account exists with this email (password reset checks first). */
    async userExists(email: string): Promise<boolean> {
      return (await repo.findUserByEmail(db, email)) !== null
    },

    /**
     * Sets the profile photo through the one image intake (format from the bytes, so no SVG; a pixel cap): decoded, turned upright, stripped of EXIF and GPS and resized to
     * the photo variants; the old photo's files are deleted. A file that is not an image changes nothing.
     */
    async setPhoto(u: SessionUser, image: Buffer): Promise<Profile> {
      const row = await ownProfile(u)
      const processed = await intakePhoto(image, { maxBytes: MAX_PROFILE_PHOTO_BYTES })
      const key = `profiles/${row.id}/${processed.sha256.slice(0, 16)}`
      await storePhoto(media, key, processed)
      const updated = await repo.updateProfileRow(db, row.id, { photoKey: key })
      if (row.photoKey && row.photoKey !== key) await media.deletePrefix(`${row.photoKey}/`)
      if (!updated) throw new ProfileNotFoundError()
      return toProfile(updated)
    },

    /** Of these photo keys (`profiles/{id}/{name}`), the ones that are a profile's photo: the rest may be swept. */
    ownedPhotoKeys: (keys: string[]) => repo.findOwnedProfilePhotoKeys(db, keys),

    /** Erases the account's personal data, sessions and sign-in methods; archives its listings. */
    async deleteAccount(u: SessionUser): Promise<void> {
      const row = await repo.findProfileByUserId(db, u.id)
      await repo.eraseAccount(db, u.id)
      if (row?.photoKey) await media.deletePrefix(`${row.photoKey}/`)
    },
  }
}
export type ProfilesService = ReturnType<typeof createProfilesService>

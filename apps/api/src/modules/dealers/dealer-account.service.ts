import type { DealerUpdateBody, Locale, MyDealer } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { SessionUser } from '../identity/index.ts'
import type { DealerAccess } from './dealer-access.ts'
import { DealerNotVerifiedError } from './dealers.errors.ts'
import { showroomRows } from './dealers.mapper.ts'
import * as repo from './dealers.repository.ts'

interface AccountDeps {
  db: Db
  access: DealerAccess
  /** Starts a draft listing sold as the dealer (selling's own draft, with the dealer set). */
  createDraft(u: SessionUser, dealerId: number): Promise<{ id: number }>
}

/** Running the dealer's account: the owner edits it, its people sell as it, and whether they publish at once. */
export function createDealerAccount({ db, access, createDraft }: AccountDeps) {
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

import { DEALER_INVITES_PER_HOUR, type DealerInviteBody, type DealerMembers } from '@tulpar/contracts'
import { normaliseKzPhone } from '@tulpar/contracts/phone'
import type { Db } from '../../db/client.ts'
import { FieldValidationError } from '../../lib/errors.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import type { SessionUser } from '../identity/index.ts'
import { type DealerAccess, isUniqueViolation } from './dealer-access.ts'
import { AlreadyMemberError, InviteeNotFoundError, MemberNotFoundError, OwnerStaysError } from './dealers.errors.ts'
import * as repo from './dealers.repository.ts'

interface MembersDeps {
  db: Db
  limiter: RateLimiter
  access: DealerAccess
  /** Hands a removed member's cars of the dealer to its owner, in the removal's transaction. */
  reassignListings(tx: Db, dealerId: number, fromUserId: string, toUserId: string): Promise<void>
}

/** A dealer's people: its members see who they are; the owner adds managers and removes them. */
export function createDealerMembers({ db, limiter, access, reassignListings }: MembersDeps) {
  async function membersOf(dealerId: number): Promise<DealerMembers> {
    const rows = await repo.findMembers(db, dealerId)
    return {
      results: rows.map((r) => ({
        userId: r.userId,
        name: r.name,
        email: r.email,
        phone: r.phone,
        role: r.role === 'owner' ? 'owner' : 'manager',
        addedAt: r.addedAt.toISOString(),
      })),
    }
  }

  return {
    /** The dealer's people; members see them, the owner manages them. Throws NotMemberError. */
    async listMembers(u: SessionUser, dealerId: number): Promise<DealerMembers> {
      await access.requireMember(u, dealerId)
      return membersOf(dealerId)
    },

    /**
     * The owner adds an existing account (by e-mail or phone) as a manager. Throws OwnerOnlyError,
     * InviteeNotFoundError, AlreadyMemberError, RateLimitedError.
     */
    async invite(u: SessionUser, dealerId: number, body: DealerInviteBody): Promise<DealerMembers> {
      await access.requireOwner(u, dealerId)
      await enforceRateLimits(limiter, [
        { key: `dealer-invite:${dealerId}`, limit: DEALER_INVITES_PER_HOUR, windowSeconds: 3600 },
      ])
      const isEmail = body.contact.includes('@')
      const phone = isEmail ? null : normaliseKzPhone(body.contact)
      if (!isEmail && !phone)
        throw new FieldValidationError([
          { field: 'body.contact', code: 'invalid_contact', message: 'Enter an e-mail or a phone number' },
        ])
      const invitee = await repo.findUserByContact(db, isEmail ? body.contact : null, phone)
      if (!invitee) throw new InviteeNotFoundError()
      if (await repo.findMemberRole(db, dealerId, invitee.id)) throw new AlreadyMemberError()
      await repo.insertMember(db, dealerId, invitee.id, 'manager').catch((e: unknown) => {
        if (isUniqueViolation(e)) throw new AlreadyMemberError()
        throw e
      })
      return membersOf(dealerId)
    },

    /**
     * The owner removes a manager; the manager's cars of this dealer pass to the owner, and the manager's next
     * request is refused. Throws OwnerOnlyError, OwnerStaysError, MemberNotFoundError.
     */
    async removeMember(u: SessionUser, dealerId: number, userId: string): Promise<DealerMembers> {
      await access.requireOwner(u, dealerId)
      if (userId === u.id) throw new OwnerStaysError()
      await db.transaction(async (tx) => {
        await repo.lockDealer(tx, dealerId)
        const role = await repo.findMemberRole(tx, dealerId, userId)
        if (role === null) throw new MemberNotFoundError()
        if (role === 'owner') throw new OwnerStaysError()
        await repo.deleteMember(tx, dealerId, userId)
        await reassignListings(tx, dealerId, userId, u.id)
      })
      return membersOf(dealerId)
    },
  }
}

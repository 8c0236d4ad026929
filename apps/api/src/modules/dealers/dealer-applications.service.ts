import {
  type AdminDealer,
  type AdminDealerList,
  type AdminDealerQuery,
  DEALER_APPLICATIONS_PER_DAY,
  DEALER_CHECKLIST,
  type DealerApplyBody,
  type DealerDecisionBody,
  type DealerStatus,
  type Locale,
  type MyDealer,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import { recordAudit } from '../audit/index.ts'
import { requireStaff, type SessionUser } from '../identity/index.ts'
import { type DealerAccess, isUniqueViolation } from './dealer-access.ts'
import {
  ApplicationPendingError,
  BinTakenError,
  ChecklistIncompleteError,
  DealerNotFoundError,
} from './dealers.errors.ts'
import { checklistOf, cityOf, kindOf, showroomRows } from './dealers.mapper.ts'
import * as repo from './dealers.repository.ts'

/**
 * Applications and their verification: a signed-in user applies and becomes the owner; staff list the
 * applications and verify, reject or suspend with a checklist and a note (audited).
 */
export function createDealerApplications({
  db,
  limiter,
  access,
}: {
  db: Db
  limiter: RateLimiter
  access: DealerAccess
}) {
  return {
    /**
     * Opens a dealer account waiting for staff; the applicant becomes its owner. Throws BinTakenError (the number is
     * live elsewhere), ApplicationPendingError (one waiting application per user), RateLimitedError, a 400 for an
     * unknown city.
     */
    async apply(u: SessionUser, body: DealerApplyBody, locale: Locale): Promise<MyDealer> {
      await enforceRateLimits(limiter, [
        { key: `dealer-apply:${u.id}`, limit: DEALER_APPLICATIONS_PER_DAY, windowSeconds: 86_400 },
      ])
      await access.checkCities(body.cityId, body.showrooms)
      if (await repo.hasPendingApplication(db, u.id)) throw new ApplicationPendingError()
      if (await repo.isBinTaken(db, body.bin)) throw new BinTakenError()
      const id = await db
        .transaction(async (tx) => {
          const row = await repo.insertDealer(tx, {
            legalName: body.legalName,
            kind: body.kind,
            bin: body.bin,
            cityId: body.cityId,
            phones: body.phones,
            workingHours: body.workingHours,
            descriptionRu: body.description.ru,
            descriptionKk: body.description.kk,
            descriptionEn: body.description.en,
            appliedBy: u.id,
          })
          await repo.replaceShowrooms(tx, row.id, showroomRows(body.showrooms))
          await repo.insertMember(tx, row.id, u.id, 'owner')
          return row.id
        })
        .catch((e: unknown) => {
          // Two applications with one number at once: the partial unique index decides.
          if (isUniqueViolation(e)) throw new BinTakenError()
          throw e
        })
      return access.myDealer(id, 'owner', locale)
    },

    /** Staff: applications first (oldest first), then the others, newest first. */
    async listForStaff(u: SessionUser, q: AdminDealerQuery, locale: Locale): Promise<AdminDealerList> {
      requireStaff(u)
      const rows = await repo.findDealersForStaff(db, q.status ?? null, q.limit)
      const owners = new Map(
        (
          await repo.findUsers(
            db,
            rows.flatMap((r) => (r.ownerId ? [r.ownerId] : [])),
          )
        ).map((o) => [o.id, o]),
      )
      return {
        results: rows.map((r): AdminDealer => {
          const owner = r.ownerId ? owners.get(r.ownerId) : undefined
          return {
            id: r.dealer.id,
            legalName: r.dealer.legalName,
            kind: kindOf(r.dealer),
            bin: r.dealer.bin,
            status: r.dealer.status as DealerStatus,
            city: cityOf(r.city, locale),
            phones: r.dealer.phones,
            showroomCount: r.showroomCount,
            owner: owner ? { id: owner.id, name: owner.name, email: owner.email } : null,
            checklist: checklistOf(r.dealer.checklist),
            note: r.dealer.note,
            trustedToPublish: r.dealer.trustedToPublish,
            createdAt: r.dealer.createdAt.toISOString(),
            decidedAt: r.dealer.decidedAt?.toISOString() ?? null,
          }
        }),
      }
    },

    /**
     * Staff verify (every checklist item ticked), reject or suspend (a note saying why), recorded in the audit trail
     * in the same transaction. Throws DealerNotFoundError, ChecklistIncompleteError.
     */
    async decide(
      u: SessionUser,
      dealerId: number,
      body: DealerDecisionBody,
    ): Promise<{ id: number; status: DealerStatus }> {
      requireStaff(u)
      if (body.status === 'verified' && !DEALER_CHECKLIST.every((k) => body.checklist[k]))
        throw new ChecklistIncompleteError()
      await db.transaction(async (tx) => {
        const before = await repo.lockDealer(tx, dealerId)
        if (!before) throw new DealerNotFoundError(dealerId)
        const trusted = body.trustedToPublish ?? before.trustedToPublish
        await repo.updateDealer(tx, dealerId, {
          status: body.status,
          checklist: body.checklist,
          note: body.note || null,
          trustedToPublish: trusted,
          decidedBy: u.id,
          decidedAt: new Date(),
        })
        await recordAudit(tx, u, {
          action: `dealer.${body.status}`,
          targetType: 'dealer',
          targetId: dealerId,
          before: { status: before.status, trustedToPublish: before.trustedToPublish },
          // The note is the staff's own words about a company, not a person's data; its length is enough here too.
          after: {
            status: body.status,
            trustedToPublish: trusted,
            checklist: body.checklist,
            noteLength: body.note.length,
          },
        })
      })
      return { id: dealerId, status: body.status }
    },
  }
}

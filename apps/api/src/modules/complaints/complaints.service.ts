import {
  type AdminComplaintGroup,
  type AdminComplaintList,
  COMPLAINTS_PER_HOUR,
  type ComplaintReason,
  type ListingComplaintBody,
  type ListingComplaintResult,
  type Locale,
  type ResolveComplaintsBody,
  type ResolveComplaintsResult,
} from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { enforceRateLimits, type RateLimiter } from '../../lib/rate-limiter.ts'
import { recordAudit } from '../audit/index.ts'
import { requireStaff, type SessionUser } from '../identity/index.ts'
import type { JobSender } from '../jobs/index.ts'
import { findListingTitle, ListingNotFoundError, listingTitle } from '../listings/index.ts'
import { type ModerationService, NotPublishedError } from '../moderation/index.ts'
import { ComplaintNotPublishedError, NoOpenComplaintsError, OwnListingComplaintError } from './complaints.errors.ts'
import * as repo from './complaints.repository.ts'

/** Listings shown at once on the staff desk. */
const GROUPS_SHOWN = 100

export interface ComplaintsServiceDeps {
  db: Db
  moderation: Pick<ModerationService, 'takeDown'>
  limiter: RateLimiter
  /** Tells the reporters when their complaint took a listing down. */
  jobs?: JobSender
  now?: () => Date
  /** After an "already sold" complaint: pauses the listing once enough buyers said so (fresh listings, decision 032). */
  onReportedSold?: (listingId: number) => Promise<unknown>
}

/**
 * Complaints about published listings ("report this listing"): a signed-in visitor says what is wrong with
 * someone else's listing; staff see them grouped by listing and dismiss them or take the listing down (rejected
 * with a reason, the seller told why, as in moderation).
 */
export function createComplaintsService({
  db,
  moderation,
  limiter,
  jobs,
  now = () => new Date(),
  onReportedSold = async () => undefined,
}: ComplaintsServiceDeps) {
  return {
    /**
     * One open complaint per user and listing: a second one updates it (`created: false`). Throws
     * ListingNotFoundError (missing or not on sale), OwnListingComplaintError, RateLimitedError.
     */
    async submit(u: SessionUser, listingId: number, body: ListingComplaintBody): Promise<ListingComplaintResult> {
      const listing = await repo.findListingOwner(db, listingId)
      if (listing?.status !== 'published') throw new ListingNotFoundError(listingId)
      if (listing.ownerId === u.id) throw new OwnListingComplaintError()
      await enforceRateLimits(limiter, [{ key: `complaints:${u.id}`, limit: COMPLAINTS_PER_HOUR, windowSeconds: 3600 }])
      const created = await repo.upsertOpenComplaint(db, {
        listingId,
        reporterId: u.id,
        reason: body.reason,
        comment: body.comment?.trim() || null,
      })
      if (body.reason === 'sold') await onReportedSold(listingId)
      return { message: 'received', created }
    },

    /** Listings with open complaints, the most complained-about first. Staff only. */
    async listOpen(u: SessionUser, locale: Locale): Promise<AdminComplaintList> {
      requireStaff(u)
      const ids = (await repo.findOpenListingIds(db, GROUPS_SHOWN)).map((r) => r.listingId)
      if (ids.length === 0) return { results: [] }
      const [summaries, complaints] = await Promise.all([
        repo.findListingSummaries(db, ids),
        repo.findOpenComplaints(db, ids),
      ])
      const byId = new Map(summaries.map((s) => [s.id, s]))
      const results: AdminComplaintGroup[] = []
      for (const id of ids) {
        const s = byId.get(id)
        const own = complaints.filter((c) => c.listingId === id)
        const first = own[0]
        const last = own.at(-1)
        if (!s || !first || !last) continue
        results.push({
          listing: {
            id,
            title: listingTitle({ brand: s.brand, model: s.model, year: s.year }, locale),
            status: s.status,
            priceKzt: s.priceKzt,
            owner: { id: s.ownerId, name: s.ownerName },
          },
          complaints: own
            .map((c) => ({
              id: c.id,
              reason: c.reason as ComplaintReason,
              comment: c.comment,
              createdAt: c.createdAt.toISOString(),
              reporter: { id: c.reporterId, name: c.reporterName },
            }))
            .reverse(),
          firstAt: first.createdAt.toISOString(),
          lastAt: last.createdAt.toISOString(),
        })
      }
      return { results }
    },

    /** How many listings have open complaints (the back office's menu). Staff only. */
    async countOpen(u: SessionUser): Promise<number> {
      requireStaff(u)
      return repo.countOpenListings(db)
    },

    /**
     * Dismisses every open complaint about the listing, or takes the listing down and closes them in the same
     * transaction. Staff only. Throws NoOpenComplaintsError, ComplaintNotPublishedError (taking down what is no
     * longer on sale), ListingNotFoundError.
     */
    async resolve(
      u: SessionUser,
      listingId: number,
      body: ResolveComplaintsBody,
      locale: Locale,
    ): Promise<ResolveComplaintsResult> {
      requireStaff(u)
      if ((await repo.countOpenFor(db, listingId)) === 0) throw new NoOpenComplaintsError(listingId)
      const at = now()
      if (body.resolution === 'dismissed') {
        const resolved = await db.transaction(async (tx) => {
          const count = (await repo.resolveOpen(tx, listingId, u.id, 'dismissed', at)).length
          if (count === 0) throw new NoOpenComplaintsError(listingId)
          await recordAudit(tx, u, {
            action: 'complaints.dismissed',
            targetType: 'listing',
            targetId: listingId,
            before: { openComplaints: count },
            after: { openComplaints: 0, resolution: 'dismissed' },
          })
          return count
        })
        const listing = await repo.findListingOwner(db, listingId)
        if (!listing) throw new ListingNotFoundError(listingId)
        return { listingId, resolution: 'dismissed', resolved, status: listing.status }
      }
      if (!body.reasonCode) throw new Error('a take-down without a reason passed the contract')
      let resolved = 0
      const decision = await moderation
        .takeDown(
          u,
          listingId,
          { reasonCode: body.reasonCode, ...(body.comment ? { comment: body.comment } : {}) },
          locale,
          async (tx) => {
            const reporters = await repo.resolveOpen(tx, listingId, u.id, 'taken_down', at)
            resolved = reporters.length
            if (resolved === 0) throw new NoOpenComplaintsError(listingId)
            // Those who reported it learn it worked (a reason to report the next one); with the take-down or not at all.
            const title = (await findListingTitle(tx, listingId)) ?? ''
            await jobs?.sendMany(
              'alert',
              reporters.map((userId) => ({
                key: `complaint-upheld:${listingId}:${at.getTime()}:${userId}`,
                userId,
                alert: { kind: 'complaint-upheld' as const, listingId, title },
              })),
              { tx },
            )
          },
        )
        .catch((e: unknown) => {
          // Sold, withdrawn or rejected since the complaint: the complaints stay open for staff to dismiss.
          throw e instanceof NotPublishedError ? new ComplaintNotPublishedError(listingId) : e
        })
      return { listingId, resolution: 'taken_down', resolved, status: decision.status }
    },
  }
}
export type ComplaintsService = ReturnType<typeof createComplaintsService>

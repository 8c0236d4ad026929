import type { AdminInspectionReport, InspectionReportBody, ListingFlags, ListingFlagsBody } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { changedFields, recordAudit } from '../audit/index.ts'
import { type Actor, requireAdmin } from '../identity/index.ts'
import type { InspectionsService } from '../inspections/index.ts'
import { ListingNotFoundError } from '../listings/index.ts'
import * as repo from './moderation.repository.ts'

/** Tulpar cars: the company's own inspected listings, their inspection reports and hand-picked hot offers. */
export function createTulparService({ db, inspections }: { db: Db; inspections: InspectionsService }) {
  return {
    /**
     * Sets is_tulpar / is_inspected / is_hot on a listing in any status, with its audit record
     * ('listing.flags_changed', only the flags that changed; none when nothing did) in the same transaction.
     * Admins only; throws ListingNotFoundError.
     */
    async setFlags(u: Actor, id: number, flags: ListingFlagsBody): Promise<ListingFlags> {
      requireAdmin(u)
      return db.transaction(async (tx) => {
        const old = await repo.lockFlags(tx, id)
        if (!old) throw new ListingNotFoundError(id)
        const row = await repo.updateFlags(tx, id, flags)
        if (!row) throw new ListingNotFoundError(id)
        const changed = changedFields(old, { isTulpar: row.isTulpar, isInspected: row.isInspected, isHot: row.isHot })
        if (changed)
          await recordAudit(tx, u, { action: 'listing.flags_changed', targetType: 'listing', targetId: id, ...changed })
        return row
      })
    },

    /** Attaches an inspection report to a listing. Admins only; throws ListingNotFoundError. */
    async addReport(u: Actor, listingId: number, body: InspectionReportBody): Promise<AdminInspectionReport> {
      requireAdmin(u)
      if (!(await repo.listingExists(db, listingId))) throw new ListingNotFoundError(listingId)
      return inspections.addReport(u, listingId, body)
    },

    /** Replaces a report (e.g. generating -> ready with its date). Admins only. */
    async replaceReport(u: Actor, reportId: number, body: InspectionReportBody): Promise<AdminInspectionReport> {
      requireAdmin(u)
      return inspections.replaceReport(u, reportId, body)
    },

    /** Deletes a report. Admins only; throws InspectionReportNotFoundError. */
    async removeReport(u: Actor, reportId: number): Promise<void> {
      requireAdmin(u)
      await inspections.removeReport(u, reportId)
    },
  }
}
export type TulparService = ReturnType<typeof createTulparService>

import type { AdminInspectionReport, InspectionReportBody } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { changedFields, recordAudit } from '../audit/index.ts'
import type { Actor } from '../identity/index.ts'
import { InspectionReportNotFoundError } from './inspections.errors.ts'
import * as repo from './inspections.repository.ts'

/**
 * A report's own fields: what the back office shows beside its id and date, and what the audit trail keeps of it (the
 * checks with their notes are the report: no personal data).
 */
function reportFields(row: repo.InspectionReportRow) {
  return {
    listingId: row.listingId,
    name: row.name,
    vin: row.vin,
    reportDate: row.reportDate,
    status: row.status,
    summary: row.summary,
  }
}

function toInspectionReport(row: repo.InspectionReportRow): AdminInspectionReport {
  return { id: row.id, ...reportFields(row), createdAt: row.createdAt.toISOString() }
}

/**
 * TulparAutoCheck inspection reports (spec: name, date, VIN, status; "being generated" until ready). The
 * report itself is the list of checks with their outcome and notes. Who may write them is decided by the
 * caller (the back office allows admins only); each write is recorded in the audit trail in its own transaction.
 */
export function createInspectionsService({ db }: { db: Db }) {
  return {
    async listReportsForListing(listingId: number): Promise<AdminInspectionReport[]> {
      return (await repo.findReportsByListing(db, listingId)).map(toInspectionReport)
    },

    /** Throws InspectionReportNotFoundError. */
    async getReport(id: number): Promise<AdminInspectionReport> {
      const row = await repo.findReportById(db, id)
      if (!row) throw new InspectionReportNotFoundError(id)
      return toInspectionReport(row)
    },

    /** The report and its audit record ('inspection.created'), together or not at all. */
    async addReport(u: Actor, listingId: number, body: InspectionReportBody): Promise<AdminInspectionReport> {
      const row = await db.transaction(async (tx) => {
        const row = await repo.insertReport(tx, { ...body, listingId, requestedBy: u.id })
        await recordAudit(tx, u, {
          action: 'inspection.created',
          targetType: 'inspection_report',
          targetId: row.id,
          after: reportFields(row),
        })
        return row
      })
      return toInspectionReport(row)
    },

    /**
     * Replaces the report's fields; the audit record ('inspection.updated') holds only the fields that changed, and
     * none is written when nothing did. Throws InspectionReportNotFoundError.
     */
    async replaceReport(u: Actor, id: number, body: InspectionReportBody): Promise<AdminInspectionReport> {
      const row = await db.transaction(async (tx) => {
        const old = await repo.lockReport(tx, id)
        if (!old) throw new InspectionReportNotFoundError(id)
        const row = await repo.updateReport(tx, id, body)
        if (!row) throw new InspectionReportNotFoundError(id)
        const changed = changedFields(reportFields(old), reportFields(row))
        if (changed)
          await recordAudit(tx, u, {
            action: 'inspection.updated',
            targetType: 'inspection_report',
            targetId: id,
            ...changed,
          })
        return row
      })
      return toInspectionReport(row)
    },

    /** Deletes the report; its audit record ('inspection.deleted') keeps what it said. Throws InspectionReportNotFoundError. */
    async removeReport(u: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const old = await repo.deleteReport(tx, id)
        if (!old) throw new InspectionReportNotFoundError(id)
        await recordAudit(tx, u, {
          action: 'inspection.deleted',
          targetType: 'inspection_report',
          targetId: id,
          before: reportFields(old),
        })
      })
    },
  }
}
export type InspectionsService = ReturnType<typeof createInspectionsService>

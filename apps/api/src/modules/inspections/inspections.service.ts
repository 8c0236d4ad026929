import type { AdminInspectionReport, InspectionReportBody } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import { InspectionReportNotFoundError } from './inspections.errors.ts'
import * as repo from './inspections.repository.ts'

function toInspectionReport(row: repo.InspectionReportRow): AdminInspectionReport {
  return {
    id: row.id,
    listingId: row.listingId,
    name: row.name,
    vin: row.vin,
    reportDate: row.reportDate,
    status: row.status,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * TulparAutoCheck inspection reports (spec: name, date, VIN, status; "being generated" until ready). The
 * report itself is the list of checks with their outcome and notes. Who may write them is decided by the
 * caller (the back office allows admins only).
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

    async addReport(listingId: number, authorId: string, body: InspectionReportBody): Promise<AdminInspectionReport> {
      const row = await repo.insertReport(db, { ...body, listingId, requestedBy: authorId })
      return toInspectionReport(row)
    },

    /** Replaces the report's fields. Throws InspectionReportNotFoundError. */
    async replaceReport(id: number, body: InspectionReportBody): Promise<AdminInspectionReport> {
      const row = await repo.updateReport(db, id, body)
      if (!row) throw new InspectionReportNotFoundError(id)
      return toInspectionReport(row)
    },

    /** Throws InspectionReportNotFoundError. */
    async removeReport(id: number): Promise<void> {
      if (!(await repo.deleteReport(db, id))) throw new InspectionReportNotFoundError(id)
    },
  }
}
export type InspectionsService = ReturnType<typeof createInspectionsService>

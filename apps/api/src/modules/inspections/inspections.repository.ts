import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inspectionReports } from './inspections.tables.ts'

export type InspectionReportRow = typeof inspectionReports.$inferSelect
type ReportFields = Pick<typeof inspectionReports.$inferInsert, 'name' | 'vin' | 'reportDate' | 'status' | 'summary'>

export function findReportsByListing(db: Db, listingId: number) {
  return db
    .select()
    .from(inspectionReports)
    .where(eq(inspectionReports.listingId, listingId))
    .orderBy(desc(inspectionReports.createdAt), desc(inspectionReports.id))
}

export async function findReportById(db: Db, id: number): Promise<InspectionReportRow | null> {
  const [row] = await db.select().from(inspectionReports).where(eq(inspectionReports.id, id)).limit(1)
  return row ?? null
}

export async function insertReport(
  db: Db,
  values: ReportFields & { listingId: number; requestedBy: string | null },
): Promise<InspectionReportRow> {
  const [row] = await db.insert(inspectionReports).values(values).returning()
  if (!row) throw new Error('inspection report not created')
  return row
}

export async function updateReport(db: Db, id: number, values: ReportFields): Promise<InspectionReportRow | null> {
  const [row] = await db.update(inspectionReports).set(values).where(eq(inspectionReports.id, id)).returning()
  return row ?? null
}

/** The report under a row lock, for a change that records its fields before. */
export async function lockReport(tx: Db, id: number): Promise<InspectionReportRow | null> {
  const [row] = await tx.select().from(inspectionReports).where(eq(inspectionReports.id, id)).for('update')
  return row ?? null
}

/** The deleted row (for the audit trail), or null when there was none. */
export async function deleteReport(db: Db, id: number): Promise<InspectionReportRow | null> {
  const [row] = await db.delete(inspectionReports).where(eq(inspectionReports.id, id)).returning()
  return row ?? null
}

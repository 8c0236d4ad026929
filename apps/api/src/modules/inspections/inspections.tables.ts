import { bigint, date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { inspectionStatusEnum } from '../../db/enums.ts'
import { user } from '../identity/identity.tables.ts'
import { listings } from '../listings/listings.tables.ts'

/** An inspection report (spec: name, date, VIN, status); 'generating' until ready. */
export const inspectionReports = pgTable(
  'inspection_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    vin: text('vin').notNull(),
    reportDate: date('report_date'),
    status: inspectionStatusEnum('status').notNull().default('generating'),
    /** Checked items: [{ code, ok, note }]. */
    summary: jsonb('summary').$type<{ code: string; ok: boolean; note?: string }[]>().notNull().default([]),
    fileKey: text('file_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspection_reports_listing_idx').on(t.listingId), index('inspection_reports_vin_idx').on(t.vin)],
)

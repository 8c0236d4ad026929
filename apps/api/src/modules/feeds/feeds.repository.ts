import type { FeedImportOutcome, FeedImportRow } from '@tulpar/contracts'
import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { dealerMembers, dealers } from '../dealers/dealers.tables.ts'
import { user } from '../identity/identity.tables.ts'
import type { PlannedRow } from './feed-plan.ts'
import { feedImportRows, feedImports, type StoredProblem } from './feeds.tables.ts'

/*
 * The imports and their reports (feed_imports, feed_import_rows), and what an import needs of its dealer. The
 * dealer's cars themselves are read and written by feed-listings.repository.ts.
 */

type ImportInsert = typeof feedImports.$inferInsert
/** A row of a stored report: its problems with their words' parameters, put into words when it is read. */
export type StoredImportRow = Omit<FeedImportRow, 'problems' | 'warnings'> & {
  problems: StoredProblem[]
  warnings: StoredProblem[]
}

/** Rows per multi-row statement: a batch of listings stays well under PostgreSQL's 65,535 parameters. */
const BATCH = 500

export function* batches<T>(items: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size)
}

/** What an import needs of its dealer: status, city, phones, the trusted flag and who owns it. */
export async function findDealerFacts(db: Db, dealerId: number, lock = false) {
  const query = db
    .select({
      id: dealers.id,
      status: dealers.status,
      cityId: dealers.cityId,
      phones: dealers.phones,
      trustedToPublish: dealers.trustedToPublish,
    })
    .from(dealers)
    .where(eq(dealers.id, dealerId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) return null
  const [owner] = await db
    .select({ userId: dealerMembers.userId })
    .from(dealerMembers)
    .where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.role, 'owner')))
  return { ...row, ownerId: owner?.userId ?? null }
}

export async function insertImport(db: Db, values: ImportInsert): Promise<number> {
  const [row] = await db.insert(feedImports).values(values).returning({ id: feedImports.id })
  if (!row) throw new Error('insert into feed_imports returned nothing')
  return row.id
}

export async function updateImport(db: Db, id: number, values: Partial<ImportInsert>): Promise<void> {
  await db.update(feedImports).set(values).where(eq(feedImports.id, id))
}

/** One import of the dealer, with its uploader's name; locked when asked (an apply holds it to the end). */
export async function findImport(db: Db, dealerId: number, importId: number, lock = false) {
  const query = db
    .select({ row: feedImports, createdByName: user.name })
    .from(feedImports)
    .leftJoin(user, eq(user.id, feedImports.createdBy))
    .where(and(eq(feedImports.id, importId), eq(feedImports.dealerId, dealerId)))
  const [found] = lock ? await query.for('update', { of: feedImports }) : await query
  return found ?? null
}

/** The dealer's imports, newest first. */
export async function listImports(db: Db, dealerId: number, limit: number) {
  return db
    .select({ row: feedImports, createdByName: user.name })
    .from(feedImports)
    .leftJoin(user, eq(user.id, feedImports.createdBy))
    .where(eq(feedImports.dealerId, dealerId))
    .orderBy(desc(feedImports.id))
    .limit(limit)
}

export async function insertImportRows(db: Db, importId: number, rows: PlannedRow[]): Promise<void> {
  for (const part of batches(rows)) {
    await db.insert(feedImportRows).values(
      part.map((r) => ({
        importId,
        seq: r.seq,
        row: r.row,
        line: r.line,
        externalId: r.externalId,
        outcome: r.outcome,
        listingId: r.listingId,
        problems: r.problems,
        warnings: r.warnings,
        car: r.car,
        carHash: r.carHash,
      })),
    )
  }
}

export async function deleteImportRows(db: Db, importId: number): Promise<void> {
  await db.delete(feedImportRows).where(eq(feedImportRows.importId, importId))
}

/** A page of the report in order, of one outcome or all; one more row than asked tells there is a next page. */
export async function findImportRows(
  db: Db,
  importId: number,
  q: { outcome?: FeedImportOutcome; after?: number; limit: number },
): Promise<StoredImportRow[]> {
  const rows = await db
    .select()
    .from(feedImportRows)
    .where(
      and(
        eq(feedImportRows.importId, importId),
        q.outcome ? eq(feedImportRows.outcome, q.outcome) : undefined,
        q.after === undefined ? undefined : gt(feedImportRows.seq, q.after),
      ),
    )
    .orderBy(asc(feedImportRows.seq))
    .limit(q.limit + 1)
  return rows.map((r) => ({
    seq: r.seq,
    row: r.row,
    line: r.line,
    externalId: r.externalId,
    outcome: r.outcome as FeedImportOutcome,
    listingId: r.listingId,
    problems: r.problems,
    warnings: r.warnings,
    car: r.car,
  }))
}

/** The feed's cars of a stored dry run, in order (removed cars are planned again at the apply). */
export async function findCheckedRows(db: Db, importId: number) {
  const rows = await db
    .select({
      seq: feedImportRows.seq,
      row: feedImportRows.row,
      line: feedImportRows.line,
      externalId: feedImportRows.externalId,
      problems: feedImportRows.problems,
      warnings: feedImportRows.warnings,
      car: feedImportRows.car,
    })
    .from(feedImportRows)
    .where(and(eq(feedImportRows.importId, importId), isNotNull(feedImportRows.row)))
    .orderBy(asc(feedImportRows.seq))
  return rows.map((r) => ({ ...r, row: r.row ?? 0, line: r.line ?? 0 }))
}

/** The dealer's legal name and its people (owner and managers) as they are now, for the notice of a finished import. */
export async function findDealerPeople(db: Db, dealerId: number) {
  const rows = await db
    .select({ name: dealers.legalName, userId: dealerMembers.userId })
    .from(dealers)
    .innerJoin(dealerMembers, eq(dealerMembers.dealerId, dealers.id))
    .where(eq(dealers.id, dealerId))
    .orderBy(asc(dealerMembers.userId))
  return { name: rows[0]?.name ?? '', userIds: rows.map((r) => r.userId) }
}

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { selectListingsWithNames } from '../listings/index.ts'
import { listings } from '../listings/listings.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'
import { listingComplaints } from './complaints.tables.ts'

export async function findListingOwner(db: Db, listingId: number) {
  const [row] = await db
    .select({ ownerId: listings.ownerId, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId))
  return row ?? null
}

/** Inserts the complaint, or updates this reporter's open one: true when a row was added. */
export async function upsertOpenComplaint(
  db: Db,
  values: { listingId: number; reporterId: string; reason: string; comment: string | null },
): Promise<boolean> {
  const [row] = await db
    .insert(listingComplaints)
    .values(values)
    .onConflictDoUpdate({
      target: [listingComplaints.listingId, listingComplaints.reporterId],
      targetWhere: sql`resolved_at is null`,
      set: { reason: values.reason, comment: values.comment },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  return row?.inserted === true
}

/** The listings with open complaints, the most complained-about first, then the longest waiting. */
export function findOpenListingIds(db: Db, limit: number) {
  return db
    .select({ listingId: listingComplaints.listingId })
    .from(listingComplaints)
    .where(isNull(listingComplaints.resolvedAt))
    .groupBy(listingComplaints.listingId)
    .orderBy(sql`count(*) desc`, sql`min(${listingComplaints.createdAt}) asc`)
    .limit(limit)
}

export async function countOpenListings(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${listingComplaints.listingId})::int` })
    .from(listingComplaints)
    .where(isNull(listingComplaints.resolvedAt))
  return row?.n ?? 0
}

const owner = alias(user, 'owner')

export function findListingSummaries(db: Db, ids: number[]) {
  return selectListingsWithNames(db, {
    id: listings.id,
    status: listings.status,
    priceKzt: listings.priceKzt,
    year: listings.year,
    brand: brands.name,
    model: models.name,
    ownerId: listings.ownerId,
    ownerName: owner.name,
  })
    .innerJoin(owner, eq(owner.id, listings.ownerId))
    .where(inArray(listings.id, ids))
}

export function findOpenComplaints(db: Db, listingIds: number[]) {
  return db
    .select({
      id: listingComplaints.id,
      listingId: listingComplaints.listingId,
      reason: listingComplaints.reason,
      comment: listingComplaints.comment,
      createdAt: listingComplaints.createdAt,
      reporterId: listingComplaints.reporterId,
      reporterName: user.name,
    })
    .from(listingComplaints)
    .innerJoin(user, eq(user.id, listingComplaints.reporterId))
    .where(and(inArray(listingComplaints.listingId, listingIds), isNull(listingComplaints.resolvedAt)))
    .orderBy(asc(listingComplaints.createdAt))
}

/** Closes every open complaint about the listing; answers who had sent them. */
export async function resolveOpen(
  db: Db,
  listingId: number,
  by: string,
  resolution: 'dismissed' | 'taken_down',
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(listingComplaints)
    .set({ resolvedAt: at, resolvedBy: by, resolution })
    .where(and(eq(listingComplaints.listingId, listingId), isNull(listingComplaints.resolvedAt)))
    .returning({ reporterId: listingComplaints.reporterId })
  return rows.map((r) => r.reporterId)
}

export async function countOpenFor(db: Db, listingId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingComplaints)
    .where(and(eq(listingComplaints.listingId, listingId), isNull(listingComplaints.resolvedAt)))
  return row?.n ?? 0
}

import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { dealers } from '../dealers/dealers.tables.ts'
import { feedSources } from './feeds.tables.ts'

type SourceInsert = typeof feedSources.$inferInsert

export async function findSource(db: Db, dealerId: number) {
  const [row] = await db.select().from(feedSources).where(eq(feedSources.dealerId, dealerId))
  return row ?? null
}

export async function upsertSource(db: Db, values: SourceInsert): Promise<void> {
  await db
    .insert(feedSources)
    .values(values)
    .onConflictDoUpdate({
      target: feedSources.dealerId,
      set: {
        url: values.url,
        missingCars: values.missingCars,
        updatedAt: values.updatedAt,
        updatedBy: values.updatedBy,
      },
    })
}

export async function deleteSource(db: Db, dealerId: number): Promise<void> {
  await db.delete(feedSources).where(eq(feedSources.dealerId, dealerId))
}

export async function markFetched(db: Db, dealerId: number, at: Date): Promise<void> {
  await db.update(feedSources).set({ lastFetchedAt: at }).where(eq(feedSources.dealerId, dealerId))
}

/** Verified dealers' feed URLs not fetched since `before`, the longest waiting first. */
export async function findDueSources(db: Db, before: Date, limit: number) {
  return db
    .select({ dealerId: feedSources.dealerId })
    .from(feedSources)
    .innerJoin(dealers, eq(dealers.id, feedSources.dealerId))
    .where(
      and(eq(dealers.status, 'verified'), or(isNull(feedSources.lastFetchedAt), lt(feedSources.lastFetchedAt, before))),
    )
    .orderBy(sql`${feedSources.lastFetchedAt} asc nulls first`, asc(feedSources.dealerId))
    .limit(limit)
}

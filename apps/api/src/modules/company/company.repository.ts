import { asc, avg, count, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cities } from '../reference/reference.tables.ts'
import { branches, companyContacts, customerReviews } from './company.tables.ts'

export async function findContacts(db: Db) {
  const [row] = await db.select().from(companyContacts).where(eq(companyContacts.id, 1)).limit(1)
  return row ?? null
}

export function findBranches(db: Db) {
  return db
    .select({ branch: branches, city: cities })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId))
    .orderBy(asc(branches.sort), asc(branches.id))
}

export function findPublishedReviews(db: Db, limit: number) {
  return db
    .select()
    .from(customerReviews)
    .where(eq(customerReviews.isPublished, true))
    .orderBy(desc(customerReviews.reviewedOn), desc(customerReviews.id))
    .limit(limit)
}

export async function summarisePublishedReviews(db: Db) {
  const [row] = await db
    .select({ count: count(), average: avg(customerReviews.rating) })
    .from(customerReviews)
    .where(eq(customerReviews.isPublished, true))
  return { count: row?.count ?? 0, average: row?.average ?? null }
}

import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cities } from '../reference/reference.tables.ts'
import { partnerCategories, partners } from './partners.tables.ts'

type PartnerRow = typeof partners.$inferSelect
export type PartnerCategoryRow = typeof partnerCategories.$inferSelect
type CityRow = typeof cities.$inferSelect
export interface PartnerWithRefs {
  partner: PartnerRow
  category: PartnerCategoryRow
  city: CityRow
}

/** Keyset position in the public list, which is ordered by name, then id. */
export interface PartnerCursor {
  name: string
  id: number
}

/** What the site shows: the partner and its category are both switched on. */
const shown = () => and(eq(partners.isActive, true), eq(partnerCategories.isActive, true))

function selectWithRefs(db: Db) {
  return db
    .select({ partner: partners, category: partnerCategories, city: cities })
    .from(partners)
    .innerJoin(partnerCategories, eq(partnerCategories.id, partners.categoryId))
    .innerJoin(cities, eq(cities.id, partners.cityId))
    .$dynamic()
}

// ---- The site

/** Switched-on categories in their order, each with how many partners the site shows in it. */
export function findShownCategories(db: Db) {
  return db
    .select({
      category: partnerCategories,
      partnersCount: sql<number>`count(${partners.id}) filter (where ${partners.isActive})`.mapWith(Number),
    })
    .from(partnerCategories)
    .leftJoin(partners, eq(partners.categoryId, partnerCategories.id))
    .where(eq(partnerCategories.isActive, true))
    .groupBy(partnerCategories.id)
    .orderBy(asc(partnerCategories.sort), asc(partnerCategories.id))
}

export function findShownPartners(
  db: Db,
  filter: { categoryCode?: string; citySlug?: string },
  after: PartnerCursor | null,
  limit: number,
): Promise<PartnerWithRefs[]> {
  const conditions: (SQL | undefined)[] = [shown()]
  if (filter.categoryCode) conditions.push(eq(partnerCategories.code, filter.categoryCode))
  if (filter.citySlug) conditions.push(eq(cities.slug, filter.citySlug))
  if (after) conditions.push(sql`(${partners.name}, ${partners.id}) > (${after.name}::text, ${after.id}::int)`)
  return selectWithRefs(db)
    .where(and(...conditions))
    .orderBy(asc(partners.name), asc(partners.id))
    .limit(limit)
}

export async function findShownPartner(db: Db, id: number): Promise<PartnerWithRefs | null> {
  const [row] = await selectWithRefs(db)
    .where(and(eq(partners.id, id), shown()))
    .limit(1)
  return row ?? null
}

// ---- The back office

/** Every category, switched on or not, with how many partners (any status) it holds. */
export function findAllCategories(db: Db) {
  return db
    .select({ category: partnerCategories, partnersCount: count(partners.id) })
    .from(partnerCategories)
    .leftJoin(partners, eq(partners.categoryId, partnerCategories.id))
    .groupBy(partnerCategories.id)
    .orderBy(asc(partnerCategories.sort), asc(partnerCategories.id))
}

export async function findCategoryWithCount(db: Db, id: number) {
  const [row] = await db
    .select({ category: partnerCategories, partnersCount: count(partners.id) })
    .from(partnerCategories)
    .leftJoin(partners, eq(partners.categoryId, partnerCategories.id))
    .where(eq(partnerCategories.id, id))
    .groupBy(partnerCategories.id)
  return row ?? null
}

export async function findCategoryIdByCode(db: Db, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: partnerCategories.id })
    .from(partnerCategories)
    .where(eq(partnerCategories.code, code))
    .limit(1)
  return row?.id ?? null
}

export type CategoryValues = Omit<typeof partnerCategories.$inferInsert, 'id'>

export async function insertCategory(db: Db, values: CategoryValues): Promise<number> {
  const [row] = await db.insert(partnerCategories).values(values).returning({ id: partnerCategories.id })
  if (!row) throw new Error('category not stored')
  return row.id
}

/** Returns false when there is no such category. */
export async function updateCategory(db: Db, id: number, values: Partial<CategoryValues>): Promise<boolean> {
  const rows = await db
    .update(partnerCategories)
    .set(values)
    .where(eq(partnerCategories.id, id))
    .returning({ id: partnerCategories.id })
  return rows.length > 0
}

export function findAllPartners(
  db: Db,
  filter: { categoryCode?: string; q?: string },
  afterId: number | null,
  limit: number,
): Promise<PartnerWithRefs[]> {
  const conditions: (SQL | undefined)[] = []
  if (filter.categoryCode) conditions.push(eq(partnerCategories.code, filter.categoryCode))
  if (filter.q) conditions.push(ilike(partners.name, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
  if (afterId !== null) conditions.push(sql`${partners.id} > ${afterId}`)
  return selectWithRefs(db)
    .where(and(...conditions))
    .orderBy(asc(partners.id))
    .limit(limit)
}

export async function findPartnerWithRefs(db: Db, id: number): Promise<PartnerWithRefs | null> {
  const [row] = await selectWithRefs(db).where(eq(partners.id, id)).limit(1)
  return row ?? null
}

export type PartnerValues = Omit<typeof partners.$inferInsert, 'id'>

export async function insertPartner(db: Db, values: PartnerValues): Promise<number> {
  const [row] = await db.insert(partners).values(values).returning({ id: partners.id })
  if (!row) throw new Error('partner not stored')
  return row.id
}

/** Returns false when there is no such partner. */
export async function updatePartner(db: Db, id: number, values: Partial<PartnerValues>): Promise<boolean> {
  const rows = await db.update(partners).set(values).where(eq(partners.id, id)).returning({ id: partners.id })
  return rows.length > 0
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: partnerCategories.id })
    .from(partnerCategories)
    .where(eq(partnerCategories.id, id))
    .limit(1)
  return row !== undefined
}

export async function cityExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id)).limit(1)
  return row !== undefined
}

import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { cities } from '../reference/reference.tables.ts'
import { dealerMembers, dealerShowrooms, dealers } from './dealers.tables.ts'

export type DealerRow = typeof dealers.$inferSelect
type DealerInsert = typeof dealers.$inferInsert
type ShowroomInsert = Omit<typeof dealerShowrooms.$inferInsert, 'dealerId' | 'id'>

const cityColumns = {
  id: cities.id,
  slug: cities.slug,
  nameRu: cities.nameRu,
  nameKk: cities.nameKk,
  nameEn: cities.nameEn,
}
export type CityNames = { id: number; slug: string; nameRu: string; nameKk: string; nameEn: string }

/** Which of the city ids exist. */
export async function findCityIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.select({ id: cities.id }).from(cities).where(inArray(cities.id, ids))
  return new Set(rows.map((r) => r.id))
}

export async function insertDealer(db: Db, values: DealerInsert): Promise<DealerRow> {
  const [row] = await db.insert(dealers).values(values).returning()
  if (!row) throw new Error('insert into dealers returned nothing')
  return row
}

export async function updateDealer(db: Db, id: number, values: Partial<DealerInsert>): Promise<void> {
  await db
    .update(dealers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(dealers.id, id))
}

export async function replaceShowrooms(db: Db, dealerId: number, rows: ShowroomInsert[]): Promise<void> {
  await db.delete(dealerShowrooms).where(eq(dealerShowrooms.dealerId, dealerId))
  if (rows.length > 0) await db.insert(dealerShowrooms).values(rows.map((r, i) => ({ ...r, dealerId, sort: i })))
}

/** A number already taken by a dealer that is not rejected. */
export async function isBinTaken(db: Db, bin: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(and(eq(dealers.bin, bin), sql`${dealers.status} <> 'rejected'`))
    .limit(1)
  return row !== undefined
}

/** Whether the user has an application waiting (as its owner). */
export async function hasPendingApplication(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dealers.id })
    .from(dealerMembers)
    .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId))
    .where(and(eq(dealerMembers.userId, userId), eq(dealerMembers.role, 'owner'), eq(dealers.status, 'applied')))
    .limit(1)
  return row !== undefined
}

export async function insertMember(db: Db, dealerId: number, userId: string, role: 'owner' | 'manager') {
  await db.insert(dealerMembers).values({ dealerId, userId, role })
}

export async function deleteMember(db: Db, dealerId: number, userId: string): Promise<boolean> {
  const rows = await db
    .delete(dealerMembers)
    .where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.userId, userId)))
    .returning({ userId: dealerMembers.userId })
  return rows.length > 0
}

/** The user's role in the dealer, read now (a removed person loses access at the next request). */
export async function findMemberRole(db: Db, dealerId: number, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ role: dealerMembers.role })
    .from(dealerMembers)
    .where(and(eq(dealerMembers.dealerId, dealerId), eq(dealerMembers.userId, userId)))
    .limit(1)
  return row?.role ?? null
}

/** Whether the user works for the dealer now (owner or manager): read at each call, so a removed one is out at once. */
export async function isDealerMember(db: Db, dealerId: number, userId: string): Promise<boolean> {
  return (await findMemberRole(db, dealerId, userId)) !== null
}

export async function findMembers(db: Db, dealerId: number) {
  return db
    .select({
      userId: dealerMembers.userId,
      role: dealerMembers.role,
      addedAt: dealerMembers.addedAt,
      name: user.name,
      email: user.email,
      phone: user.phoneNumber,
    })
    .from(dealerMembers)
    .innerJoin(user, eq(user.id, dealerMembers.userId))
    .where(eq(dealerMembers.dealerId, dealerId))
    .orderBy(sql`${dealerMembers.role} = 'owner' desc`, asc(dealerMembers.addedAt))
}

/** The account with this e-mail (any case) or phone (E.164), if any. */
export async function findUserByContact(db: Db, email: string | null, phone: string | null) {
  const conditions: SQL[] = []
  if (email) conditions.push(sql`lower(${user.email}) = ${email.toLowerCase()}`)
  if (phone) conditions.push(eq(user.phoneNumber, phone))
  if (conditions.length === 0) return null
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(or(...conditions))
    .limit(1)
  return row ?? null
}

export async function findDealer(db: Db, id: number) {
  const [row] = await db
    .select({ dealer: dealers, city: cityColumns })
    .from(dealers)
    .innerJoin(cities, eq(cities.id, dealers.cityId))
    .where(eq(dealers.id, id))
    .limit(1)
  return row ?? null
}

/** Locks the dealer's row for a decision or a membership change. */
export async function lockDealer(db: Db, id: number): Promise<DealerRow | null> {
  const [row] = await db.select().from(dealers).where(eq(dealers.id, id)).for('update').limit(1)
  return row ?? null
}

/** The dealers the user belongs to, with their role. */
export async function findDealersOfUser(db: Db, userId: string) {
  return db
    .select({ dealer: dealers, city: cityColumns, role: dealerMembers.role })
    .from(dealerMembers)
    .innerJoin(dealers, eq(dealers.id, dealerMembers.dealerId))
    .innerJoin(cities, eq(cities.id, dealers.cityId))
    .where(eq(dealerMembers.userId, userId))
    .orderBy(asc(dealers.id))
}

export async function findShowrooms(db: Db, dealerIds: number[]) {
  if (dealerIds.length === 0) return []
  return db
    .select({ showroom: dealerShowrooms, city: cityColumns })
    .from(dealerShowrooms)
    .innerJoin(cities, eq(cities.id, dealerShowrooms.cityId))
    .where(inArray(dealerShowrooms.dealerId, dealerIds))
    .orderBy(asc(dealerShowrooms.dealerId), asc(dealerShowrooms.sort), asc(dealerShowrooms.id))
}

/** Verified dealers, by name, in one city or all. */
export async function findVerifiedDealers(db: Db, cityId: number | null) {
  const showrooms = db.select({ n: count() }).from(dealerShowrooms).where(eq(dealerShowrooms.dealerId, dealers.id))
  return db
    .select({ dealer: dealers, city: cityColumns, showroomCount: sql<number>`(${showrooms})`.mapWith(Number) })
    .from(dealers)
    .innerJoin(cities, eq(cities.id, dealers.cityId))
    .where(and(eq(dealers.status, 'verified'), cityId === null ? undefined : eq(dealers.cityId, cityId)))
    .orderBy(asc(dealers.legalName), asc(dealers.id))
    .limit(500)
}

export async function findCityIdBySlug(db: Db, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, slug)).limit(1)
  return row?.id ?? null
}

/** The back office's list: applications first (oldest first), then the rest, newest first. */
export async function findDealersForStaff(db: Db, status: string | null, limit: number) {
  const showrooms = db.select({ n: count() }).from(dealerShowrooms).where(eq(dealerShowrooms.dealerId, dealers.id))
  const owner = db
    .select({ userId: dealerMembers.userId })
    .from(dealerMembers)
    .where(and(eq(dealerMembers.dealerId, dealers.id), eq(dealerMembers.role, 'owner')))
    .limit(1)
  return db
    .select({
      dealer: dealers,
      city: cityColumns,
      showroomCount: sql<number>`(${showrooms})`.mapWith(Number),
      ownerId: sql<string | null>`(${owner})`,
    })
    .from(dealers)
    .innerJoin(cities, eq(cities.id, dealers.cityId))
    .where(status === null ? undefined : eq(dealers.status, status))
    .orderBy(
      sql`${dealers.status} = 'applied' desc`,
      sql`case when ${dealers.status} = 'applied' then ${dealers.id} end asc`,
      desc(dealers.id),
    )
    .limit(limit)
}

export async function findUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return []
  return db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, ids))
}

/** Of `keys`, those that are a dealer's current logo. */
export async function findOwnedLogoKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await db.select({ key: dealers.logoKey }).from(dealers).where(inArray(dealers.logoKey, keys))
  return new Set(rows.flatMap((r) => (r.key ? [r.key] : [])))
}

import type { CheckOrderStatus, VehicleReportContent } from '@tulpar/contracts'
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { selectListingsWithNames } from '../listings/index.ts'
import { listings } from '../listings/listings.tables.ts'
import { profiles } from '../profiles/profiles.tables.ts'
import { brands, cities, models } from '../reference/reference.tables.ts'
import { checkOrders, vehicleReports } from './vehicle-checks.tables.ts'

export type CheckOrderRow = typeof checkOrders.$inferSelect
export type VehicleReportRow = typeof vehicleReports.$inferSelect

// Orders

const ReservedId = z.object({ rows: z.array(z.object({ id: z.coerce.number().int().positive() })) })

/** Takes the next order id from the table's sequence, for an order not stored yet. */
export async function reserveCheckOrderId(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('check_orders', 'id'))::text as id`)
  const [row] = ReservedId.parse(result).rows
  if (!row) throw new Error('no order id reserved')
  return row.id
}

export async function insertCheckOrder(db: Db, row: CheckOrderRow): Promise<void> {
  await db.insert(checkOrders).values(row)
}

export async function findOwnCheckOrder(db: Db, userId: string, id: number): Promise<CheckOrderRow | null> {
  const [row] = await db
    .select()
    .from(checkOrders)
    .where(and(eq(checkOrders.id, id), eq(checkOrders.userId, userId)))
    .limit(1)
  return row ?? null
}

export async function findCheckOrderById(db: Db, id: number): Promise<CheckOrderRow | null> {
  const [row] = await db.select().from(checkOrders).where(eq(checkOrders.id, id)).limit(1)
  return row ?? null
}

/** The order becomes paid by `paymentId` only while its status is one of `from`; answers it, or null. */
export async function markCheckOrderPaid(
  db: Db,
  id: number,
  from: readonly CheckOrderStatus[],
  p: { paymentId: string; at: Date },
): Promise<CheckOrderRow | null> {
  const [paid] = await db
    .update(checkOrders)
    .set({ status: 'paid', paidAt: p.at, updatedAt: p.at, paymentId: p.paymentId })
    .where(and(eq(checkOrders.id, id), inArray(checkOrders.status, [...from])))
    .returning()
  return paid ?? null
}

/** The order waits for `paymentId` only while its status is one of `from`; answers false otherwise. */
export async function markCheckOrderAwaitingPayment(
  db: Db,
  id: number,
  from: readonly CheckOrderStatus[],
  p: { paymentId: string; at: Date },
): Promise<boolean> {
  const [updated] = await db
    .update(checkOrders)
    .set({ paymentId: p.paymentId, status: 'awaiting_payment', updatedAt: p.at })
    .where(and(eq(checkOrders.id, id), inArray(checkOrders.status, [...from])))
    .returning({ id: checkOrders.id })
  return updated !== undefined
}

/** The order takes status `to` only while it stands on `paymentId` with status `from`. */
export async function markCheckOrderStatus(
  db: Db,
  id: number,
  p: { paymentId: string; from: CheckOrderStatus; to: CheckOrderStatus; at: Date },
): Promise<void> {
  await db
    .update(checkOrders)
    .set({ status: p.to, updatedAt: p.at })
    .where(and(eq(checkOrders.id, id), eq(checkOrders.paymentId, p.paymentId), eq(checkOrders.status, p.from)))
}

/** The phone in the user's profile, null without a profile. */
export async function findProfilePhone(db: Db, userId: string): Promise<{ phone: string | null } | null> {
  const [profile] = await db
    .select({ phone: profiles.phone })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  return profile ?? null
}

// Reports

/** Inserts the order's report; null when the order has one already (one per order). */
export async function insertVehicleReport(
  db: Db,
  row: { orderId: number; userId: string; vin: string; name: string; createdAt: Date },
): Promise<{ id: number } | null> {
  const [report] = await db
    .insert(vehicleReports)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: vehicleReports.id })
  return report ?? null
}

export async function findReportOfOrder(db: Db, orderId: number) {
  const [report] = await db
    .select({ id: vehicleReports.id, status: vehicleReports.status })
    .from(vehicleReports)
    .where(eq(vehicleReports.orderId, orderId))
    .limit(1)
  return report ?? null
}

/** The user's reports, newest first. */
export function findReportsOfUser(db: Db, userId: string, limit: number): Promise<VehicleReportRow[]> {
  return db
    .select()
    .from(vehicleReports)
    .where(eq(vehicleReports.userId, userId))
    .orderBy(desc(vehicleReports.createdAt), desc(vehicleReports.id))
    .limit(limit)
}

export async function findOwnReport(db: Db, userId: string, id: number): Promise<VehicleReportRow | null> {
  const [row] = await db
    .select()
    .from(vehicleReports)
    .where(and(eq(vehicleReports.id, id), eq(vehicleReports.userId, userId)))
    .limit(1)
  return row ?? null
}

/** Whether the user has a report with this id (reads only its key). */
export async function hasOwnReport(db: Db, userId: string, id: number): Promise<boolean> {
  const [own] = await db
    .select({ id: vehicleReports.id })
    .from(vehicleReports)
    .where(and(eq(vehicleReports.id, id), eq(vehicleReports.userId, userId)))
    .limit(1)
  return own !== undefined
}

export async function findReportById(db: Db, id: number): Promise<VehicleReportRow | null> {
  const [report] = await db.select().from(vehicleReports).where(eq(vehicleReports.id, id)).limit(1)
  return report ?? null
}

/** A report still being generated becomes failed; answers false when it was not generating. */
export async function markReportFailed(db: Db, id: number, at: Date): Promise<boolean> {
  const [failed] = await db
    .update(vehicleReports)
    .set({ status: 'failed', readyAt: at })
    .where(and(eq(vehicleReports.id, id), eq(vehicleReports.status, 'generating')))
    .returning({ id: vehicleReports.id })
  return failed !== undefined
}

/** A report still being generated becomes ready with its content and name. */
export async function markReportReady(
  db: Db,
  id: number,
  p: { content: VehicleReportContent; name: string; at: Date },
): Promise<void> {
  await db
    .update(vehicleReports)
    .set({ status: 'ready', content: p.content, readyAt: p.at, name: p.name })
    .where(and(eq(vehicleReports.id, id), eq(vehicleReports.status, 'generating')))
}

// Sharing

/**
 * The owner's ready report is shared with `token` at `at` unless it is shared already (then it keeps its token
 * and time): one statement, so two at once end with the same token. Null when not the owner's or not ready.
 */
export async function markReportShared(
  db: Db,
  userId: string,
  id: number,
  p: { token: string; at: Date },
): Promise<{ shareToken: string | null; sharedAt: Date | null } | null> {
  const [shared] = await db
    .update(vehicleReports)
    .set({
      shareToken: sql`coalesce(${vehicleReports.shareToken}, ${p.token})`,
      sharedAt: sql`coalesce(${vehicleReports.sharedAt}, ${p.at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(vehicleReports.id, id), eq(vehicleReports.userId, userId), eq(vehicleReports.status, 'ready')))
    .returning({ shareToken: vehicleReports.shareToken, sharedAt: vehicleReports.sharedAt })
  return shared ?? null
}

/** Clears the owner's report's link; answers false when the user has no such report. */
export async function clearReportShare(db: Db, userId: string, id: number): Promise<boolean> {
  const [own] = await db
    .update(vehicleReports)
    .set({ shareToken: null, sharedAt: null })
    .where(and(eq(vehicleReports.id, id), eq(vehicleReports.userId, userId)))
    .returning({ id: vehicleReports.id })
  return own !== undefined
}

/** The ready report shared at `token`: its name, VIN and content only. */
export async function findSharedReport(db: Db, token: string) {
  const [row] = await db
    .select({ name: vehicleReports.name, vin: vehicleReports.vin, content: vehicleReports.content })
    .from(vehicleReports)
    .where(
      and(eq(vehicleReports.shareToken, token), eq(vehicleReports.status, 'ready'), isNotNull(vehicleReports.content)),
    )
    .limit(1)
  return row ?? null
}

// What a report is made of

/** Every listing of the VIN that was ever public, oldest first, with what it said about the car. */
export function findSightingsOfVin(db: Db, vin: string) {
  return selectListingsWithNames(db, {
    id: listings.id,
    status: listings.status,
    createdAt: listings.createdAt,
    publishedAt: listings.publishedAt,
    statusChangedAt: listings.statusChangedAt,
    priceKzt: listings.priceKzt,
    mileageKm: listings.mileageKm,
    mileage: listings.mileage,
    mileageUnit: listings.mileageUnit,
    year: listings.year,
    brandId: listings.brandId,
    modelId: listings.modelId,
    brand: brands.name,
    model: models.name,
    steering: listings.steering,
    isCustomsCleared: listings.isCustomsCleared,
    isDamaged: listings.isDamaged,
    engineType: listings.engineType,
    engineVolumeCc: listings.engineVolumeCc,
    cityRu: cities.nameRu,
    cityKk: cities.nameKk,
    cityEn: cities.nameEn,
    photoKey: listings.coverPhotoKey,
  })
    .leftJoin(cities, eq(cities.id, listings.cityId))
    .where(sql`${listings.vin} = ${vin} and ${isNotNull(listings.publishedAt)}`)
    .orderBy(asc(listings.publishedAt), asc(listings.id))
    .limit(100)
}

/** The brand's and model's names, null unless the model is the brand's. */
export async function findCarNames(db: Db, brandId: number, modelId: number) {
  const [row] = await db
    .select({ brand: brands.name, model: models.name })
    .from(models)
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(sql`${models.id} = ${modelId} and ${brands.id} = ${brandId}`)
    .limit(1)
  return row ?? null
}

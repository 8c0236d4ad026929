import type { FeedCar } from '@tulpar/contracts'
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { listingPriceHistory, listings, moderationEvents } from '../listings/listings.tables.ts'
import { brands, models } from '../reference/reference.tables.ts'
import type { StockCar } from './feed-plan.ts'
import { batches } from './feeds.repository.ts'

/*
 * The dealer's cars as a feed sees them: the cars of earlier feeds an import is compared with, VINs on other sellers'
 * cars, the batched writes of an apply (listings, their moderation events and price history) and the desk's table.
 */

type ListingInsert = typeof listings.$inferInsert

/** The dealer's cars that came from a feed (any status), with their material fields; locked inside an apply. */
export async function findStock(db: Db, dealerId: number, lock = false): Promise<StockCar[]> {
  const query = db
    .select({
      id: listings.id,
      externalId: listings.externalId,
      status: listings.status,
      feedHash: listings.feedHash,
      brandId: listings.brandId,
      modelId: listings.modelId,
      priceKzt: listings.priceKzt,
      brandName: brands.name,
      modelName: models.name,
      generationId: listings.generationId,
      year: listings.year,
      bodyType: listings.bodyType,
      engineType: listings.engineType,
      engineVolumeCc: listings.engineVolumeCc,
      mileage: listings.mileage,
      mileageUnit: listings.mileageUnit,
      isNew: listings.isNew,
      isDamaged: listings.isDamaged,
      isCustomsCleared: listings.isCustomsCleared,
      vin: listings.vin,
      description: listings.description,
    })
    .from(listings)
    .leftJoin(brands, eq(brands.id, listings.brandId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .where(and(eq(listings.dealerId, dealerId), isNotNull(listings.externalId)))
  const rows = lock ? await query.for('update', { of: listings }) : await query
  return rows.map((r) => ({
    id: r.id,
    externalId: r.externalId ?? '',
    status: r.status,
    feedHash: r.feedHash,
    brandId: r.brandId,
    modelId: r.modelId,
    priceKzt: r.priceKzt,
    brandName: r.brandName ?? '',
    modelName: r.modelName ?? '',
    material: {
      generationId: r.generationId,
      year: r.year,
      bodyType: r.bodyType,
      engineType: r.engineType,
      engineVolumeCc: r.engineVolumeCc,
      mileage: r.mileage,
      mileageUnit: r.mileageUnit,
      isNew: r.isNew,
      isDamaged: r.isDamaged,
      isCustomsCleared: r.isCustomsCleared,
      vin: r.vin,
      description: r.description,
    },
  }))
}

/** Of `vins`, those on another seller's car on sale, under review or paused, each with one such listing. */
export async function findVinsTaken(db: Db, dealerId: number, vins: string[]): Promise<Map<string, number>> {
  const taken = new Map<string, number>()
  for (const part of batches([...new Set(vins)], 5000)) {
    const rows = await db
      .select({ vin: listings.vin, id: listings.id })
      .from(listings)
      .where(
        and(
          inArray(listings.vin, part),
          inArray(listings.status, ['published', 'moderation', 'paused']),
          sql`${listings.dealerId} is distinct from ${dealerId}`,
        ),
      )
    for (const r of rows) if (r.vin !== null && !taken.has(r.vin)) taken.set(r.vin, r.id)
  }
  return taken
}

/** A listing's columns from a feed's car (its city already decided). */
export function listingColumns(car: FeedCar): Omit<ListingInsert, 'ownerId'> {
  return {
    brandId: car.brandId,
    modelId: car.modelId,
    generationId: car.generationId,
    year: car.year,
    bodyType: car.bodyType,
    steering: car.steering,
    engineType: car.engineType,
    hasGasEquipment: car.engineType === 'gas',
    transmission: car.transmission,
    drive: car.drive,
    engineVolumeCc: car.engineVolumeCc,
    powerHp: car.powerHp,
    colour: car.colour,
    options: car.options,
    mileage: car.mileageKm,
    mileageUnit: 'km',
    mileageKm: car.mileageKm,
    isNew: car.isNew,
    isCustomsCleared: car.isCustomsCleared,
    isDamaged: car.isDamaged,
    hasWarranty: car.hasWarranty,
    priceKzt: car.priceKzt,
    vin: car.vin,
    description: car.description,
    isBargainAllowed: car.isBargainAllowed,
    isExchangeAccepted: car.isExchangeAccepted,
    cityId: car.cityId,
  }
}

/** Inserts listings, a batch per statement; answers their ids by external id. */
export async function insertListings(tx: Db, rows: ListingInsert[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  for (const part of batches(rows)) {
    const made = await tx.insert(listings).values(part).returning({ id: listings.id, externalId: listings.externalId })
    for (const m of made) if (m.externalId !== null) ids.set(m.externalId, m.id)
  }
  return ids
}

const UPDATE_COLUMNS = `
  id bigint, brand_id integer, model_id integer, generation_id integer, year smallint, body_type text,
  steering steering, engine_type text, has_gas_equipment boolean, transmission transmission, drive drive,
  engine_volume_cc integer, power_hp smallint, colour text, options text[], mileage integer, mileage_km integer,
  is_new boolean, is_customs_cleared boolean, is_damaged boolean, has_warranty boolean, price_kzt bigint, vin text,
  description text, is_bargain_allowed boolean, is_exchange_accepted boolean, city_id integer, feed_hash text,
  status listing_status, status_changed boolean, published boolean`

const Updated = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) })

/**
 * Writes feed cars over their listings, a batch per statement (`jsonb_to_recordset`: one parameter per batch). The
 * status and its time change only where `status_changed`; `published` sets the publication time if it has none.
 */
export async function updateListings(
  tx: Db,
  rows: { id: number; car: FeedCar; feedHash: string; status: string; statusChanged: boolean; published: boolean }[],
  at: Date,
): Promise<number> {
  let updated = 0
  for (const part of batches(rows)) {
    const json = part.map((r) => {
      const c = listingColumns(r.car)
      return {
        id: r.id,
        brand_id: c.brandId,
        model_id: c.modelId,
        generation_id: c.generationId,
        year: c.year,
        body_type: c.bodyType,
        steering: c.steering,
        engine_type: c.engineType,
        has_gas_equipment: c.hasGasEquipment,
        transmission: c.transmission,
        drive: c.drive,
        engine_volume_cc: c.engineVolumeCc,
        power_hp: c.powerHp,
        colour: c.colour,
        options: c.options,
        mileage: c.mileage,
        mileage_km: c.mileageKm,
        is_new: c.isNew,
        is_customs_cleared: c.isCustomsCleared,
        is_damaged: c.isDamaged,
        has_warranty: c.hasWarranty,
        price_kzt: c.priceKzt,
        vin: c.vin,
        description: c.description,
        is_bargain_allowed: c.isBargainAllowed,
        is_exchange_accepted: c.isExchangeAccepted,
        city_id: c.cityId,
        feed_hash: r.feedHash,
        status: r.status,
        status_changed: r.statusChanged,
        published: r.published,
      }
    })
    const result = await tx.execute(sql`
      update listings l set
        brand_id = v.brand_id, model_id = v.model_id, generation_id = v.generation_id, year = v.year,
        body_type = v.body_type, steering = v.steering, engine_type = v.engine_type,
        has_gas_equipment = v.has_gas_equipment, transmission = v.transmission, drive = v.drive,
        engine_volume_cc = v.engine_volume_cc, power_hp = v.power_hp, colour = v.colour, options = v.options,
        mileage = v.mileage, mileage_unit = 'km', mileage_km = v.mileage_km, is_new = v.is_new,
        is_customs_cleared = v.is_customs_cleared, is_damaged = v.is_damaged, has_warranty = v.has_warranty,
        price_kzt = v.price_kzt, vin = v.vin, description = v.description,
        is_bargain_allowed = v.is_bargain_allowed, is_exchange_accepted = v.is_exchange_accepted,
        city_id = v.city_id, feed_hash = v.feed_hash, status = v.status,
        status_changed_at = case when v.status_changed then ${at.toISOString()}::timestamptz else l.status_changed_at end,
        published_at = case when v.published then coalesce(l.published_at, ${at.toISOString()}::timestamptz) else l.published_at end,
        rejection_reason = case when v.status_changed then null else l.rejection_reason end,
        updated_at = ${at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as v(${sql.raw(UPDATE_COLUMNS)})
      where l.id = v.id
      returning l.id`)
    updated += Updated.parse(result).rows.length
  }
  return updated
}

/** Takes listings off sale (sold or archived), a batch per statement. */
export async function setStatus(tx: Db, ids: number[], status: 'sold' | 'archived', at: Date): Promise<void> {
  for (const part of batches(ids, 5000))
    await tx.update(listings).set({ status, statusChangedAt: at, updatedAt: at }).where(inArray(listings.id, part))
}

/**
 * Puts listings on sale as a moderator's approval does (a trusted dealer's cars without a signal): the first
 * publication's time stays (a car the feed brings back), the status and its time are now's.
 */
export async function publishListings(tx: Db, ids: number[], at: Date): Promise<void> {
  for (const part of batches(ids, 5000))
    await tx
      .update(listings)
      .set({
        status: 'published',
        publishedAt: sql`coalesce(${listings.publishedAt}, ${at.toISOString()}::timestamptz)`,
        statusChangedAt: at,
        rejectionReason: null,
        updatedAt: at,
      })
      .where(inArray(listings.id, part))
}

/** Sends listings on sale back to the moderation queue (a trusted dealer's changed cars a signal fired for). */
export async function returnToModeration(tx: Db, ids: number[], at: Date): Promise<void> {
  for (const part of batches(ids, 5000))
    await tx
      .update(listings)
      .set({ status: 'moderation', statusChangedAt: at, rejectionReason: null, updatedAt: at })
      .where(inArray(listings.id, part))
}

export async function insertModerationEvents(tx: Db, rows: (typeof moderationEvents.$inferInsert)[]): Promise<void> {
  for (const part of batches(rows, 2000)) await tx.insert(moderationEvents).values(part)
}

export async function insertPrices(tx: Db, rows: { listingId: number; priceKzt: number; changedAt: Date }[]) {
  for (const part of batches(rows, 2000)) await tx.insert(listingPriceHistory).values(part)
}

/** The dealer desk's table: the dealer's cars matching a search, newest change first (the first `limit`). */
export async function findStockPage(db: Db, dealerId: number, q: { search?: string; status?: string; limit: number }) {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = and(
    eq(listings.dealerId, dealerId),
    q.status ? sql`${listings.status} = ${q.status}` : undefined,
    like
      ? sql`(${listings.externalId} ilike ${like} or ${listings.vin} ilike ${like} or ${brands.name} ilike ${like}
          or ${models.name} ilike ${like})`
      : undefined,
  )
  const rows = await db
    .select({
      id: listings.id,
      externalId: listings.externalId,
      status: listings.status,
      brand: brands.name,
      model: models.name,
      year: listings.year,
      priceKzt: listings.priceKzt,
      mileageKm: listings.mileageKm,
      vin: listings.vin,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .leftJoin(brands, eq(brands.id, listings.brandId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .where(where)
    .orderBy(desc(listings.updatedAt), desc(listings.id))
    .limit(q.limit)
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .leftJoin(brands, eq(brands.id, listings.brandId))
    .leftJoin(models, eq(models.id, listings.modelId))
    .where(where)
  return { rows, total: total?.n ?? 0 }
}

/**
 * The feed's cars are still for sale as of the apply (fresh listings, decision 032): the car page's "confirmed N days
 * ago" counts from it, so a feed that runs keeps its cars confirmed.
 */
export async function confirmListings(tx: Db, ids: number[], at: Date): Promise<void> {
  for (const part of batches(ids)) await tx.update(listings).set({ confirmedAt: at }).where(inArray(listings.id, part))
}

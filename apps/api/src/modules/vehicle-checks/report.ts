import { ENGINE_TYPES, type EngineType, type VehicleReportContent } from '@tulpar/contracts'
import type { Db } from '../../db/client.ts'
import type { ValuationService } from '../valuation/index.ts'
import { estimateTransportTax } from '../valuation/index.ts'
import { judgeMileage, NORM_KM_PER_YEAR, type Reading } from './mileage.ts'
import type { RegisterAdapter } from './registers.ts'
import { findCarNames, findSightingsOfVin, type CheckOrderRow as Order } from './vehicle-checks.repository.ts'

/**
 * What the report says, from our own data at the time it is made (a snapshot: later listings do not change
 * it): the VIN's listings, the mileage verdict, the market value, the tax, and the registers.
 */
export async function buildReportContent(
  db: Db,
  deps: { valuation: Pick<ValuationService, 'estimateCar'>; registers: readonly RegisterAdapter[] },
  order: Order,
  now: Date,
): Promise<VehicleReportContent> {
  const sightings = await findSightingsOfVin(db, order.vin)
  const latest = sightings.at(-1) ?? null
  const brandId = order.brandId ?? latest?.brandId ?? null
  const modelId = order.modelId ?? latest?.modelId ?? null
  const year = order.year ?? latest?.year ?? null
  const names = brandId && modelId ? await findCarNames(db, brandId, modelId) : null
  const readings: Reading[] = sightings
    .filter((s) => s.mileageKm !== null)
    .map((s) => ({ km: s.mileageKm as number, at: s.publishedAt ?? s.createdAt }))
  if (order.mileageKm !== null) readings.push({ km: order.mileageKm, at: order.createdAt })
  const mileage = judgeMileage(readings, year)
  // Valued at the highest reading ever seen, not the latest: an odometer never honestly goes back, so after a
  // rollback the latest figure understates the car's mileage and a valuation on it would overstate its price.
  const currentKm = readings.length > 0 ? Math.max(...readings.map((r) => r.km)) : null
  const estimate =
    brandId && modelId && year && currentKm !== null
      ? await deps.valuation.estimateCar({
          brandId,
          modelId,
          year,
          mileageKm: currentKm,
          steering: latest?.steering ?? undefined,
          isCustomsCleared: latest?.isCustomsCleared,
          isDamaged: latest?.isDamaged,
          excludeListingIds: sightings.map((s) => s.id),
        })
      : null
  const engineType = (ENGINE_TYPES as readonly string[]).includes(latest?.engineType ?? '')
    ? (latest?.engineType as EngineType)
    : null
  const tax =
    latest && engineType && year
      ? // A report is kept once for every language it is read in: the rules' source in the reference English.
        estimateTransportTax({ engineType, engineVolumeCc: latest.engineVolumeCc, year }, now.getUTCFullYear(), 'en')
      : null
  const registers = await Promise.all(deps.registers.map((r) => r.check(order.vin)))
  return {
    car: names && brandId && modelId ? { brand: names.brand, model: names.model, year, brandId, modelId } : null,
    sightings: sightings.map((s) => ({
      listingId: s.id,
      title: [s.brand, s.model].filter(Boolean).join(' ') + (s.year ? `, ${s.year}` : ''),
      status: s.status,
      listedAt: (s.publishedAt ?? s.createdAt).toISOString(),
      endedAt: s.status === 'published' ? null : s.statusChangedAt.toISOString(),
      priceKzt: s.priceKzt,
      mileageKm: s.mileageKm,
      mileage: s.mileage !== null ? { value: s.mileage, unit: s.mileageUnit } : null,
      city: s.cityRu ? { ru: s.cityRu, kk: s.cityKk ?? s.cityRu, en: s.cityEn ?? s.cityRu } : null,
      photoKey: s.photoKey,
    })),
    mileage: { verdict: mileage.verdict, flags: mileage.flags, normKmPerYear: NORM_KM_PER_YEAR },
    valuation:
      estimate?.estimate && currentKm !== null
        ? {
            ...estimate.estimate,
            comparables: estimate.comparables,
            comparableIds: estimate.comparableIds,
            mileageKm: currentKm,
          }
        : null,
    taxPerYear: tax ? { amountKzt: tax.amountKzt, ruleYear: tax.ruleYear } : null,
    registers,
    generatedAt: now.toISOString(),
  }
}

import { ENGINE_TYPES, type EngineType, type GarageCar, type GarageValue } from '@tulpar/contracts'
import { VALUATION_METHOD } from '@tulpar/contracts/car-page-constants'
import { estimateTransportTax } from '../valuation/index.ts'
import type * as repo from './garage.repository.ts'
import { garageStatusOf, valueTrend } from './garage.rules.ts'

/** How a garage car is answered: its row, its values and the day, turned into the contract's shape. */

export const isEngineType = (v: string | null): v is EngineType =>
  v !== null && (ENGINE_TYPES as readonly string[]).includes(v)

/** The latest value with its range and the trend over the history shown. */
function toValue(values: repo.GarageValueRow[]): GarageValue {
  const history = values.map((v) => ({ day: v.day, estimateKzt: v.estimateKzt }))
  const latest = values.at(-1)
  return {
    valuedOn: latest?.day ?? null,
    comparables: latest?.comparables ?? 0,
    minComparables: VALUATION_METHOD.minComparables,
    estimate:
      latest && latest.estimateKzt !== null && latest.lowKzt !== null && latest.highKzt !== null
        ? { estimateKzt: latest.estimateKzt, lowKzt: latest.lowKzt, highKzt: latest.highKzt }
        : null,
    ...valueTrend(history),
    history,
  }
}

export function toGarageCar(row: repo.GarageRow, values: repo.GarageValueRow[], day: string): GarageCar {
  const { item } = row
  const engineType = isEngineType(item.engineType) ? item.engineType : null
  const taxYear = Number(day.slice(0, 4))
  return {
    id: item.id,
    title: `${row.brand.name} ${row.model.name}, ${item.year}`,
    brand: row.brand,
    model: row.model,
    year: item.year,
    mileageKm: item.mileageKm,
    vin: item.vin,
    steering: item.steering,
    isCustomsCleared: item.isCustomsCleared,
    engineType,
    engineVolumeCc: item.engineVolumeCc,
    status: garageStatusOf(row.item.status, row.listingStatus),
    listing:
      item.listingId !== null && row.listingStatus !== null
        ? { id: item.listingId, status: row.listingStatus, priceKzt: row.listingPriceKzt }
        : null,
    value: toValue(values),
    taxPerYear: engineType
      ? // The garage's answer names the rules' source in the reference English: its page does not show it.
        estimateTransportTax({ engineType, engineVolumeCc: item.engineVolumeCc, year: item.year }, taxYear, 'en')
      : null,
    addedAt: item.createdAt.toISOString(),
  }
}

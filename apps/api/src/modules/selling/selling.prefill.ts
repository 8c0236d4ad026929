import type { EngineType, Steering } from '@tulpar/contracts'
import { generationCovers, type ReferenceService } from '../reference/index.ts'
import type { ListingPatch } from './selling.repository.ts'

/** A car the user already described elsewhere (a garage car), to start a listing of it. */
export interface CarToSell {
  brandId: number
  modelId: number
  year: number
  mileageKm: number
  vin: string | null
  steering: Steering | null
  isCustomsCleared: boolean
  engineType: EngineType | null
  engineVolumeCc: number | null
}

/**
 * The draft's columns from a described car: only what fits the reference data is kept (a year the model was
 * made in; the generation and body type when only one fits; the engine when the model has it), so the form
 * never shows a choice it does not offer. The steps check everything again when the seller goes through them.
 */
export async function prefillFromCar(reference: ReferenceService, car: CarToSell): Promise<ListingPatch> {
  const model = await reference.findModelById(car.modelId)
  if (!model || model.brandId !== car.brandId) return {}
  const patch: ListingPatch = {
    brandId: car.brandId,
    modelId: car.modelId,
    mileage: car.mileageKm,
    mileageUnit: 'km',
    mileageKm: car.mileageKm,
    vin: car.vin,
    steering: car.steering,
    isCustomsCleared: car.isCustomsCleared,
  }
  const madeThatYear = car.year >= model.yearFrom && (model.yearTo === null || car.year <= model.yearTo)
  if (madeThatYear) {
    patch.year = car.year
    const covering = (await reference.listGenerations(model.id)).filter((g) => generationCovers(g, car.year))
    if (covering.length === 1) patch.generationId = covering[0]?.id ?? null
  }
  if (model.bodyTypes.length === 1) patch.bodyType = model.bodyTypes[0] ?? null
  if (car.engineType) {
    const mods = (await reference.listModifications(model.id)).filter((m) => m.engineType === car.engineType)
    if (mods.length > 0) patch.engineType = car.engineType
    const exact = mods.filter((m) => car.engineType === 'electric' || m.engineVolumeCc === car.engineVolumeCc)
    // One engine of that type and volume: its power too, so the form shows that modification chosen.
    if (exact.length === 1 && exact[0]) {
      patch.engineVolumeCc = car.engineType === 'electric' ? null : exact[0].engineVolumeCc
      patch.powerHp = exact[0].powerHp
    } else if (exact.length > 1) patch.engineVolumeCc = car.engineVolumeCc
  }
  return patch
}

import {
  FIELD_STEPS,
  type FieldStep,
  MIN_LISTING_PHOTOS,
  type MyListing,
  type SellerListing,
  type SellingStep,
} from '@tulpar/contracts'
import { type ListingPhotoRow, listingTitle } from '../listings/index.ts'
import type * as repo from './selling.repository.ts'
import { asBodyType, asEngineType } from './selling.steps.ts'

/**
 * Which field steps hold their required values (a cheap presence check for "resume where you stopped";
 * publishing checks every rule). Options are optional: reached once the modifications are there.
 */
function completedSteps(row: repo.ListingRow): FieldStep[] {
  const has: Record<FieldStep, boolean> = {
    brand: row.brandId !== null,
    model: row.modelId !== null,
    characteristics: row.year !== null && row.bodyType !== null,
    modifications:
      row.steering !== null &&
      row.engineType !== null &&
      row.transmission !== null &&
      row.drive !== null &&
      row.colour !== null,
    options: row.options.length > 0 || row.mileage !== null,
    state: row.mileage !== null,
    price: row.priceKzt !== null && row.contactPhone !== null && row.cityId !== null,
  }
  return FIELD_STEPS.filter((s) => has[s])
}

function nextStep(row: repo.ListingRow): SellingStep {
  const done = new Set(completedSteps(row))
  const missing = FIELD_STEPS.find((s) => !done.has(s))
  if (missing) return missing
  return row.photoCount < MIN_LISTING_PHOTOS ? 'photos' : 'publish'
}

type Names = { brandName: string | null; modelName: string | null }

/** Where the seller's form and list both begin: the id, the status, the moderator's reason and the title. */
function heading(row: repo.ListingRow, names: Names) {
  return {
    id: row.id,
    status: row.status,
    rejectionReason: row.rejectionReason,
    title: listingTitle({ brand: names.brandName, model: names.modelName, year: row.year }),
  }
}

export function toSellerListing(
  row: repo.ListingRow,
  photos: ListingPhotoRow[],
  names: Names,
  modificationId: number | null,
  contactPhoneConfirmed: boolean,
): SellerListing {
  return {
    ...heading(row, names),
    brandId: row.brandId,
    modelId: row.modelId,
    generationId: row.generationId,
    year: row.year,
    bodyType: asBodyType(row.bodyType),
    steering: row.steering,
    engineType: asEngineType(row.engineType),
    modificationId,
    engineVolumeCc: row.engineVolumeCc,
    powerHp: row.powerHp,
    hasGasEquipment: row.hasGasEquipment,
    transmission: row.transmission,
    drive: row.drive,
    colour: row.colour,
    options: row.options,
    mileage: row.mileage,
    mileageUnit: row.mileageUnit,
    mileageKm: row.mileageKm,
    isNew: row.isNew,
    isCustomsCleared: row.isCustomsCleared,
    isDamaged: row.isDamaged,
    hasWarranty: row.hasWarranty,
    priceKzt: row.priceKzt,
    vin: row.vin,
    description: row.description,
    contactPhone: row.contactPhone,
    contactPhoneConfirmed,
    isBargainAllowed: row.isBargainAllowed,
    isExchangeAccepted: row.isExchangeAccepted,
    cityId: row.cityId,
    photos: photos.map((p) => ({
      id: p.id,
      key: p.storageKey,
      width: p.width,
      height: p.height,
      position: p.position,
    })),
    completedSteps: completedSteps(row),
    nextStep: nextStep(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  }
}

export function toMyListing(
  r: Names & { listing: repo.ListingRow; coverIsIllustration: boolean; savedCount: number },
): MyListing {
  const row = r.listing
  return {
    ...heading(row, r),
    priceKzt: row.priceKzt,
    mileage: row.mileage,
    mileageUnit: row.mileageUnit,
    coverKey: row.coverPhotoKey,
    coverIsIllustration: Boolean(r.coverIsIllustration),
    photoCount: row.photoCount,
    viewsCount: row.viewsCount,
    phoneRevealsCount: row.phoneRevealsCount,
    savedCount: r.savedCount,
    nextStep: nextStep(row),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  }
}

import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { user } from '../identity/identity.tables.ts'
import { inspectionReports } from '../inspections/inspections.tables.ts'
import { bodyTypes, brands, cities, colours, engineTypes, generations, models } from '../reference/reference.tables.ts'
import { listingPhotos, listingPriceHistory, listings } from './listings.tables.ts'

export const cardColumns = {
  id: listings.id,
  status: listings.status,
  year: listings.year,
  priceKzt: listings.priceKzt,
  mileage: listings.mileage,
  mileageUnit: listings.mileageUnit,
  mileageKm: listings.mileageKm,
  bodyType: listings.bodyType,
  engineType: listings.engineType,
  engineVolumeCc: listings.engineVolumeCc,
  transmission: listings.transmission,
  drive: listings.drive,
  isNew: listings.isNew,
  isTulpar: listings.isTulpar,
  isInspected: listings.isInspected,
  isHot: listings.isHot,
  hasWarranty: listings.hasWarranty,
  isCreditAvailable: listings.isCreditAvailable,
  coverPhotoKey: listings.coverPhotoKey,
  photoCount: listings.photoCount,
  publishedAt: listings.publishedAt,
  dealRating: listings.dealRating,
  brand: { id: brands.id, slug: brands.slug, name: brands.name },
  model: { id: models.id, slug: models.slug, name: models.name },
  city: { id: cities.id, slug: cities.slug, nameRu: cities.nameRu, nameKk: cities.nameKk, nameEn: cities.nameEn },
}

/** Cards of the given published listings, in the order of `ids` (missing or unpublished ones are skipped). */
export async function findListingCardsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .innerJoin(brands, eq(brands.id, listings.brandId))
    .innerJoin(models, eq(models.id, listings.modelId))
    .innerJoin(cities, eq(cities.id, listings.cityId))
    .where(and(inArray(listings.id, ids), eq(listings.status, 'published')))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
export type ListingCardRow = Awaited<ReturnType<typeof findListingCardsByIds>>[number]

export async function findListingDetail(db: Db, id: number) {
  const [row] = await db
    .select({
      ...cardColumns,
      steering: listings.steering,
      hasGasEquipment: listings.hasGasEquipment,
      powerHp: listings.powerHp,
      options: listings.options,
      isCustomsCleared: listings.isCustomsCleared,
      isDamaged: listings.isDamaged,
      condition: listings.condition,
      rangeKm: listings.rangeKm,
      vin: listings.vin,
      description: listings.description,
      isBargainAllowed: listings.isBargainAllowed,
      isExchangeAccepted: listings.isExchangeAccepted,
      viewsCount: listings.viewsCount,
      phoneRevealsCount: listings.phoneRevealsCount,
      contactPhone: listings.contactPhone,
      estimateKzt: listings.estimateKzt,
      estimateLowKzt: listings.estimateLowKzt,
      estimateHighKzt: listings.estimateHighKzt,
      estimateComparables: listings.estimateComparables,
      estimatedAt: listings.estimatedAt,
      seller: { name: user.name, createdAt: user.createdAt },
      generation: { id: generations.id, name: generations.name },
      colour: {
        code: colours.code,
        hex: colours.hex,
        nameRu: colours.nameRu,
        nameKk: colours.nameKk,
        nameEn: colours.nameEn,
      },
      bodyTypeNames: { nameRu: bodyTypes.nameRu, nameKk: bodyTypes.nameKk, nameEn: bodyTypes.nameEn },
      engineTypeNames: { nameRu: engineTypes.nameRu, nameKk: engineTypes.nameKk, nameEn: engineTypes.nameEn },
    })
    .from(listings)
    .innerJoin(brands, eq(brands.id, listings.brandId))
    .innerJoin(models, eq(models.id, listings.modelId))
    .innerJoin(cities, eq(cities.id, listings.cityId))
    .innerJoin(colours, eq(colours.code, listings.colour))
    .innerJoin(bodyTypes, eq(bodyTypes.code, listings.bodyType))
    .innerJoin(engineTypes, eq(engineTypes.code, listings.engineType))
    .innerJoin(user, eq(user.id, listings.ownerId))
    .leftJoin(generations, eq(generations.id, listings.generationId))
    .where(and(eq(listings.id, id), inArray(listings.status, ['published', 'sold'])))
    .limit(1)
  if (!row) return null
  const [photos, prices, reports] = await Promise.all([
    db.select().from(listingPhotos).where(eq(listingPhotos.listingId, id)).orderBy(asc(listingPhotos.position)),
    db
      .select({ priceKzt: listingPriceHistory.priceKzt, changedAt: listingPriceHistory.changedAt })
      .from(listingPriceHistory)
      .where(eq(listingPriceHistory.listingId, id))
      .orderBy(asc(listingPriceHistory.changedAt)),
    db
      .select({
        id: inspectionReports.id,
        name: inspectionReports.name,
        reportDate: inspectionReports.reportDate,
        status: inspectionReports.status,
      })
      .from(inspectionReports)
      .where(eq(inspectionReports.listingId, id))
      .orderBy(desc(inspectionReports.createdAt)),
  ])
  return { ...row, photos, prices, reports }
}
export type ListingDetailRow = NonNullable<Awaited<ReturnType<typeof findListingDetail>>>

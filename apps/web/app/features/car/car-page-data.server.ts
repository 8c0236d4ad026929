import { type ListingCard, type ListingDetail, type Locale, similarCarsPath } from '@tulpar/contracts'
import type { ListingCardShown } from '../catalogue/index.ts'
import type { CarShown } from './car-shown.ts'

/*
 * The car page's loader data is encoded value by value in every render (turbo-stream) and parsed again by the
 * browser: at 519 values it was about a tenth of a render's CPU (docs/performance.md, "Where the car page's time
 * goes"). These pick what the page's sections and islands read of the API's answers; what only other clients use
 * (ids and slugs no link needs, the cover and counters of a detail, photo sizes, option codes) stays on the server.
 */

/** The car as its page shows it; `car-shown.ts` says which section reads what. */
export function carShownOf(car: ListingDetail): CarShown {
  return {
    id: car.id,
    status: car.status,
    brand: { slug: car.brand.slug, name: car.brand.name },
    model: { slug: car.model.slug, name: car.model.name },
    generation: car.generation ? { name: car.generation.name } : null,
    year: car.year,
    priceKzt: car.priceKzt,
    mileage: car.mileage,
    mileageUnit: car.mileageUnit,
    city: { name: car.city.name },
    bodyTypeName: car.bodyTypeName,
    engineVolumeL: car.engineVolumeL,
    engineTypeName: car.engineTypeName,
    powerHp: car.powerHp,
    hasGasEquipment: car.hasGasEquipment,
    transmission: car.transmission,
    drive: car.drive,
    steering: car.steering,
    colour: { name: car.colour.name },
    rangeKm: car.rangeKm,
    condition: car.condition,
    isCustomsCleared: car.isCustomsCleared,
    isDamaged: car.isDamaged,
    vin: car.vin,
    vinSeenBefore: car.vinSeenBefore,
    taxPerYear: car.taxPerYear ? { amountKzt: car.taxPerYear.amountKzt, ruleYear: car.taxPerYear.ruleYear } : null,
    isNew: car.isNew,
    isTulpar: car.isTulpar,
    isInspected: car.isInspected,
    isHot: car.isHot,
    hasWarranty: car.hasWarranty,
    isCreditAvailable: car.isCreditAvailable,
    isBargainAllowed: car.isBargainAllowed,
    isExchangeAccepted: car.isExchangeAccepted,
    description: car.description,
    photos: car.photos.map((p) => ({ key: p.key, isIllustration: p.isIllustration })),
    options: car.options.map((g) => ({ name: g.name, options: g.options.map((o) => o.name) })),
    inspectionReports: car.inspectionReports,
    priceHistory: car.priceHistory,
    viewsCount: car.viewsCount,
    publishedAt: car.publishedAt,
    confirmedAt: car.confirmedAt,
    dealRating: car.dealRating,
    valuation: car.valuation,
    totalCost: car.totalCost,
    contactPhoneMasked: car.contactPhoneMasked,
    seller: car.seller,
    dealer: car.dealer,
  }
}

/** Where the page's browser asks for the car's similar cars: its price band's address (decision 045). */
export function similarSrcOf(car: ListingDetail, locale: Locale): string {
  const { model, brand, bodyType, priceKzt } = car
  return similarCarsPath({ modelId: model.id, brandId: brand.id, bodyType, priceKzt }, locale)
}

/** A similar car's card: what `ListingCard` shows. */
export function similarCardOf(c: ListingCard): ListingCardShown {
  return {
    id: c.id,
    brand: { name: c.brand.name },
    model: { name: c.model.name },
    year: c.year,
    priceKzt: c.priceKzt,
    monthlyPaymentKzt: c.monthlyPaymentKzt,
    mileage: c.mileage,
    mileageUnit: c.mileageUnit,
    engineVolumeL: c.engineVolumeL,
    transmission: c.transmission,
    city: { name: c.city.name },
    cover: c.cover,
    dealer: c.dealer ? { name: c.dealer.name } : null,
    dealRating: c.dealRating,
    isNew: c.isNew,
    isTulpar: c.isTulpar,
    isInspected: c.isInspected,
    isHot: c.isHot,
    hasWarranty: c.hasWarranty,
    isCreditAvailable: c.isCreditAvailable,
    isPromoted: c.isPromoted,
    isHighlighted: c.isHighlighted,
  }
}

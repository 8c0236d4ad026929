import type { ListingCard, ListingDetail, Locale } from '@tulpar/contracts'
import { localName } from '../reference/index.ts'
import { estimateMonthlyPayment, estimateTotalCost, estimateTransportTax } from '../valuation/index.ts'
import type { ListingCardRow, ListingDetailRow } from './listings.repository.ts'

/** A column that the `listings_complete_unless_draft` check guarantees for any non-draft row. */
function present<T>(value: T | null, column: string): T {
  if (value === null) throw new Error(`Listing column ${column} is empty outside a draft`)
  return value
}

export function toListingCard(row: ListingCardRow, locale: Locale): ListingCard {
  return {
    id: row.id,
    brand: row.brand,
    model: row.model,
    year: present(row.year, 'year'),
    priceKzt: present(row.priceKzt, 'price_kzt'),
    mileage: present(row.mileage, 'mileage'),
    mileageUnit: row.mileageUnit,
    mileageKm: present(row.mileageKm, 'mileage_km'),
    city: { id: row.city.id, slug: row.city.slug, name: localName(row.city, locale) },
    bodyType: present(row.bodyType, 'body_type') as ListingCard['bodyType'],
    engineType: present(row.engineType, 'engine_type') as ListingCard['engineType'],
    engineVolumeL: row.engineVolumeCc === null ? null : Math.round(row.engineVolumeCc / 100) / 10,
    transmission: present(row.transmission, 'transmission'),
    drive: present(row.drive, 'drive'),
    isNew: row.isNew,
    isTulpar: row.isTulpar,
    isInspected: row.isInspected,
    isHot: row.isHot,
    hasWarranty: row.hasWarranty,
    isCreditAvailable: row.isCreditAvailable,
    cover: row.coverPhotoKey
      ? { key: row.coverPhotoKey, isIllustration: row.coverPhotoKey.startsWith('illustrations/') }
      : null,
    photoCount: row.photoCount,
    publishedAt: present(row.publishedAt, 'published_at').toISOString(),
    dealRating: row.dealRating,
    monthlyPaymentKzt: monthlyPayment(row),
    dealer: row.dealerId !== null && row.dealerName !== null ? { id: row.dealerId, name: row.dealerName } : null,
    isPromoted: row.isPromoted,
    isHighlighted: row.isHighlighted,
  }
}

export function toListingDetail(
  row: ListingDetailRow,
  optionGroups: ListingDetail['options'],
  locale: Locale,
): ListingDetail {
  const card = toListingCard(row, locale)
  return {
    ...card,
    status: row.status,
    generation: row.generation?.id ? { id: row.generation.id, name: row.generation.name } : null,
    steering: present(row.steering, 'steering'),
    hasGasEquipment: row.hasGasEquipment,
    engineVolumeCc: row.engineVolumeCc,
    powerHp: row.powerHp,
    colour: { code: row.colour.code, hex: row.colour.hex, name: localName(row.colour, locale) },
    bodyTypeName: localName(row.bodyTypeNames, locale),
    engineTypeName: localName(row.engineTypeNames, locale),
    options: optionGroups,
    isCustomsCleared: row.isCustomsCleared,
    isDamaged: row.isDamaged,
    condition: row.condition,
    rangeKm: row.rangeKm,
    vin: row.vin,
    description: row.description ?? '',
    isBargainAllowed: row.isBargainAllowed,
    isExchangeAccepted: row.isExchangeAccepted,
    viewsCount: row.viewsCount,
    // The publication counts as the first confirmation (fresh listings, decision 032).
    confirmedAt: (row.confirmedAt ?? present(row.publishedAt, 'published_at')).toISOString(),
    photos: row.photos.map((p) => ({
      key: p.storageKey,
      width: p.width,
      height: p.height,
      isIllustration: p.isIllustration,
    })),
    taxPerYear: estimateTransportTax(
      { engineType: card.engineType, engineVolumeCc: row.engineVolumeCc, year: card.year },
      new Date().getUTCFullYear(),
      locale,
    ),
    totalCost: estimateTotalCost(
      {
        priceKzt: card.priceKzt,
        year: card.year,
        isNew: card.isNew,
        engineType: card.engineType,
        engineVolumeCc: row.engineVolumeCc,
        steering: present(row.steering, 'steering'),
        isCustomsCleared: row.isCustomsCleared,
      },
      new Date().getUTCFullYear(),
      locale,
    ),
    // The detail knows steering and customs status, which decide whether a bank can take the car as a pledge.
    monthlyPaymentKzt: monthlyPayment(row, {
      steering: present(row.steering, 'steering'),
      isCustomsCleared: row.isCustomsCleared,
    }),
    valuation: toMarketEstimate(row),
    contactPhoneMasked: maskPhone(row.contactPhone ?? ''),
    phoneRevealsCount: row.phoneRevealsCount,
    seller: { name: row.seller.name || null, memberSince: row.seller.createdAt.toISOString() },
    priceHistory: row.prices.map((p) => ({ priceKzt: p.priceKzt, changedAt: p.changedAt.toISOString() })),
    inspectionReports: row.reports,
    vinSeenBefore:
      row.vinSeen.listings > 0 && row.vinSeen.since
        ? { listings: row.vinSeen.listings, since: row.vinSeen.since.toISOString() }
        : null,
  }
}

function monthlyPayment(
  row: ListingCardRow,
  registration: { steering?: 'left' | 'right'; isCustomsCleared?: boolean } = {},
): number | null {
  const priceKzt = present(row.priceKzt, 'price_kzt')
  const year = present(row.year, 'year')
  return estimateMonthlyPayment({ priceKzt, year, isNew: row.isNew, ...registration }, new Date().getUTCFullYear())
}

function toMarketEstimate(row: ListingDetailRow): ListingDetail['valuation'] {
  const { estimateKzt, estimateLowKzt, estimateHighKzt, estimateComparables, dealRating, estimatedAt } = row
  if (
    estimateKzt === null ||
    estimateLowKzt === null ||
    estimateHighKzt === null ||
    estimateComparables === null ||
    dealRating === null ||
    estimatedAt === null
  )
    return null
  return {
    estimateKzt,
    lowKzt: estimateLowKzt,
    highKzt: estimateHighKzt,
    comparables: estimateComparables,
    rating: dealRating,
    estimatedAt: estimatedAt.toISOString(),
  }
}

/** `+77011234567` → `+7 701 *** ** 67`: enough to recognise, not enough to call. */
function maskPhone(e164: string): string {
  const m = /^\+7(\d{3})\d{5}(\d{2})$/.exec(e164)
  return m ? `+7 ${m[1]} *** ** ${m[2]}` : '+7 *** *** ** **'
}

import type { ListingDetail, ListingPhoto, TaxEstimate } from '@tulpar/contracts'

interface Named {
  name: string
}

/** A photo as the gallery shows it: its media key and whether it is a drawing (the slide's size is the variant's). */
export type PhotoShown = Pick<ListingPhoto, 'key' | 'isIllustration'>

/**
 * An equipment group as a page shows it: the names. The car page sends only them (car-page-data.server.ts); the
 * seller's preview passes the API's groups, whose options are objects with their codes.
 */
export interface OptionGroupShown {
  name: string
  options: readonly (string | Named)[]
}

/** What the summary beside the photos reads: title, price, badges and the key facts. */
export type CarSummaryShown = Pick<
  ListingDetail,
  | 'id'
  | 'status'
  | 'year'
  | 'priceKzt'
  | 'mileage'
  | 'mileageUnit'
  | 'transmission'
  | 'drive'
  | 'isTulpar'
  | 'isHot'
  | 'isNew'
  | 'isInspected'
  | 'hasWarranty'
  | 'isBargainAllowed'
  | 'isExchangeAccepted'
  | 'isCreditAvailable'
> & { brand: Named; model: Named; city: Named }

/** What the characteristics section reads. */
export type CharacteristicsShown = Pick<
  ListingDetail,
  | 'bodyTypeName'
  | 'engineVolumeL'
  | 'engineTypeName'
  | 'powerHp'
  | 'hasGasEquipment'
  | 'transmission'
  | 'drive'
  | 'rangeKm'
  | 'steering'
  | 'condition'
  | 'isCustomsCleared'
  | 'isDamaged'
  | 'vin'
  | 'vinSeenBefore'
> & {
  generation: Named | null
  colour: Named
  taxPerYear: Pick<TaxEstimate, 'amountKzt' | 'ruleYear'> | null
}

/** What the sections further down read: equipment, inspection reports and the price history. */
export type CarMoreShown = Pick<ListingDetail, 'inspectionReports' | 'priceHistory'> & {
  options: readonly OptionGroupShown[]
}

/**
 * A car as the car page's loader sends it to the browser: what its sections, islands and the credit widget read,
 * and nothing else of the API's answer (car-page-data.server.ts). Every value sent is encoded in each render and
 * parsed by the browser; the seller's preview passes the API's whole listing, which has all of these.
 */
export type CarShown = CarSummaryShown &
  CharacteristicsShown &
  CarMoreShown &
  Pick<
    ListingDetail,
    | 'description'
    | 'viewsCount'
    | 'publishedAt'
    | 'confirmedAt'
    | 'dealRating'
    | 'valuation'
    | 'totalCost'
    | 'contactPhoneMasked'
    | 'seller'
    | 'dealer'
  > & {
    brand: Named & { slug: string }
    model: Named & { slug: string }
    photos: PhotoShown[]
  }

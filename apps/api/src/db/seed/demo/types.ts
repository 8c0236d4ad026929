/** Shapes shared by the demo generator (pure) and the loader (I/O). */

export interface RefCity {
  id: number
  slug: string
  nameRu: string
  populationK: number
}

export interface RefGeneration {
  id: number
  name: string
  yearFrom: number
  yearTo: number | null
}

export interface RefModification {
  engineType: string
  /** cm³; 0 for electric cars. */
  engineVolumeCc: number
  powerHp: number
  transmissions: string[]
  drives: string[]
}

export interface RefModel {
  id: number
  slug: string
  name: string
  bodyTypes: string[]
  yearFrom: number
  yearTo: number | null
  newPriceKzt: number
  popularity: number
  rangeKm: number | null
  generations: RefGeneration[]
  modifications: RefModification[]
}

export interface RefBrand {
  id: number
  slug: string
  name: string
  /** ISO 3166-1 alpha-2. */
  country: string
  popularity: number
  models: RefModel[]
}

export interface RefColour {
  code: string
  hex: string
  /** Relative frequency (1..100). */
  popularity: number
}

export interface RefOption {
  code: string
  groupCode: string
}

/** The reference rows the generator reads (already in the database). */
export interface DemoReference {
  cities: RefCity[]
  brands: RefBrand[]
  colours: RefColour[]
  options: RefOption[]
}

/** A demo seller: a user account with a profile. */
export interface DemoOwner {
  id: string
  /** The n of `seller{n}@demo.tulpar.kz`. */
  n: number
  name: string
  email: string
  phone: string
  cityId: number
  createdAt: Date
}

export type ListingStatusValue = 'draft' | 'moderation' | 'published' | 'rejected' | 'sold' | 'archived'

/** One `listings` row, camelCase keys in the order of `LISTING_KEYS`. */
export interface ListingRow {
  id: number
  ownerId: string
  status: ListingStatusValue
  brandId: number | null
  modelId: number | null
  generationId: number | null
  year: number | null
  bodyType: string | null
  steering: 'left' | 'right' | null
  engineType: string | null
  hasGasEquipment: boolean
  transmission: string | null
  drive: string | null
  engineVolumeCc: number | null
  powerHp: number | null
  colour: string | null
  options: string[]
  mileage: number | null
  mileageUnit: 'km' | 'mi'
  mileageKm: number | null
  isNew: boolean
  isCustomsCleared: boolean
  isDamaged: boolean
  hasWarranty: boolean
  condition: 'excellent' | 'good' | 'fair' | 'needs_repair' | null
  rangeKm: number | null
  priceKzt: number | null
  vin: string | null
  description: string | null
  contactPhone: string | null
  isBargainAllowed: boolean
  isExchangeAccepted: boolean
  cityId: number | null
  isTulpar: boolean
  isInspected: boolean
  isHot: boolean
  isCreditAvailable: boolean
  viewsCount: number
  phoneRevealsCount: number
  coverPhotoKey: string | null
  photoCount: number
  rejectionReason: string | null
  createdAt: Date
  updatedAt: Date
  publishedAt: Date | null
  statusChangedAt: Date
}

export const LISTING_KEYS = [
  'id',
  'ownerId',
  'status',
  'brandId',
  'modelId',
  'generationId',
  'year',
  'bodyType',
  'steering',
  'engineType',
  'hasGasEquipment',
  'transmission',
  'drive',
  'engineVolumeCc',
  'powerHp',
  'colour',
  'options',
  'mileage',
  'mileageUnit',
  'mileageKm',
  'isNew',
  'isCustomsCleared',
  'isDamaged',
  'hasWarranty',
  'condition',
  'rangeKm',
  'priceKzt',
  'vin',
  'description',
  'contactPhone',
  'isBargainAllowed',
  'isExchangeAccepted',
  'cityId',
  'isTulpar',
  'isInspected',
  'isHot',
  'isCreditAvailable',
  'viewsCount',
  'phoneRevealsCount',
  'coverPhotoKey',
  'photoCount',
  'rejectionReason',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'statusChangedAt',
] as const satisfies readonly (keyof ListingRow)[]

/** A photo of a listing: an illustration of the body type in the car's colour; scene 0 is the cover. */
export interface PhotoSpec {
  listingId: number
  position: number
  bodyType: string
  colourHex: string
  scene: 0 | 1 | 2
  createdAt: Date
}

export interface PriceHistoryRow {
  listingId: number
  priceKzt: number
  changedAt: Date
}

export interface InspectionItem {
  code: string
  ok: boolean
  note?: string
}

export interface InspectionRow {
  listingId: number
  requestedBy: string | null
  name: string
  vin: string
  /** `YYYY-MM-DD`; null while generating. */
  reportDate: string | null
  status: 'generating' | 'ready'
  summary: InspectionItem[]
  fileKey: string | null
  createdAt: Date
}

export interface GeneratedBatch {
  listings: ListingRow[]
  photos: PhotoSpec[]
  priceHistory: PriceHistoryRow[]
  inspections: InspectionRow[]
}

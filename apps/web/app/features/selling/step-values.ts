import type { SellerListing } from '@tulpar/contracts'
import { formatPhone } from '@tulpar/contracts/phone'

/* A step form's values (apart from its controls, step-controls.tsx: the page needs these before the fields' code). */

export type Values = Record<string, string | string[]>

/** The saved listing as form values. */
export function listingValues(l: SellerListing): Values {
  const v: Values = {}
  const set = (name: string, value: string | number | null) => {
    if (value !== null) v[name] = String(value)
  }
  set('brandId', l.brandId)
  set('modelId', l.modelId)
  set('year', l.year)
  set('generationId', l.generationId)
  set('bodyType', l.bodyType)
  set('steering', l.steering)
  set('engineType', l.engineType)
  set('modificationId', l.modificationId)
  set('transmission', l.transmission)
  set('drive', l.drive)
  set('colour', l.colour)
  set('mileage', l.mileage)
  v.mileageUnit = l.mileageUnit
  set('priceKzt', l.priceKzt)
  set('vin', l.vin)
  set('description', l.description)
  set('contactPhone', l.contactPhone ? formatPhone(l.contactPhone) : null)
  set('cityId', l.cityId)
  v.options = l.options
  const flags = [
    'hasGasEquipment',
    'isNew',
    'isCustomsCleared',
    'isDamaged',
    'hasWarranty',
    'isBargainAllowed',
    'isExchangeAccepted',
  ] as const
  for (const f of flags) if (l[f]) v[f] = 'on'
  return v
}

export const one = (v: Values, name: string) => {
  const raw = v[name]
  return (Array.isArray(raw) ? raw[0] : raw) ?? ''
}

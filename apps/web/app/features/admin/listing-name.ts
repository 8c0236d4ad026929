import type { AdminListing } from '@tulpar/contracts'

/** "Brand Model, year" of a listing under review; null while the seller has not chosen the car. */
export function listingName(l: Pick<AdminListing, 'brand' | 'model' | 'year'>): string | null {
  const name = [l.brand?.name, l.model?.name].filter(Boolean).join(' ')
  if (!name) return null
  return l.year ? `${name}, ${l.year}` : name
}

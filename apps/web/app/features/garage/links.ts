import type { GarageCar, ListingStatus } from '@tulpar/contracts'

/*
 * Where a garage car's buttons lead. Pure: unit-tested. The vehicle check page (/check) takes the VIN, or, for a
 * car without one, what it needs to value the car (brand and model ids, year, mileage in km).
 */

type CheckedCar = Pick<GarageCar, 'vin' | 'year' | 'mileageKm'> & { brand: { id: number }; model: { id: number } }

/** "Check this car". */
export function checkHref(car: CheckedCar): string {
  const params = car.vin
    ? new URLSearchParams({ vin: car.vin })
    : new URLSearchParams({
        brand: String(car.brand.id),
        model: String(car.model.id),
        year: String(car.year),
        mileage: String(car.mileageKm),
      })
  return `/check?${params}`
}

/** The listing form resumes a draft where its owner stopped; other listings open at the car's details. */
const FORM_STATUSES: readonly ListingStatus[] = ['draft', 'moderation', 'rejected']

/**
 * What the "sell" place of a car shows: the button that starts a pre-filled listing, a link to the listing already
 * under way (the form, or the public page once published), or nothing for a car that is sold.
 */
export function sellAction(
  car: Pick<GarageCar, 'status' | 'listing'>,
): { kind: 'sell' } | { kind: 'continue' | 'open'; href: string } | null {
  const listing = car.listing
  if (listing && FORM_STATUSES.includes(listing.status)) return { kind: 'continue', href: `/create-auto/${listing.id}` }
  if (listing && listing.status === 'published') return { kind: 'open', href: `/cars/${listing.id}` }
  if (car.status === 'sold') return null
  return { kind: 'sell' }
}

import type { GarageStatus, GarageValuePoint, ListingStatus } from '@tulpar/contracts'

/* The garage's pure rules: a car's status, the day of a value snapshot, the trend, what "sell" does. */

/** Listing statuses in which the listing is still under way: "sell this car" opens it rather than a second one. */
const IN_PROGRESS: readonly ListingStatus[] = ['draft', 'moderation', 'published', 'rejected']

/**
 * The status shown for a garage car. With a listing under way or sold it follows the listing (published: for
 * sale; sold: sold; a draft, one under review or rejected: still in use), so it never goes stale. Without one (or
 * once the listing is archived) it is what the owner said: in use, or sold privately.
 */
export function garageStatusOf(stored: GarageStatus, listingStatus: ListingStatus | null): GarageStatus {
  if (listingStatus === 'published') return 'for_sale'
  if (listingStatus === 'sold') return 'sold'
  if (listingStatus !== null && listingStatus !== 'archived') return 'owned'
  return stored === 'sold' ? 'sold' : 'owned'
}

/** Whether the listing decides the status (the owner cannot set it by hand meanwhile). */
export function statusFollowsListing(listingStatus: ListingStatus | null): boolean {
  return listingStatus !== null && listingStatus !== 'archived'
}

/** Kazakhstan has one time zone, UTC+5, since 1 March 2024: a value snapshot belongs to that calendar day. */
const KAZAKHSTAN_OFFSET_MS = 5 * 60 * 60 * 1000

export function kazakhstanDay(now: Date): string {
  return new Date(now.getTime() + KAZAKHSTAN_OFFSET_MS).toISOString().slice(0, 10)
}

/** The day `days` before `day` (both YYYY-MM-DD). */
export function dayBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - days)
  return d.toISOString().slice(0, 10)
}

/**
 * How the value moved over the history (oldest first): the latest estimate minus the first one with a number,
 * and that first day. Null when the latest day has no estimate (we cannot say what it is worth now) or there is
 * no earlier number to compare with.
 */
export function valueTrend(history: readonly GarageValuePoint[]): {
  changeKzt: number | null
  changeSince: string | null
} {
  const last = history.at(-1)
  const first = history.find((p) => p.estimateKzt !== null)
  if (!last || last.estimateKzt === null || !first || first === last || first.estimateKzt === null)
    return { changeKzt: null, changeSince: null }
  return { changeKzt: last.estimateKzt - first.estimateKzt, changeSince: first.day }
}

/**
 * What "sell this car" does: open the listing already under way, refuse for a car sold, or start a new draft
 * (also after an archived listing: the car is for sale again).
 */
export function sellPlan(status: GarageStatus, listingStatus: ListingStatus | null): 'existing' | 'sold' | 'new' {
  if (listingStatus !== null && IN_PROGRESS.includes(listingStatus)) return 'existing'
  if (garageStatusOf(status, listingStatus) === 'sold') return 'sold'
  return 'new'
}

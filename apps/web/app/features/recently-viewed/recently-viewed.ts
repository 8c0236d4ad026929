/*
 * The cars this browser opened last (local storage key `recentlyViewed`, newest first, at most
 * RECENTLY_VIEWED_LIMIT ids). Kept on the device only: the server never learns the list except as the ids the home
 * page asks cards for. Browser-only code.
 */
import { RECENTLY_VIEWED_LIMIT } from '@tulpar/contracts/constants'

const KEY = 'recentlyViewed'

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The stored ids, newest first; anything that is not a list of positive whole numbers reads as none. */
export function readRecentlyViewed(): number[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]')
    return Array.isArray(parsed)
      ? parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, RECENTLY_VIEWED_LIMIT)
      : []
  } catch {
    return []
  }
}

function write(ids: number[]) {
  const s = storage()
  if (!s) return
  try {
    if (ids.length === 0) s.removeItem(KEY)
    else s.setItem(KEY, JSON.stringify(ids.slice(0, RECENTLY_VIEWED_LIMIT)))
  } catch {
    // Storage full or disabled: the car is simply not remembered.
  }
}

/** Puts a car first (moving it up when it was there already), dropping the oldest past the limit. */
export function rememberViewed(id: number): void {
  write([id, ...readRecentlyViewed().filter((x) => x !== id)])
}

/** Drops cars that are no longer on sale (the server left them out of its answer). */
export function keepOnlyViewed(ids: readonly number[]): void {
  const kept = new Set(ids)
  write(readRecentlyViewed().filter((id) => kept.has(id)))
}

export const clearRecentlyViewed = (): void => write([])

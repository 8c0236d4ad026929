/*
 * A guest's hearts, kept in the browser (local storage key `favourites`, newest first) until they sign in, when
 * the layout saves them to the account (POST /api/favourites/merge/) and clears them. Browser-only code.
 */

const KEY = 'favourites'
const EVENT = 'tulpar:favourites'
/** The same bound as the account's, so a merge never fails for size alone. */
const MAX = 500
const EMPTY: readonly number[] = Object.freeze([])

let cachedRaw: string | null = null
let cachedIds: readonly number[] = EMPTY

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The stored ids (the same array until they change, as useSyncExternalStore needs). */
export function readGuestFavourites(): readonly number[] {
  const raw = storage()?.getItem(KEY) ?? null
  if (raw === cachedRaw) return cachedIds
  cachedRaw = raw
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    cachedIds = Array.isArray(parsed)
      ? parsed.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, MAX)
      : EMPTY
  } catch {
    cachedIds = EMPTY
  }
  return cachedIds
}

function write(ids: readonly number[]) {
  const s = storage()
  if (!s) return
  try {
    if (ids.length === 0) s.removeItem(KEY)
    else s.setItem(KEY, JSON.stringify(ids.slice(0, MAX)))
  } catch {
    // Storage full or disabled: the heart simply does not stick.
  }
  window.dispatchEvent(new Event(EVENT))
}

/** Hearts or un-hearts a car; answers whether it is kept now. */
export function toggleGuestFavourite(id: number): boolean {
  const ids = readGuestFavourites()
  const kept = ids.includes(id)
  write(kept ? ids.filter((x) => x !== id) : [id, ...ids])
  return !kept
}

export const clearGuestFavourites = (): void => write([])

export function subscribeGuestFavourites(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) onChange()
  }
  window.addEventListener(EVENT, onChange)
  window.addEventListener('storage', onStorage)
  return () => {
    window.removeEventListener(EVENT, onChange)
    window.removeEventListener('storage', onStorage)
  }
}

export const serverGuestFavourites = (): readonly number[] => EMPTY

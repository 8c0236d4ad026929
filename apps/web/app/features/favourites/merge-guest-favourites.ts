import { api } from '../../lib/api/client.ts'
import { clearGuestFavourites, readGuestFavourites } from './guest-favourites.ts'

/** Saves the browser's hearts to the signed-in account (POST /api/favourites/merge/) and forgets them on success. */
export async function mergeGuestFavourites(): Promise<'merged' | 'limit' | 'failed' | 'nothing'> {
  const ids = readGuestFavourites()
  if (ids.length === 0) return 'nothing'
  const res = await api.request('/api/favourites/merge/', { method: 'POST', body: { listingIds: ids } })
  if (res.ok) {
    clearGuestFavourites()
    return 'merged'
  }
  return res.code === 'favourites.limit' ? 'limit' : 'failed'
}

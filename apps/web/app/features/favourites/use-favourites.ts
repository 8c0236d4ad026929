import { useMemo, useSyncExternalStore } from 'react'
import { useLayoutData } from '../../lib/layout-data.ts'
import { readGuestFavourites, serverGuestFavourites, subscribeGuestFavourites } from './guest-favourites.ts'

export interface FavouritesState {
  signedIn: boolean
  ids: ReadonlySet<number>
  count: number
}

/** The hearts: the account's (from the layout's loader) when signed in, else the browser's. */
export function useFavourites(): FavouritesState {
  const layout = useLayoutData()
  const guest = useSyncExternalStore(subscribeGuestFavourites, readGuestFavourites, serverGuestFavourites)
  const account = layout?.favouriteIds ?? null
  const list = account ?? guest
  const ids = useMemo(() => new Set(list), [list])
  return { signedIn: Boolean(layout?.user), ids, count: list.length }
}

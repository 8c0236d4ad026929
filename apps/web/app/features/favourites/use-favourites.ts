import { useMemo, useSyncExternalStore } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { loader as layoutLoader } from '../../routes/layout.tsx'
import { readGuestFavourites, serverGuestFavourites, subscribeGuestFavourites } from './guest-favourites.ts'

export interface FavouritesState {
  signedIn: boolean
  ids: ReadonlySet<number>
  count: number
}

/** The hearts: the account's (from the layout's loader) when signed in, else the browser's. */
export function useFavourites(): FavouritesState {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/layout')
  const guest = useSyncExternalStore(subscribeGuestFavourites, readGuestFavourites, serverGuestFavourites)
  const account = layout?.favouriteIds ?? null
  const list = account ?? guest
  const ids = useMemo(() => new Set(list), [list])
  return { signedIn: Boolean(layout?.user), ids, count: list.length }
}

import { useSyncExternalStore } from 'react'
import type { LayoutData } from '../../lib/layout-data.ts'
import { CITY_EVENT, type CityChoice, readStoredCity } from './city-storage.ts'

function subscribe(changed: () => void) {
  addEventListener(CITY_EVENT, changed)
  return () => removeEventListener(CITY_EVENT, changed)
}
/** The server's render and the hydration's: the browser's choice is not read before the page is the server's. */
const notRead = () => undefined

/**
 * The city choice a page shows in its layout (the header's chip, the menus' catalogue links): the one the server
 * rendered with, or on a page rendered without the city (`cityFromBrowser`, lib/city-neutral.ts) the one this
 * browser keeps (the city dialog keeps its cookie in step) once hydrated, else the profile's. Undefined while such a
 * page is the server's (its render and its hydration), when nothing is known yet.
 */
export function useCityChoice(
  layout: Pick<LayoutData, 'cityChoice' | 'cityFromBrowser'> | undefined,
): CityChoice | null | undefined {
  const browser = useSyncExternalStore(subscribe, readStoredCity, notRead)
  if (!layout?.cityFromBrowser) return layout?.cityChoice ?? null
  return browser === undefined ? undefined : (browser ?? layout.cityChoice)
}

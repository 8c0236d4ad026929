import { useSyncExternalStore } from 'react'
import type { LayoutData } from '../../lib/layout-data.ts'
import { CITY_EVENT, type CityChoice, cityChoiceFromCookie, cityIdOf } from './city-storage.ts'

function subscribe(changed: () => void) {
  addEventListener(CITY_EVENT, changed)
  return () => removeEventListener(CITY_EVENT, changed)
}
const cookieChoice = () => cityChoiceFromCookie(document.cookie)
/** The server's render and the hydration's: the browser's cookie is not read before the page is the server's. */
const notRead = () => undefined

/**
 * The city choice a page shows in its layout (the header's chip, the menus' catalogue links): the one the server
 * rendered with, or on a page rendered without the city (`cityFromBrowser`, lib/city-neutral.ts) the city cookie's
 * once hydrated, else the profile's. Undefined while such a page is the server's (its render and its hydration),
 * when nothing is known yet.
 */
export function useCityChoice(layout: Pick<LayoutData, 'cityChoice' | 'cityFromBrowser'> | undefined): {
  choice: CityChoice | null | undefined
  id: number | null
} {
  const browser = useSyncExternalStore(subscribe, cookieChoice, notRead)
  if (!layout) return { choice: null, id: null }
  if (!layout.cityFromBrowser) return { choice: layout.cityChoice, id: cityIdOf(layout.cityChoice) }
  if (browser === undefined) return { choice: undefined, id: null }
  const choice = browser ?? layout.cityChoice
  return { choice, id: cityIdOf(choice) }
}

import { useMemo, useSyncExternalStore } from 'react'
import { useRouteLoaderData } from 'react-router'

/**
 * What the main layout's loader (routes/layout.tsx, which promises this shape) reads for every page under it: the
 * viewer, the hearts, the unread count, the cities and the chosen one (a city's id, or 'all' for all Kazakhstan).
 * Declared here so that features read it through `useLayoutData` without naming the route module.
 */
export interface LayoutData {
  user: { label: string } | null
  /** The hearts on every page (at most 500 ids); null for a guest, whose hearts live in the browser. */
  favouriteIds: number[] | null
  /** Unread messages (the badges on the account link and the bottom navigation's profile). */
  unreadMessages: number
  cities: { id: number; slug: string; name: string }[]
  cityChoice: number | 'all' | null
  cityId: number | null
  /**
   * The page was rendered without the visitor's city (lib/city-neutral.ts: the same page for every city), so
   * `cityChoice` and `cityId` are only the profile's: the browser shows the choice it keeps.
   */
  cityFromBrowser: boolean
  profile: { id: number; city: number | null } | null
}

/**
 * A signed-in visitor's own part of a page that is the guests' copy (decision 035): the server adds it after the
 * page as a script that sets this and sends `VIEWER_EVENT`. The page is rendered and hydrated as the guests' (so
 * the same bytes serve everyone), then shown with this part.
 */
export type ViewerPart = Omit<LayoutData, 'cities' | 'cityFromBrowser'>
declare global {
  interface Window {
    __tulparViewer?: ViewerPart
  }
}
export const VIEWER_EVENT = 'tulpar:viewer'

function subscribe(changed: () => void) {
  addEventListener(VIEWER_EVENT, changed)
  return () => removeEventListener(VIEWER_EVENT, changed)
}
const ownPart = () => window.__tulparViewer ?? null
const noPart = () => null

/** The layout's data the page was served with: the visitor's part replaces its guest parts until it is loaded again. */
let servedWith: LayoutData | undefined

/** The main layout's data for the page being shown, or undefined outside that layout. */
export function useLayoutData(): LayoutData | undefined {
  const layout = useRouteLoaderData<LayoutData>('routes/layout')
  // The server's and the hydration's value is the guests' (no part); the visitor's follows at once after it.
  const part = useSyncExternalStore(subscribe, ownPart, noPart)
  if (layout && servedWith === undefined && typeof document !== 'undefined') servedWith = layout
  // Once the layout's loader runs again (an action, a sign-out), its answer is the visitor's own and wins.
  const own = part !== null && layout !== undefined && layout === servedWith
  return useMemo(() => (own && layout ? { ...layout, ...part } : layout), [own, layout, part])
}

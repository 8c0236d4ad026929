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
  profile: { id: number; city: number | null } | null
}

/** The main layout's data for the page being shown, or undefined outside that layout. */
export function useLayoutData(): LayoutData | undefined {
  return useRouteLoaderData<LayoutData>('routes/layout')
}

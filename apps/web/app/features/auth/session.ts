import { useLayoutData } from '../../lib/layout-data.ts'

/**
 * The signed-in user as the main layout's loader read it, or null for a guest. For screens inside the main
 * layout that show a guest prompt instead of an action (favourites, selling, garage, vehicle check).
 */
export function useSessionUser(): { label: string } | null {
  return useLayoutData()?.user ?? null
}

import { useRouteLoaderData } from 'react-router'
import type { loader as layoutLoader } from '../routes/layout.tsx'

/**
 * What the main layout's loader read for every page under it (the viewer, the hearts, the unread count, the
 * cities and the chosen one), or undefined outside that layout. The one place below routes/ that names the
 * layout route: features read it through this hook rather than importing the route module.
 */
export function useLayoutData() {
  return useRouteLoaderData<typeof layoutLoader>('routes/layout')
}

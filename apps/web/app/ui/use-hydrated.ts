import { useEffect, useState } from 'react'

/**
 * False in the server-rendered HTML and until React has hydrated. Buttons that need JavaScript stay disabled
 * until then, so an early tap neither does nothing nor posts a form the server does not handle.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

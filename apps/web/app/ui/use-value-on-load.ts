import { type RefObject, useEffect, useRef } from 'react'

/**
 * For an uncontrolled field whose value a component also keeps in state (to compute from it): hands the field's value
 * to `report` once, when the component has mounted. In an island (ui/island.tsx) the server's field takes typing
 * before the island's code has loaded; the state starts from the server's value, and this brings it to what the
 * visitor typed or chose meanwhile. Otherwise the value is the one the state started from, and nothing changes.
 * (A controlled field would instead be set back to the state when the island hydrates: decision 026.)
 */
export function useValueOnLoad<E extends HTMLInputElement | HTMLSelectElement>(
  report: ((value: string) => void) | undefined,
): RefObject<E | null> {
  const ref = useRef<E>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the component's code has taken the field over
  useEffect(() => {
    if (ref.current && report) report(ref.current.value)
  }, [])
  return ref
}

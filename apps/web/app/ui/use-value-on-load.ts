import { type RefObject, useEffect, useRef } from 'react'

/*
 * An island's rule (ui/island.tsx, decision 026): whatever the visitor typed, chose, ticked or picked in its
 * server-rendered fields before the island's code ran is taken once it runs. The browser keeps it in the field
 * (React hydrates an uncontrolled field without touching its value), but the change event it fired found no code to
 * handle it: these hooks hand it over once the component has mounted.
 */

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** Whether the visitor has changed the field since the server rendered it (a file picked, a box ticked, ...). */
function changedSinceRender(field: Field): boolean {
  if (field instanceof HTMLSelectElement) {
    if (field.multiple) return [...field.options].some((o) => o.selected !== o.defaultSelected)
    // A single select with no option marked selected shows its first one.
    const options = [...field.options]
    const initial = options.findLast((o) => o.defaultSelected) ?? options[0]
    return field.value !== (initial?.value ?? '')
  }
  if (field instanceof HTMLInputElement) {
    if (field.type === 'file') return (field.files?.length ?? 0) > 0
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked
  }
  return field.value !== field.defaultValue
}

/**
 * For a field whose change does something (loads the models of a brand, uploads the photos picked): runs
 * `onChange` with the field once, when the component has mounted, if the visitor changed it before the code ran.
 * `onChange` must leave the field as a later change would find it (a file input's handler clears its files, so the
 * same files are not taken twice when the browser's own change event reaches the code after all).
 */
export function useChangeOnLoad<E extends Field>(onChange: ((field: E) => void) | undefined): RefObject<E | null> {
  const ref = useRef<E>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the component's code has taken the field over
  useEffect(() => {
    if (ref.current && onChange && changedSinceRender(ref.current)) onChange(ref.current)
  }, [])
  return ref
}

/**
 * For an uncontrolled field whose value a component also keeps in state (to compute from it): hands the field's value
 * to `report` once, when the component has mounted. The state starts from the server's value, and this brings it to
 * what the visitor typed or chose meanwhile. Otherwise the value is the one the state started from, and nothing
 * changes. (A controlled field would instead be set back to the state when the island hydrates: decision 026.)
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

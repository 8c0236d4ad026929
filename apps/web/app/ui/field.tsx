import { type InputHTMLAttributes, type Ref, useId } from 'react'

/** A labelled input with an optional hint and an error linked to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  id: givenId,
  ref,
  ...input
}: {
  label: string
  error?: string | null
  hint?: string
  ref?: Ref<HTMLInputElement>
} & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId()
  const id = givenId ?? autoId
  // The error replaces the hint while it is shown.
  const showHint = Boolean(hint) && !error
  const describedBy = [showHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {showHint ? (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  )
}

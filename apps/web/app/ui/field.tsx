import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import type { MessageKey } from '../i18n/i18n.ts'
import { useI18n } from '../i18n/i18n-react.tsx'

/** What every field shows around its control: the label, and under it the hint or, while there is one, the error. */
interface FieldText {
  label: string
  error?: string | null
  hint?: string
}

/** The attributes that tie a control to its label, hint and error. */
interface ControlLinks {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** A labelled control with an optional hint and an error linked to it for screen readers: the fields' one frame. */
function Field({
  id: givenId,
  label,
  error,
  hint,
  control,
}: FieldText & { id: string | undefined; control: (links: ControlLinks) => ReactNode }) {
  const autoId = useId()
  const id = givenId ?? autoId
  // The error replaces the hint while it is shown.
  const showHint = Boolean(hint) && !error
  const describedBy = [showHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
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

/** A labelled input with an optional hint and an error linked to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  id,
  ref,
  ...input
}: FieldText & { ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(links) => <input ref={ref} {...links} {...input} />}
    />
  )
}

/**
 * A phone number's input, spread into a TextField: the phone keypad, the number the browser keeps for the person, and
 * a bound on length (typed numbers are short; the API checks the number itself).
 */
export const PHONE_INPUT = { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 32 } as const

/** A labelled text area with an optional hint and an error linked to it for screen readers. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  ...textarea
}: FieldText & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} control={(links) => <textarea {...links} {...textarea} />} />
  )
}

/**
 * A labelled select whose first option (no value) is `empty` ("Choose", "Not given"), with an error linked to it for
 * screen readers; `children` are the other options.
 */
export function SelectField({
  label,
  error,
  id,
  ref,
  empty,
  children,
  ...select
}: Omit<FieldText, 'hint'> & {
  empty: string
  children: ReactNode
  ref?: Ref<HTMLSelectElement>
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      control={(links) => (
        <select ref={ref} {...links} {...select}>
          <option value="">{empty}</option>
          {children}
        </select>
      )}
    />
  )
}

/** A form's refusal as a whole (not of one field), said at once to screen readers; nothing without one. */
export function FormError({ error }: { error: MessageKey | null | undefined }) {
  const { t } = useI18n()
  return error ? (
    <p className="form-error" role="alert">
      {t(error)}
    </p>
  ) : null
}

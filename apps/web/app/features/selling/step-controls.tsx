import { type ReactNode, useId } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useValueOnLoad } from '../../ui/use-value-on-load.ts'
import type { StepChoices } from './choices.server.ts'
import type { FieldMessages } from './form-data.ts'
import type { Values } from './step-values.ts'

/* Form values and the controls the steps are made of (plain named controls: the form posts without JavaScript). */

export { one } from './step-values.ts'

export interface FieldsProps {
  values: Values
  errors: FieldMessages
  choices: StepChoices
  locked: boolean
}

export function Select({
  label,
  name,
  value,
  onChange,
  error,
  children,
  disabled,
}: {
  label: string
  name: string
  value?: string
  onChange?: (value: string) => void
  error?: MessageKey
  children: ReactNode
  disabled?: boolean
}) {
  const { t } = useI18n()
  const id = useId()
  // Uncontrolled (what was chosen before the step's code loaded stays chosen, step-fields.tsx); the choice, then each
  // change, is reported to the step, which narrows the choices that depend on it.
  const ref = useValueOnLoad<HTMLSelectElement>(onChange)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        ref={ref}
        id={id}
        name={name}
        defaultValue={value}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
      >
        <option value="">{t('sell.choose')}</option>
        {children}
      </select>
      {error ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </small>
      ) : null}
    </div>
  )
}

export function Choice({
  legend,
  name,
  value,
  options,
  error,
}: {
  legend: string
  name: string
  value: string
  options: { value: string; label: string }[]
  error?: MessageKey
}) {
  const { t } = useI18n()
  const id = useId()
  return (
    <fieldset className="choice" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choice-options">
        {options.map((o) => (
          <label key={o.value} className="chip">
            <input type="radio" name={name} value={o.value} defaultChecked={value === o.value} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <small id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </small>
      ) : null}
    </fieldset>
  )
}

export function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} defaultChecked={checked} />
      {label}
    </label>
  )
}

import { type ReactNode, useId } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { SelectField } from '../../ui/field.tsx'
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
  // Uncontrolled (what was chosen before the step's code loaded stays chosen, step-fields.tsx); the choice, then each
  // change, is reported to the step, which narrows the choices that depend on it.
  const ref = useValueOnLoad<HTMLSelectElement>(onChange)
  return (
    <SelectField
      ref={ref}
      label={label}
      name={name}
      defaultValue={value}
      onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      error={error && t(error)}
      disabled={disabled}
      empty={t('sell.choose')}
    >
      {children}
    </SelectField>
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

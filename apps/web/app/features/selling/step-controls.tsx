import type { SellerListing } from '@tulpar/contracts'
import { type ReactNode, useId } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { formatPhone } from '../auth/phone.ts'
import type { StepChoices } from './choices.server.ts'
import type { FieldMessages } from './form-data.ts'

/* Form values and the controls the steps are made of (plain named controls: the form posts without JavaScript). */

export type Values = Record<string, string | string[]>

/** The saved listing as form values. */
export function listingValues(l: SellerListing): Values {
  const v: Values = {}
  const set = (name: string, value: string | number | null) => {
    if (value !== null) v[name] = String(value)
  }
  set('brandId', l.brandId)
  set('modelId', l.modelId)
  set('year', l.year)
  set('generationId', l.generationId)
  set('bodyType', l.bodyType)
  set('steering', l.steering)
  set('engineType', l.engineType)
  set('modificationId', l.modificationId)
  set('transmission', l.transmission)
  set('drive', l.drive)
  set('colour', l.colour)
  set('mileage', l.mileage)
  v.mileageUnit = l.mileageUnit
  set('priceKzt', l.priceKzt)
  set('vin', l.vin)
  set('description', l.description)
  set('contactPhone', l.contactPhone ? formatPhone(l.contactPhone) : null)
  set('cityId', l.cityId)
  v.options = l.options
  const flags = [
    'hasGasEquipment',
    'isNew',
    'isCustomsCleared',
    'isDamaged',
    'hasWarranty',
    'isBargainAllowed',
    'isExchangeAccepted',
  ] as const
  for (const f of flags) if (l[f]) v[f] = 'on'
  return v
}

export const one = (v: Values, name: string) => {
  const raw = v[name]
  return (Array.isArray(raw) ? raw[0] : raw) ?? ''
}

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
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        {...(onChange ? { value, onChange: (e) => onChange(e.target.value) } : { defaultValue: value })}
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

import type { SellerListing } from '@tulpar/contracts'
import { PHONE_PLACEHOLDER } from '@tulpar/contracts/phone'
import { type ReactNode, useId, useState } from 'react'
import type { MessageKey } from '../../i18n/i18n.ts'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { TextField } from '../../ui/field.tsx'
import { formatPhone } from '../auth/phone.ts'
import type { StepChoices } from './choices.server.ts'
import type { FieldMessages } from './form-data.ts'

/*
 * The fields of each step as plain named form controls (the form posts without JavaScript too). Choices that
 * depend on another field of the same step (generation on year, engine modification on engine type) are
 * narrowed in the browser; the server checks them either way.
 */

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

const one = (v: Values, name: string) => {
  const raw = v[name]
  return (Array.isArray(raw) ? raw[0] : raw) ?? ''
}

interface FieldsProps {
  values: Values
  errors: FieldMessages
  choices: StepChoices
  locked: boolean
}

function Select({
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

function Choice({
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

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} defaultChecked={checked} />
      {label}
    </label>
  )
}

function BrandFields({ values, errors, choices, locked }: FieldsProps) {
  const { t } = useI18n()
  return (
    <>
      {locked ? <p className="notice">{t('sell.locked')}</p> : null}
      <Select
        label={t('sell.field.brand')}
        name="brandId"
        value={one(values, 'brandId')}
        error={errors.brandId}
        disabled={locked}
      >
        {(choices.brands ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </Select>
    </>
  )
}

function ModelFields({ values, errors, choices, locked }: FieldsProps) {
  const { t } = useI18n()
  const brand = choices.brands?.find((b) => String(b.id) === one(values, 'brandId'))
  return (
    <>
      {locked ? <p className="notice">{t('sell.locked')}</p> : null}
      {brand ? <p className="muted">{brand.name}</p> : null}
      <Select
        label={t('sell.field.model')}
        name="modelId"
        value={one(values, 'modelId')}
        error={errors.modelId}
        disabled={locked}
      >
        {(choices.models ?? []).map((m) => (
          <option key={m.id} value={m.id}>
            {m.name} ({m.yearFrom}–{m.yearTo ?? '…'})
          </option>
        ))}
      </Select>
    </>
  )
}

function CharacteristicsFields({ values, errors, choices }: FieldsProps) {
  const { t } = useI18n()
  const [year, setYear] = useState(one(values, 'year'))
  const [generation, setGeneration] = useState(one(values, 'generationId'))
  const model = choices.model
  const last = model?.yearTo ?? new Date().getFullYear() + 1
  const years: number[] = []
  for (let y = last; model && y >= model.yearFrom; y--) years.push(y)
  const y = Number(year)
  const generations = (choices.generations ?? []).filter(
    (g) => !year || (g.yearFrom <= y && (g.yearTo === null || y <= g.yearTo)),
  )
  return (
    <>
      <Select label={t('sell.field.year')} name="year" value={year} onChange={setYear} error={errors.year}>
        {years.map((yy) => (
          <option key={yy} value={yy}>
            {yy}
          </option>
        ))}
      </Select>
      {(choices.generations ?? []).length > 0 ? (
        <Select
          label={t('sell.field.generation')}
          name="generationId"
          value={generations.some((g) => String(g.id) === generation) ? generation : ''}
          onChange={setGeneration}
          error={errors.generationId}
        >
          {generations.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name} ({g.yearFrom}–{g.yearTo ?? '…'})
            </option>
          ))}
        </Select>
      ) : null}
      <Choice
        legend={t('sell.field.bodyType')}
        name="bodyType"
        value={one(values, 'bodyType')}
        options={(choices.bodyTypes ?? []).map((b) => ({ value: b.code, label: b.name }))}
        error={errors.bodyType}
      />
    </>
  )
}

function ModificationsFields({ values, errors, choices }: FieldsProps) {
  const { t, litres } = useI18n()
  const mods = choices.modifications ?? []
  const [engineType, setEngineType] = useState(one(values, 'engineType'))
  const [modId, setModId] = useState(one(values, 'modificationId'))
  const engineTypes = (choices.engineTypes ?? []).filter((e) => mods.some((m) => m.engineType === e.code))
  const visible = mods.filter((m) => !engineType || m.engineType === engineType)
  const mod = visible.find((m) => String(m.id) === modId)
  const transmissions = mod?.transmissions ?? (['MT', 'AT', 'CVT', 'DCT'] as const)
  const drives = mod?.drives ?? (['FWD', 'RWD', '4WD'] as const)
  return (
    <>
      <Choice
        legend={t('sell.field.steering')}
        name="steering"
        value={one(values, 'steering')}
        options={[
          { value: 'left', label: t('sell.steering.left') },
          { value: 'right', label: t('sell.steering.right') },
        ]}
        error={errors.steering}
      />
      <Select
        label={t('sell.field.engineType')}
        name="engineType"
        value={engineType}
        onChange={setEngineType}
        error={errors.engineType}
      >
        {engineTypes.map((e) => (
          <option key={e.code} value={e.code}>
            {e.name}
          </option>
        ))}
      </Select>
      <Select
        label={t('sell.field.modification')}
        name="modificationId"
        value={visible.some((m) => String(m.id) === modId) ? modId : ''}
        onChange={setModId}
        error={errors.modificationId}
      >
        {visible.map((m) => (
          <option key={m.id} value={m.id}>
            {m.engineType === 'electric'
              ? t('sell.modification.electric', { hp: m.powerHp })
              : t('sell.modification', { volume: litres(m.volumeL), hp: m.powerHp })}
          </option>
        ))}
      </Select>
      <Check name="hasGasEquipment" label={t('sell.field.gas')} checked={values.hasGasEquipment !== undefined} />
      <Choice
        key={`t-${modId}`}
        legend={t('sell.field.transmission')}
        name="transmission"
        value={transmissions.length === 1 ? (transmissions[0] ?? '') : one(values, 'transmission')}
        options={transmissions.map((x) => ({ value: x, label: t(`sell.transmission.${x}`) }))}
        error={errors.transmission}
      />
      <Choice
        key={`d-${modId}`}
        legend={t('sell.field.drive')}
        name="drive"
        value={drives.length === 1 ? (drives[0] ?? '') : one(values, 'drive')}
        options={drives.map((x) => ({ value: x, label: t(`sell.drive.${x}`) }))}
        error={errors.drive}
      />
      <fieldset className="choice" aria-describedby={errors.colour ? 'colour-error' : undefined}>
        <legend>{t('sell.field.colour')}</legend>
        <div className="choice-options">
          {(choices.colours ?? []).map((c) => (
            <label key={c.code} className="chip colour-chip">
              <input type="radio" name="colour" value={c.code} defaultChecked={one(values, 'colour') === c.code} />
              <span>
                <i className="swatch" style={{ background: c.hex }} aria-hidden="true" />
                {c.name}
              </span>
            </label>
          ))}
        </div>
        {errors.colour ? (
          <small id="colour-error" className="field-error" role="alert">
            {t(errors.colour)}
          </small>
        ) : null}
      </fieldset>
    </>
  )
}

function OptionsFields({ values, choices }: FieldsProps) {
  const { t } = useI18n()
  const chosen = new Set(Array.isArray(values.options) ? values.options : values.options ? [values.options] : [])
  return (
    <>
      <p className="muted">{t('sell.field.options')}</p>
      <div className="option-groups">
        {(choices.optionGroups ?? []).map((g) => (
          <fieldset key={g.code} className="option-group">
            <legend>{g.name}</legend>
            {g.options.map((o) => (
              <label key={o.code} className="check">
                <input type="checkbox" name="options" value={o.code} defaultChecked={chosen.has(o.code)} />
                {o.name}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </>
  )
}

function StateFields({ values, errors }: FieldsProps) {
  const { t } = useI18n()
  return (
    <>
      <div className="mileage-row">
        <TextField
          label={t('sell.field.mileage')}
          name="mileage"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={one(values, 'mileage')}
          error={errors.mileage ? t(errors.mileage) : null}
        />
        <Choice
          legend={t('sell.field.mileageUnit')}
          name="mileageUnit"
          value={one(values, 'mileageUnit') || 'km'}
          options={[
            { value: 'km', label: t('sell.unit.km') },
            { value: 'mi', label: t('sell.unit.mi') },
          ]}
        />
      </div>
      <Check name="isNew" label={t('sell.field.isNew')} checked={values.isNew !== undefined} />
      <Check name="isCustomsCleared" label={t('sell.field.customs')} checked={values.isCustomsCleared !== undefined} />
      <Check name="isDamaged" label={t('sell.field.damaged')} checked={values.isDamaged !== undefined} />
      <Check name="hasWarranty" label={t('sell.field.warranty')} checked={values.hasWarranty !== undefined} />
    </>
  )
}

function PriceFields({ values, errors, choices }: FieldsProps) {
  const { t } = useI18n()
  const id = useId()
  return (
    <>
      <TextField
        label={t('sell.field.price')}
        name="priceKzt"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        defaultValue={one(values, 'priceKzt')}
        error={errors.priceKzt ? t(errors.priceKzt) : null}
      />
      <TextField
        label={t('sell.field.vin')}
        name="vin"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        defaultValue={one(values, 'vin')}
        hint={t('sell.field.vinHint')}
        error={errors.vin ? t(errors.vin) : null}
      />
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('sell.field.description')}</label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={5}
          maxLength={3000}
          defaultValue={one(values, 'description')}
          aria-describedby={`${id}-description-hint`}
          aria-invalid={errors.description ? true : undefined}
        />
        <small id={`${id}-description-hint`} className={errors.description ? 'field-error' : 'field-hint'}>
          {errors.description ? t(errors.description) : t('sell.field.descriptionHint')}
        </small>
      </div>
      <TextField
        label={t('sell.field.phone')}
        name="contactPhone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={PHONE_PLACEHOLDER}
        defaultValue={one(values, 'contactPhone')}
        error={errors.contactPhone ? t(errors.contactPhone) : null}
      />
      <Check name="isBargainAllowed" label={t('sell.field.bargain')} checked={values.isBargainAllowed !== undefined} />
      <Check
        name="isExchangeAccepted"
        label={t('sell.field.exchange')}
        checked={values.isExchangeAccepted !== undefined}
      />
      <Select label={t('sell.field.city')} name="cityId" value={one(values, 'cityId')} error={errors.cityId}>
        {(choices.cities ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
    </>
  )
}

export const STEP_FIELDS = {
  brand: BrandFields,
  model: ModelFields,
  characteristics: CharacteristicsFields,
  modifications: ModificationsFields,
  options: OptionsFields,
  state: StateFields,
  price: PriceFields,
} as const

import { useState } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { Check, Choice, type FieldsProps, one, Select } from './step-controls.tsx'

/* The car's steps: brand, model, characteristics and modifications. */

export function BrandFields({ values, errors, choices, locked }: FieldsProps) {
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

export function ModelFields({ values, errors, choices, locked }: FieldsProps) {
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

export function CharacteristicsFields({ values, errors, choices }: FieldsProps) {
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

export function ModificationsFields({ values, errors, choices }: FieldsProps) {
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

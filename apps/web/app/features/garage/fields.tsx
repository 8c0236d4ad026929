import { ENGINE_TYPES } from '@tulpar/contracts/constants'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { SelectField, TextField } from '../../ui/field.tsx'
import { Options } from '../../ui/options.tsx'
import type { FieldMessages } from '../selling/index.ts'
import type { Values } from './garage-form.ts'

/* The garage forms' controls: plain named fields (the forms post without JavaScript). */

/** Litres with one decimal when the volume is a round one (2500 → 2,5), else cm³ as typed (1598): never rounded away. */
export function volumeText(cc: number | null, number: (v: number) => string): string {
  if (cc === null) return ''
  return cc % 100 === 0 ? number(cc / 1000) : String(cc)
}

/**
 * Mileage, VIN, steering, customs and engine: what both the add form and a car's edit form ask. `values` are the
 * form's own (after an error) or the car's.
 */
export function CarDetailFields({ values, errors }: { values: Values; errors: FieldMessages }) {
  const { t } = useI18n()
  const error = (name: string) => (errors[name] ? t(errors[name]) : null)
  return (
    <>
      <TextField
        label={t('garage.add.mileage')}
        name="mileageKm"
        inputMode="numeric"
        autoComplete="off"
        required
        defaultValue={values.mileageKm ?? ''}
        error={error('mileageKm')}
      />
      <div className="garage-pair">
        <SelectField
          label={t('sell.field.engineType')}
          name="engineType"
          defaultValue={values.engineType ?? ''}
          error={errors.engineType && t(errors.engineType)}
          empty={t('garage.add.notSaid')}
        >
          <Options values={ENGINE_TYPES} label={(e) => t(`catalogue.engine.${e}`)} />
        </SelectField>
        <TextField
          label={t('garage.add.volume')}
          name="engineVolume"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={values.engineVolume ?? ''}
          hint={t('garage.add.volumeHint')}
          error={error('engineVolumeCc')}
        />
      </div>
      <div className="garage-pair">
        <SelectField
          label={t('sell.field.steering')}
          name="steering"
          defaultValue={values.steering ?? ''}
          error={errors.steering && t(errors.steering)}
          empty={t('garage.add.notSaid')}
        >
          <option value="left">{t('sell.steering.left')}</option>
          <option value="right">{t('sell.steering.right')}</option>
        </SelectField>
        <label className="check garage-check">
          <input type="checkbox" name="isCustomsCleared" defaultChecked={values.isCustomsCleared !== undefined} />
          {t('sell.field.customs')}
        </label>
      </div>
      <TextField
        label={t('garage.add.vin')}
        name="vin"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        defaultValue={values.vin ?? ''}
        hint={t('garage.add.vinHint')}
        error={error('vin')}
      />
    </>
  )
}

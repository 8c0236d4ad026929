import { PHONE_PLACEHOLDER } from '@tulpar/contracts/phone'
import { useId } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { groupDigits, regroupDigits } from '../../ui/digit-groups.ts'
import { PHONE_INPUT, TextField } from '../../ui/field.tsx'
import { useChangeOnLoad } from '../../ui/use-value-on-load.ts'
import { Check, Choice, type FieldsProps, one, Select } from './step-controls.tsx'

/*
 * The fields of each step as plain named form controls (the form posts without JavaScript too). Choices that
 * depend on another field of the same step (generation on year, engine modification on engine type) are
 * narrowed in the browser; the server checks them either way.
 */

export function OptionsFields({ values, choices }: FieldsProps) {
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

export function StateFields({ values, errors }: FieldsProps) {
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

export function PriceFields({ values, errors, choices }: FieldsProps) {
  const { t } = useI18n()
  const id = useId()
  // A price typed before the step's code ran is grouped once it has, as typing it afterwards would have.
  const price = useChangeOnLoad<HTMLInputElement>(regroupDigits)
  return (
    <>
      <TextField
        label={t('sell.field.price')}
        name="priceKzt"
        inputMode="numeric"
        autoComplete="off"
        ref={price}
        defaultValue={groupDigits(one(values, 'priceKzt'))}
        onInput={(e) => regroupDigits(e.currentTarget)}
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
        {...PHONE_INPUT}
        label={t('sell.field.phone')}
        name="contactPhone"
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

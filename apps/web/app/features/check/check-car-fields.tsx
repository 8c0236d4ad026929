import { useSubmit } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { useChangeOnLoad } from '../../ui/use-value-on-load.ts'

interface Named {
  id: number
  name: string
}

/**
 * The car of a VIN we may not know: make, model (of that make), year, mileage. The models come with the page
 * (`?brand=`): with JavaScript choosing the make is enough, and a make chosen before the page's code ran is sent
 * once it has; without it, "show models" sends the form as a GET with what was typed.
 */
export function CheckCarFields({
  brands,
  models,
  values,
  yearMax,
}: {
  brands: Named[]
  models: Named[]
  values: { brand: string; model: string; year: string; mileage: string }
  yearMax: number
}) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const showModels = (make: HTMLSelectElement) => {
    const form = make.form
    if (!form) return
    const data = new FormData(form)
    // The model belonged to the make before.
    data.delete('model')
    void submit(data, { method: 'get', action: form.getAttribute('action') ?? undefined, preventScrollReset: true })
  }
  const make = useChangeOnLoad<HTMLSelectElement>(showModels)
  return (
    <div className="check-car">
      <label>
        {t('check.brand')}
        <select ref={make} name="brand" defaultValue={values.brand} onChange={(e) => showModels(e.currentTarget)}>
          <option value="">{t('check.chooseBrand')}</option>
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      {models.length > 0 ? (
        <label>
          {t('check.model')}
          <select name="model" defaultValue={values.model} key={values.brand}>
            <option value="">{t('check.anyModel')}</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {hydrated ? null : (
        <button type="submit" formMethod="get" formNoValidate className="button ghost">
          {t('check.showModels')}
        </button>
      )}
      <label>
        {t('check.year')}
        <input name="year" inputMode="numeric" min={1950} max={yearMax} type="number" defaultValue={values.year} />
      </label>
      <label>
        {t('check.mileage')}
        <input name="mileage" inputMode="numeric" type="number" min={0} defaultValue={values.mileage} />
      </label>
    </div>
  )
}

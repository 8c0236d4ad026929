import type { BrandRef, FormModel, GarageCandidate } from '@tulpar/contracts'
import { Form, useNavigation } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { SelectField } from '../../ui/field.tsx'
import { useHydrated } from '../../ui/use-hydrated.ts'
import { useChangeOnLoad } from '../../ui/use-value-on-load.ts'
import { CarDetailFields } from './fields.tsx'
import { GARAGE_PATH, type GarageActionResult } from './garage-result.ts'

/** My listings that can join the garage, each with a one-click "add". */
function FromListings({ candidates }: { candidates: GarageCandidate[] }) {
  const { t, distance } = useI18n()
  const busy = useNavigation().state !== 'idle'
  return (
    <div className="garage-add-part">
      <h3>{t('garage.add.fromListings')}</h3>
      <p className="garage-note">{t('garage.add.fromListingsHint')}</p>
      <ul className="garage-candidates">
        {candidates.map((c) => (
          <li key={c.listingId}>
            <span>
              <strong>{c.title}</strong>
              <small className="muted">
                {t(`sell.status.${c.status}`)} · {distance(c.mileageKm, 'km')}
              </small>
            </span>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="add-listing" />
              <input type="hidden" name="listingId" value={c.listingId} />
              <button
                type="submit"
                className="button ghost"
                disabled={busy}
                aria-label={t('garage.add.listingLabel', { title: c.title })}
              >
                {t('garage.add.listingButton')}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  )
}

const showModels = (brand: HTMLSelectElement) => brand.form?.requestSubmit()

/** The by-hand part's data: the brands, the chosen brand's models and the years, the last post's answer. */
interface ByHandProps {
  brands: BrandRef[]
  brand: BrandRef | null
  models: FormModel[]
  yearMax: number
  result: GarageActionResult | undefined
}

/**
 * Adding a car by hand, in two steps that work without JavaScript: the brand (a GET form: the page comes back
 * with its models; with JavaScript choosing the brand is enough), then model, year, mileage and the rest.
 */
function ByHand({ brands, brand, models, yearMax, result }: ByHandProps) {
  const { t } = useI18n()
  const hydrated = useHydrated()
  const busy = useNavigation().state !== 'idle'
  // This part is an island: a brand chosen before its code ran (the "show models" button goes when it runs) is sent
  // then, as choosing it afterwards would have been.
  const brandField = useChangeOnLoad<HTMLSelectElement>(showModels)
  const failed = result?.intent === 'add' ? result : undefined
  const values = failed?.values ?? { isCustomsCleared: 'on' }
  const errors = failed?.errors ?? {}
  const modelError = errors.modelId ?? errors.brandId
  const lastYear = yearMax
  const firstYear = Math.min(lastYear, ...models.map((m) => m.yearFrom))
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, i) => lastYear - i)
  return (
    <div className="garage-add-part">
      <h3>{t('garage.add.byHand')}</h3>
      {/* The page comes back at the form (#add), with or without JavaScript. */}
      <Form method="get" action={`${GARAGE_PATH}#add`} className="garage-brand-form" preventScrollReset>
        <SelectField
          ref={brandField}
          id="garage-brand"
          label={t('sell.field.brand')}
          name="brand"
          defaultValue={brand ? String(brand.id) : ''}
          // With JavaScript the models follow the brand at once; without it the button below sends the form.
          onChange={(e) => showModels(e.currentTarget)}
          empty={t('sell.choose')}
        >
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        {hydrated ? null : (
          <button type="submit" className="button ghost">
            {t('garage.add.pickBrand')}
          </button>
        )}
      </Form>
      {brand ? (
        <Form method="post" className="garage-form" key={brand.id} preventScrollReset>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="brandId" value={brand.id} />
          {failed?.message ? (
            <p className="form-status failed" role="alert">
              {t(failed.message, failed.params)}
            </p>
          ) : null}
          <div className="garage-pair">
            <SelectField
              label={t('sell.field.model')}
              name="modelId"
              defaultValue={values.modelId ?? ''}
              error={modelError && t(modelError)}
              empty={t('sell.choose')}
              required
            >
              {models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({m.yearFrom}–{m.yearTo ?? '…'})
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('sell.field.year')}
              name="year"
              defaultValue={values.year ?? ''}
              error={errors.year && t(errors.year)}
              empty={t('sell.choose')}
              required
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </SelectField>
          </div>
          <CarDetailFields values={values} errors={errors} />
          <button type="submit" className="button primary" disabled={busy}>
            {t('garage.add.submit')}
          </button>
        </Form>
      ) : (
        <p className="garage-note">{t('garage.add.brandFirst')}</p>
      )}
    </div>
  )
}

export function AddCar(props: ByHandProps & { candidates: GarageCandidate[] }) {
  const { t } = useI18n()
  const failed = props.result?.intent === 'add-listing' ? props.result : undefined
  return (
    <section className="panel garage-add" id="add" aria-labelledby="garage-add-title">
      <h2 id="garage-add-title">{t('garage.add.title')}</h2>
      {failed?.message ? (
        <p className="form-status failed" role="alert">
          {t(failed.message, failed.params)}
        </p>
      ) : null}
      {props.candidates.length > 0 ? <FromListings candidates={props.candidates} /> : null}
      <ByHand
        brands={props.brands}
        brand={props.brand}
        models={props.models}
        yearMax={props.yearMax}
        result={props.result}
      />
    </section>
  )
}

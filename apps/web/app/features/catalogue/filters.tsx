import type { BrandRef, ListingSearchQuery, ModelRef } from '@tulpar/contracts'
import { Form, Link, useSubmit } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'

interface Props {
  query: ListingSearchQuery
  brands: BrandRef[]
  models: ModelRef[]
}

/** The filter panel: a GET form, so filters live in the URL and work without JavaScript. */
export function Filters({ query, brands, models }: Props) {
  const { t } = useI18n()
  const submit = useSubmit()
  const years = Array.from({ length: new Date().getFullYear() - 1979 }, (_, i) => new Date().getFullYear() + 1 - i - 1)
  return (
    <Form method="get" action="/cars" className="filters" aria-label={t('catalogue.filters')}>
      <div className="field">
        <label htmlFor="f-brand">{t('catalogue.brand')}</label>
        <select
          id="f-brand"
          name="brand"
          defaultValue={query.brand ?? ''}
          onChange={(e) => {
            // A new brand makes the chosen model meaningless; reload the model list at once.
            const form = e.currentTarget.form
            if (!form) return
            const model = form.elements.namedItem('model')
            if (model instanceof HTMLSelectElement) model.value = ''
            submit(form)
          }}
        >
          <option value="">{t('catalogue.anyBrand')}</option>
          {brands.map((b) => (
            <option key={b.id} value={b.slug}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-model">{t('catalogue.model')}</label>
        <select id="f-model" name="model" defaultValue={query.model ?? ''} disabled={models.length === 0}>
          <option value="">{t('catalogue.anyModel')}</option>
          {models.map((m) => (
            <option key={m.id} value={m.slug}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="range">
        <legend>{t('catalogue.year')}</legend>
        <select
          name="yearFrom"
          aria-label={`${t('catalogue.year')}, ${t('catalogue.from')}`}
          defaultValue={query.yearFrom ?? ''}
        >
          <option value="">{t('catalogue.from')}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <select
          name="yearTo"
          aria-label={`${t('catalogue.year')}, ${t('catalogue.to')}`}
          defaultValue={query.yearTo ?? ''}
        >
          <option value="">{t('catalogue.to')}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </fieldset>
      <fieldset className="range">
        <legend>{t('catalogue.price')}</legend>
        <input
          type="number"
          name="priceFrom"
          inputMode="numeric"
          min={0}
          step={100000}
          placeholder={t('catalogue.from')}
          aria-label={`${t('catalogue.price')}, ${t('catalogue.from')}`}
          defaultValue={query.priceFrom ?? ''}
        />
        <input
          type="number"
          name="priceTo"
          inputMode="numeric"
          min={0}
          step={100000}
          placeholder={t('catalogue.to')}
          aria-label={`${t('catalogue.price')}, ${t('catalogue.to')}`}
          defaultValue={query.priceTo ?? ''}
        />
      </fieldset>
      <label className="check">
        <input type="checkbox" name="hot" value="true" defaultChecked={query.hot === true} />
        {t('catalogue.hotOnly')}
      </label>
      <label className="check">
        <input type="checkbox" name="tulpar" value="true" defaultChecked={query.tulpar === true} />
        {t('catalogue.tulparOnly')}
      </label>
      <div className="filter-actions">
        <button type="submit" className="button primary">
          {t('catalogue.apply')}
        </button>
        <Link to="/cars" className="button ghost">
          {t('catalogue.reset')}
        </Link>
      </div>
    </Form>
  )
}

import type { ListingSearchQuery } from '@tulpar/contracts'
import { BODY_TYPES, DRIVES, ENGINE_TYPES, STEERINGS, TRANSMISSIONS } from '@tulpar/contracts/constants'
import type { FormEvent, ReactNode } from 'react'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { ALL_CITIES } from './readable-url.ts'

export const FILTERS_FORM_ID = 'catalogue-filters'
export const FILTERS_PANEL_ID = 'catalogue-filters-panel'

export interface FacetOption {
  slug: string
  name: string
  count: number
}

interface Props {
  query: ListingSearchQuery
  brands: FacetOption[]
  models: FacetOption[]
  cities: { slug: string; name: string }[]
  yearMax: number
  resetHref: string
  /** With JavaScript: read the form and navigate to the readable URL (without it the form GETs /cars). */
  onApply: (form: HTMLFormElement, options: { keepPanelOpen: boolean }) => void
}

const MIN_LISTED_YEAR = 1980
const NEWNESS = ['all', 'new', 'used'] as const

/**
 * Every filter of the contract in one GET form. Without JavaScript it is sent to /cars, which answers with a
 * 301 to the readable URL; with JavaScript the page builds that URL itself and navigates once.
 * The sort select lives above the results and joins this form through its `form` attribute.
 */
export function Filters({ query, brands, models, cities, yearMax, resetHref, onApply }: Props) {
  const { t, number } = useI18n()
  const years = Array.from({ length: yearMax - MIN_LISTED_YEAR + 1 }, (_, i) => yearMax - i)
  const counted = (o: FacetOption) => `${o.name} (${number(o.count)})`
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    onApply(e.currentTarget, { keepPanelOpen: false })
  }
  return (
    <form id={FILTERS_FORM_ID} method="get" action="/cars" className="filters" onSubmit={submit}>
      {/* One dealer's cars (its page's link): the scope stays while other filters change; the page offers to clear it. */}
      {query.dealer === undefined ? null : <input type="hidden" name="dealer" value={query.dealer} />}
      <div className="filters-fields">
        <Select name="city" label={t('catalogue.city')} value={query.city ?? ALL_CITIES}>
          <option value={ALL_CITIES}>{t('catalogue.allCities')}</option>
          {cities.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </Select>
        <Select
          name="brand"
          label={t('catalogue.brand')}
          value={query.brand ?? ''}
          onChange={(select) => {
            // The model list belongs to the brand: apply at once so it reloads with its counts.
            const form = select.form
            const model = form?.elements.namedItem('model')
            if (model instanceof HTMLSelectElement) model.value = ''
            if (form) onApply(form, { keepPanelOpen: true })
          }}
        >
          <option value="">{t('catalogue.anyBrand')}</option>
          {brands.map((b) => (
            <option key={b.slug} value={b.slug}>
              {counted(b)}
            </option>
          ))}
        </Select>
        <Select name="model" label={t('catalogue.model')} value={query.model ?? ''} disabled={!query.brand}>
          <option value="">{t('catalogue.anyModel')}</option>
          {models.map((m) => (
            <option key={m.slug} value={m.slug}>
              {counted(m)}
            </option>
          ))}
        </Select>
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
          <NumberInput
            name="priceFrom"
            label={`${t('catalogue.price')}, ${t('catalogue.from')}`}
            value={query.priceFrom}
            placeholder={t('catalogue.from')}
          />
          <NumberInput
            name="priceTo"
            label={`${t('catalogue.price')}, ${t('catalogue.to')}`}
            value={query.priceTo}
            placeholder={t('catalogue.to')}
          />
        </fieldset>
        <div className="field">
          <label htmlFor="f-mileageMax">{t('catalogue.mileageMax')}</label>
          <NumberInput id="f-mileageMax" name="mileageMax" value={query.mileageMax} max={2_000_000} />
        </div>
        <fieldset className="segmented">
          <legend>{t('catalogue.newness')}</legend>
          {NEWNESS.map((n) => (
            <label key={n}>
              <input type="radio" name="newness" value={n} defaultChecked={query.newness === n} />
              <span>{t(`catalogue.newness.${n}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="pair">
          <CodeSelect
            name="drive"
            label={t('catalogue.drive')}
            value={query.drive}
            options={DRIVES.map((c) => [c, t(`drive.${c}`)])}
          />
          <CodeSelect
            name="transmission"
            label={t('catalogue.transmission')}
            value={query.transmission}
            options={TRANSMISSIONS.map((c) => [c, t(`transmission.${c}`)])}
          />
        </div>
        <div className="pair">
          <CodeSelect
            name="bodyType"
            label={t('catalogue.bodyType')}
            value={query.bodyType}
            options={BODY_TYPES.map((c) => [c, t(`catalogue.body.${c}`)])}
          />
          <CodeSelect
            name="engineType"
            label={t('catalogue.engineType')}
            value={query.engineType}
            options={ENGINE_TYPES.map((c) => [c, t(`catalogue.engine.${c}`)])}
          />
        </div>
        <div className="pair">
          <CodeSelect
            name="steering"
            label={t('catalogue.steering')}
            value={query.steering}
            options={STEERINGS.map((c) => [c, t(`steering.${c}`)])}
          />
          <Select
            name="customsCleared"
            label={t('catalogue.customs')}
            value={query.customsCleared === undefined ? '' : String(query.customsCleared)}
          >
            <option value="">{t('catalogue.any')}</option>
            <option value="true">{t('catalogue.customs.cleared')}</option>
            <option value="false">{t('catalogue.customs.notCleared')}</option>
          </Select>
        </div>
        <fieldset className="checks">
          <legend>{t('catalogue.more')}</legend>
          <Check name="tulpar" checked={query.tulpar} label={t('catalogue.tulparOnly')} />
          <Check name="warranty" checked={query.warranty} label={t('catalogue.warrantyOnly')} />
          <Check name="credit" checked={query.credit} label={t('catalogue.creditOnly')} />
          <Check name="hot" checked={query.hot} label={t('catalogue.hotOnly')} />
        </fieldset>
      </div>
      <div className="filter-actions">
        <button type="submit" className="button primary">
          {t('catalogue.apply')}
        </button>
        {/* A plain link: resetting works without JavaScript and keeps the chosen city. */}
        <a href={resetHref} className="button ghost">
          {t('catalogue.reset')}
        </a>
      </div>
    </form>
  )
}

function Select({
  name,
  label,
  value,
  disabled,
  onChange,
  children,
}: {
  name: string
  label: string
  value: string
  disabled?: boolean
  onChange?: (select: HTMLSelectElement) => void
  children: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select
        id={`f-${name}`}
        name={name}
        defaultValue={value}
        disabled={disabled}
        onChange={onChange ? (e) => onChange(e.currentTarget) : undefined}
      >
        {children}
      </select>
    </div>
  )
}

/** A select of a contract enum: "any" plus each code with its translated name. */
function CodeSelect({
  name,
  label,
  value,
  options,
}: {
  name: string
  label: string
  value: string | undefined
  options: [code: string, label: string][]
}) {
  const { t } = useI18n()
  return (
    <Select name={name} label={label} value={value ?? ''}>
      <option value="">{t('catalogue.any')}</option>
      {options.map(([code, text]) => (
        <option key={code} value={code}>
          {text}
        </option>
      ))}
    </Select>
  )
}

function NumberInput({
  id,
  name,
  label,
  value,
  placeholder,
  max,
}: {
  id?: string
  name: string
  label?: string
  value: number | undefined
  placeholder?: string
  max?: number
}) {
  return (
    <input
      id={id}
      type="number"
      name={name}
      inputMode="numeric"
      min={0}
      max={max}
      placeholder={placeholder}
      aria-label={label}
      defaultValue={value ?? ''}
    />
  )
}

function Check({ name, checked, label }: { name: string; checked: boolean | undefined; label: string }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} value="true" defaultChecked={checked === true} />
      {label}
    </label>
  )
}

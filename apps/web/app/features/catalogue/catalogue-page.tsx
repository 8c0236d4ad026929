import { useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate, useNavigation } from 'react-router'
import { useI18n } from '../../i18n/i18n-react.tsx'
import { useLayoutData } from '../../lib/layout-data.ts'
import { Icon } from '../../ui/icon.tsx'
import { useCityChoice } from '../city/index.ts'
import { SaveSearch } from '../saved-searches/index.ts'
import type { loadCatalogue } from './catalogue.server.ts'
import { FILTERS_FORM_ID, FILTERS_PANEL_ID, Filters } from './filters.tsx'
import { filtersFromForm } from './form-filters.ts'
import { CATALOGUE_BASE, CATALOGUE_QUERY_KEYS, catalogueHref, filterValue } from './href.ts'
import { ListingCard } from './listing-card.tsx'
import { Pagination } from './pagination.tsx'

export type CatalogueData = Awaited<ReturnType<typeof loadCatalogue>>

const SORTS = ['newest', 'price_asc', 'price_desc', 'year_desc', 'mileage_asc'] as const

/** Filters of the panel that narrow the list (city and dealer have their own lines, sort only orders it). */
function activeFilterCount(query: CatalogueData['query']): number {
  const inPath = [query.brand, query.model].filter(Boolean).length
  return (
    inPath +
    CATALOGUE_QUERY_KEYS.filter(
      (k) => k !== 'sort' && k !== 'page' && k !== 'dealer' && filterValue(k, query[k]) !== null,
    ).length
  )
}

/**
 * The catalogue: filters (a sidebar on desktop, a sheet that slides up on a phone), sort, cards and numbered
 * pages. The URL holds every filter, so a link shares the search and Back restores it; everything works as
 * plain links and a GET form before (or without) JavaScript.
 */
export function CataloguePage({ data }: { data: CatalogueData }) {
  const { query, invalid, page, place } = data
  const { t } = useI18n()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const location = useLocation()
  const panel = useRef<HTMLElement>(null)
  const refocus = useRef<string | null>(null)
  const loading = navigation.state === 'loading' && navigation.location.pathname.startsWith(CATALOGUE_BASE)
  // The form is re-created from the URL after each navigation (Back included), so it always shows the URL's filters.
  const formKey = `${location.pathname}${location.search}`
  const widenHref = place.city ? catalogueHref({ ...query, city: undefined, page: undefined }) : null
  // Resetting the filters keeps the chosen city and the dealer scope (each has its own way out).
  const resetHref = catalogueHref({ city: query.city, dealer: query.dealer })
  const activeFilters = activeFilterCount(query)

  const apply = (form: HTMLFormElement, { keepPanelOpen }: { keepPanelOpen: boolean }) => {
    const href = catalogueHref(filtersFromForm(new FormData(form)))
    const active = document.activeElement
    refocus.current = keepPanelOpen && active instanceof HTMLSelectElement ? active.name : null
    if (!keepPanelOpen && panel.current?.matches(':popover-open')) panel.current.hidePopover()
    navigate(href, { preventScrollReset: keepPanelOpen })
  }

  // Choosing another city in the header's city dialog moves a city page to that city (all Kazakhstan stays).
  // Only a change from one known city to another counts: a first choice must not carry a shared link away.
  const layout = useLayoutData()
  const choice = useCityChoice(layout)
  const chosenCity = layout?.cities.find((c) => c.id === choice)?.slug ?? null
  const previousCity = useRef(chosenCity)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the chosen city only
  useEffect(() => {
    const before = previousCity.current
    previousCity.current = chosenCity
    if (before === null || chosenCity === null || before === chosenCity) return
    if (query.city && query.city !== chosenCity)
      navigate(catalogueHref({ ...query, city: chosenCity, page: undefined }))
  }, [chosenCity])

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the form was re-created for a new URL
  useEffect(() => {
    const name = refocus.current
    refocus.current = null
    const form = document.getElementById(FILTERS_FORM_ID)
    const field = name && form instanceof HTMLFormElement ? form.elements.namedItem(name) : null
    if (field instanceof HTMLElement) field.focus()
  }, [formKey])

  return (
    <div className="container catalogue">
      <div className="catalogue-head">
        <div className="catalogue-title">
          <h1>{data.heading}</h1>
          <SaveSearch query={query} />
        </div>
        {/* The city's and the dealer's scope, each with its way out: written by the loader (less code here). */}
        {data.scopes.map((scope) => (
          <p key={scope.clear.href} className="city-note">
            {scope.href ? <Link to={scope.href}>{scope.text}</Link> : scope.text}{' '}
            <Link to={scope.clear.href} className="widen-link">
              {scope.clear.text}
            </Link>
          </p>
        ))}
      </div>
      <div className="catalogue-layout">
        <aside
          id={FILTERS_PANEL_ID}
          ref={panel}
          popover="auto"
          className="filters-sheet"
          aria-labelledby="filters-sheet-title"
        >
          <div className="sheet-head">
            <h2 id="filters-sheet-title">{t('catalogue.filters')}</h2>
            <button
              type="button"
              className="icon-button"
              popoverTarget={FILTERS_PANEL_ID}
              popoverTargetAction="hide"
              aria-label={t('catalogue.closeFilters')}
            >
              ×
            </button>
          </div>
          <Filters
            key={formKey}
            query={query}
            brands={data.brands}
            models={data.models}
            cities={data.cities}
            yearMax={data.yearMax}
            resetHref={resetHref}
            onApply={apply}
          />
        </aside>
        <section className={loading ? 'catalogue-results is-loading' : 'catalogue-results'} aria-busy={loading}>
          <div className="catalogue-toolbar">
            <p className="found" aria-live="polite">
              {t(page.countIsExact ? 'catalogue.found' : 'catalogue.foundAbout', { count: page.count })}
            </p>
            <button type="button" className="button ghost filters-toggle" popoverTarget={FILTERS_PANEL_ID}>
              <Icon name="filter" size={18} />
              {t('catalogue.filters')}
              {activeFilters > 0 ? (
                <>
                  <span className="filters-count" aria-hidden="true">
                    {activeFilters}
                  </span>
                  <span className="sr-only">({t('catalogue.filtersCount', { count: activeFilters })})</span>
                </>
              ) : null}
            </button>
            <div className="sort" key={formKey}>
              <label htmlFor="f-sort">{t('catalogue.sort')}</label>
              <select
                id="f-sort"
                name="sort"
                form={FILTERS_FORM_ID}
                defaultValue={query.sort}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              >
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`catalogue.sort.${s}`)}
                  </option>
                ))}
              </select>
              {/* Without JavaScript a change cannot send the form by itself. */}
              <noscript>
                <button type="submit" form={FILTERS_FORM_ID} className="button ghost">
                  {t('catalogue.sortApply')}
                </button>
              </noscript>
            </div>
          </div>
          <p className="catalogue-loading" role="status">
            {loading ? t('catalogue.loading') : ''}
          </p>
          {invalid.length > 0 ? (
            <p className="notice" role="status">
              {t('catalogue.badFilters')}
            </p>
          ) : null}
          {page.results.length === 0 ? (
            <div className="empty">
              <h2>{t('catalogue.empty.title')}</h2>
              <p>{t('catalogue.empty.text')}</p>
              <p className="empty-actions">
                <Link to={resetHref} className="button ghost">
                  {t('catalogue.reset')}
                </Link>
                {widenHref ? (
                  <Link to={widenHref} className="button ghost">
                    {t('catalogue.widen')}
                  </Link>
                ) : null}
              </p>
            </div>
          ) : (
            <div className="grid">
              {/* Paid top placements in marked slots above the page; the page's own order follows, untouched. */}
              {page.promoted.map((car) => (
                <div key={`promoted-${car.id}`} className="promoted-slot">
                  <ListingCard car={car} />
                </div>
              ))}
              {page.results.map((car, i) => (
                <ListingCard key={car.id} car={car} eager={i < 2} />
              ))}
            </div>
          )}
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(p) => catalogueHref({ ...query, page: p })}
          />
        </section>
      </div>
    </div>
  )
}

import type { ListingSearchQuery } from '@tulpar/contracts'
import { CATALOGUE_FILTER_KEYS } from '@tulpar/contracts/constants'

/*
 * The readable catalogue URLs (decided scheme):
 *   /auto                          all Kazakhstan
 *   /auto/{city}                   one city
 *   /auto/{brand}[/{model}][/{city}]
 * Every other filter stays in the query string, written in one fixed order so a filter set has one URL.
 * Browser-safe: types only from the contracts' schemas, values from their zod-free constants (zod must not reach the
 * client bundle).
 */
export const CATALOGUE_BASE = '/auto'

/** Keys that live in the path, and keys the web never writes (`cursor` is for the app's infinite scroll). */
type PathKey = 'brand' | 'model' | 'city'
type Unwritten = 'cursor' | 'lang'
type CatalogueFilterKey = (typeof CATALOGUE_FILTER_KEYS)[number]
const PATH_KEYS = new Set<string>(['brand', 'model', 'city'] satisfies PathKey[])
const isQueryFilter = (key: CatalogueFilterKey): key is Exclude<CatalogueFilterKey, PathKey> => !PATH_KEYS.has(key)

/** Query keys in the order URLs write them: the catalogue's filters less the path's, then the order and the page. */
export const CATALOGUE_QUERY_KEYS = [
  ...CATALOGUE_FILTER_KEYS.filter(isQueryFilter),
  'sort',
  'page',
] as const satisfies readonly (keyof ListingSearchQuery)[]

// Compile-time check: every contract filter is either a path segment or a query key (a new filter cannot be forgotten).
type Missing = Exclude<keyof ListingSearchQuery, PathKey | Unwritten | (typeof CATALOGUE_QUERY_KEYS)[number]>
const everyFilterHasAPlace: [Missing] extends [never] ? true : Missing = true
void everyFilterHasAPlace

type CatalogueQueryKey = (typeof CATALOGUE_QUERY_KEYS)[number]
export type CatalogueFilters = Partial<
  Record<PathKey | CatalogueQueryKey, string | number | boolean | null | undefined>
>

/** Checkboxes: unchecked means "no filter", so `false` is not written. `customsCleared=false` is a real filter. */
const CHECKBOXES = new Set<string>(['tulpar', 'warranty', 'credit', 'hot'])
const DEFAULTS: Record<string, string> = { newness: 'all', sort: 'newest', page: '1' }

/** The value as written in a URL, or null when it means "no filter". */
export function filterValue(key: string, value: string | number | boolean | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null
  const text = String(value)
  if (CHECKBOXES.has(key) && (text === 'false' || text === '0')) return null
  if (DEFAULTS[key] === text) return null
  return text
}

/** The catalogue URL for a set of filters: brand, model and city in the path, the rest in the query. */
export function catalogueHref(filters: CatalogueFilters): string {
  const brand = filterValue('brand', filters.brand)
  // A model means nothing without its brand.
  const model = brand ? filterValue('model', filters.model) : null
  const city = filterValue('city', filters.city)
  const segments = [brand, model, city].filter((s): s is string => s !== null).map(encodeURIComponent)
  const params = new URLSearchParams()
  for (const key of CATALOGUE_QUERY_KEYS) {
    const value = filterValue(key, filters[key])
    if (value !== null) params.set(key, value)
  }
  const path = segments.length > 0 ? `${CATALOGUE_BASE}/${segments.join('/')}` : CATALOGUE_BASE
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

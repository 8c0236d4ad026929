import { type CatalogueFilters, catalogueHref } from './href.ts'

export interface SlugRef {
  slug: string
  name: string
}

export interface ResolvedSegments<T extends SlugRef = SlugRef> {
  brand?: T
  model?: T
  city?: T
}

/**
 * Reads the path segments of `/auto/...` against reference data: `{city}`, `{brand}`, `{brand}/{city}`,
 * `{brand}/{model}`, `{brand}/{model}/{city}`. `models` are the models of the brand the first segment names.
 * Null when a segment names nothing in its place (the page answers 404). Brand and city slugs never collide
 * (tested on the reference data), nor do a brand's model slugs and city slugs, so the reading is unambiguous.
 */
export function resolveSegments<T extends SlugRef>(
  segments: readonly string[],
  ref: { brands: readonly T[]; cities: readonly T[]; models: readonly T[] },
): ResolvedSegments<T> | null {
  const [first, second, third, ...rest] = segments
  if (rest.length > 0) return null
  if (first === undefined) return {}
  const find = (list: readonly T[], slug: string) => list.find((item) => item.slug === slug)
  const brand = find(ref.brands, first)
  if (!brand) {
    const city = second === undefined ? find(ref.cities, first) : undefined
    return city ? { city } : null
  }
  if (second === undefined) return { brand }
  const model = find(ref.models, second)
  if (third === undefined) {
    if (model) return { brand, model }
    const city = find(ref.cities, second)
    return city ? { brand, city } : null
  }
  const city = find(ref.cities, third)
  return model && city ? { brand, model, city } : null
}

/** `city=all` in a form or an old link: the visitor chose all Kazakhstan on purpose (no city default). */
export const ALL_CITIES = 'all'

/**
 * The readable URL for an old `/cars?...` link or a filter form sent without JavaScript. Without a `city`
 * parameter the current city applies; `city=all` widens to all Kazakhstan. Parameters the catalogue does
 * not know are dropped; values are passed on unchecked (the catalogue page validates them). `lang` is kept.
 */
export function readableFromLegacy(params: URLSearchParams, currentCity: string | null): string {
  const filters: CatalogueFilters = Object.fromEntries([...params].filter(([, value]) => value !== ''))
  const city = filters.city ?? currentCity
  const href = catalogueHref({ ...filters, city: city === ALL_CITIES ? undefined : city })
  const lang = params.get('lang')
  if (!lang) return href
  return `${href}${href.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`
}

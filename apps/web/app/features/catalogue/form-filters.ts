import type { CatalogueFilters } from './href.ts'
import { ALL_CITIES } from './readable-url.ts'

/** The filters a submitted filter form holds (empty fields mean "no filter"; `city=all` means all Kazakhstan). */
export function filtersFromForm(data: FormData): CatalogueFilters {
  const filters: Record<string, string> = {}
  for (const [key, value] of data) if (typeof value === 'string' && value !== '') filters[key] = value
  if (filters.city === ALL_CITIES) delete filters.city
  return filters
}

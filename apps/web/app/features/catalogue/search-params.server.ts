import { type ListingSearchQuery, ListingSearchQuery as Schema } from '@tulpar/contracts'
import { CATALOGUE_QUERY_KEYS } from './href.ts'

const QUERY_KEYS = new Set<string>(CATALOGUE_QUERY_KEYS)

/**
 * Reads the catalogue filters of a page: brand, model and city from the readable path, the rest from the query.
 * Unlike the API (which answers 400), the page drops filters whose values are invalid, shows the rest and says
 * that some filters were not applied. Parameters that are not catalogue filters (utm_*, fbclid, lang) are
 * ignored without a notice.
 */
export function parseCatalogueParams(
  params: URLSearchParams,
  path: { brand?: string; model?: string; city?: string } = {},
): { query: ListingSearchQuery; invalid: string[] } {
  const raw: Record<string, string> = {}
  for (const [k, v] of params) if (v !== '' && QUERY_KEYS.has(k)) raw[k] = v
  for (const [k, v] of Object.entries(path)) if (v) raw[k] = v
  const invalid: string[] = []
  for (let attempt = 0; attempt < 5; attempt++) {
    const parsed = Schema.safeParse(raw)
    if (parsed.success) return { query: parsed.data, invalid }
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '')
      // Path segments were resolved against reference data; only query values can be wrong.
      if (key in raw && !(key in path)) {
        invalid.push(key)
        delete raw[key]
      }
    }
  }
  return { query: Schema.parse(path), invalid }
}

import { type ListingSearchQuery, ListingSearchQuery as Schema } from '@tulpar/contracts'

/**
 * Reads catalogue filters from the page URL. Unlike the API (which answers 400), the page drops the
 * parameters that are invalid, shows the rest and says that some filters were not applied.
 */
export function parseCatalogueParams(params: URLSearchParams): { query: ListingSearchQuery; invalid: string[] } {
  const raw: Record<string, string> = {}
  for (const [k, v] of params) if (v !== '' && k !== 'lang') raw[k] = v
  const invalid: string[] = []
  for (let attempt = 0; attempt < 5; attempt++) {
    const parsed = Schema.safeParse(raw)
    if (parsed.success) return { query: parsed.data, invalid }
    for (const issue of parsed.error.issues) {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? '')]
      for (const key of keys) {
        if (key in raw) {
          invalid.push(key)
          delete raw[key]
        }
      }
    }
  }
  return { query: Schema.parse({}), invalid }
}

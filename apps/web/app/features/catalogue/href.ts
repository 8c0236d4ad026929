/** The catalogue URL for a query (only set filters, no default page). */
export function catalogueHref(query: Partial<Record<string, string | number | boolean | undefined>>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === false || v === '' || k === 'lang' || (k === 'page' && v === 1)) continue
    params.set(k, String(v))
  }
  const q = params.toString()
  return q ? `/cars?${q}` : '/cars'
}

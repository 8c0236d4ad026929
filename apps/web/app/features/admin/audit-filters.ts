/** The audit trail's filters a URL may carry, the same for the page and its CSV (routes/admin-audit*.ts). */
const AUDIT_FILTERS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const

/** The filters of a URL: absent and empty fields are no filter; the contract (AuditQuery) checks the rest. */
export function auditFilters(params: URLSearchParams): Record<string, string> {
  const filters: Record<string, string> = {}
  for (const key of AUDIT_FILTERS) {
    const value = params.get(key)?.trim()
    if (value) filters[key] = value
  }
  return filters
}

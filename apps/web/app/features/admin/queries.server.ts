import { ADMIN_PAGE_SIZE, AdminUsersQuery, LeadDeskQuery } from '@tulpar/contracts'

/*
 * The back office's list queries, checked by their zod contracts on the server only: a route module that imports
 * a contract itself takes zod into its browser code (37 KB gzip on the users' and the leads' pages, over the
 * first-load budget of 120 KB), even when only its loader uses it.
 */

/** The users' list: a hand-edited query starts the list over rather than failing. */
export function adminUsersQuery(params: URLSearchParams): AdminUsersQuery {
  const parsed = AdminUsersQuery.safeParse({
    q: params.get('q') || undefined,
    role: params.get('role') || undefined,
    cursor: params.get('cursor') || undefined,
    limit: ADMIN_PAGE_SIZE,
  })
  return parsed.success ? parsed.data : AdminUsersQuery.parse({ limit: ADMIN_PAGE_SIZE })
}

/** The leads desk's filters and page; null for a query no form of the desk makes. */
export function leadDeskQuery(params: URLSearchParams): LeadDeskQuery | null {
  const known = [...params].filter(([k, v]) => v !== '' && ['status', 'kind', 'assigned', 'page'].includes(k))
  const parsed = LeadDeskQuery.safeParse(Object.fromEntries(known))
  return parsed.success ? parsed.data : null
}

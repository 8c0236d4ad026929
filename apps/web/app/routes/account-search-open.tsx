import { redirect } from 'react-router'
import { servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { catalogueHref } from '../features/catalogue/href.ts'
import type { Route } from './+types/account-search-open'

/**
 * `/account/searches/{id}` (the link in every alert): marks the search seen, so its new-car count starts
 * again, and opens the catalogue with its filters. Another user's or an unknown id goes to the list.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { sessions, savedSearches } = context.get(servicesContext)
  const user = await requireUser(sessions, request, `/account/searches/${params.id}`)
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0
  if (id > 0) {
    try {
      const search = await savedSearches.markSavedSearchSeen(user, id)
      return redirect(catalogueHref({ ...search.filters, sort: 'newest' }), { headers: PRIVATE_HEADERS })
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'saved_search.not_found')) throw error
    }
  }
  return redirect('/account/searches', { headers: PRIVATE_HEADERS })
}

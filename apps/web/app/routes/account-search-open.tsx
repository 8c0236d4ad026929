import { redirect } from 'react-router'
import { servicesContext } from '#app-context'
import { PRIVATE_HEADERS, requireUser } from '../features/account/account-guard.server.ts'
import { catalogueHref } from '../features/catalogue/href.ts'
import { parseId } from '../lib/id-param.ts'
import { whenServiceFails } from '../lib/service-errors.ts'
import type { Route } from './+types/account-search-open'

/**
 * `/account/searches/{id}` (the link in every alert): marks the search seen, so its new-car count starts
 * again, and opens the catalogue with its filters. Another user's or an unknown id goes to the list.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { sessions, savedSearches } = context.get(servicesContext)
  const user = await requireUser(sessions, request, `/account/searches/${params.id}`)
  const id = parseId(params.id)
  const search =
    id === null
      ? null
      : await whenServiceFails(savedSearches.markSavedSearchSeen(user, id), ({ code }) =>
          code === 'saved_search.not_found' ? null : undefined,
        )
  if (search) return redirect(catalogueHref({ ...search.filters, sort: 'newest' }), { headers: PRIVATE_HEADERS })
  return redirect('/account/searches', { headers: PRIVATE_HEADERS })
}

import type { RouterContextProvider } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { MESSAGES, translate } from '../../i18n/index.ts'
import { requireIdParam } from '../../lib/id-param.ts'
import { notFound, whenServiceFails } from '../../lib/service-errors.ts'
import { requireUser } from '../account/index.server.ts'

type LoaderArgs = { request: Request; params: { id?: string }; context: Readonly<RouterContextProvider> }

/**
 * A car on sale for a signed-in visitor, for the pages about one (`/cars/{id}/write`, `/cars/{id}/complaint`):
 * a guest signs in first and comes back to `/cars/{id}/{page}`; an id that is not one, a car not found, gone or
 * not published is the not-found page. `own` says whether it is the visitor's own car.
 */
export async function loadPublishedCarForUser({ request, params, context }: LoaderArgs, page: string) {
  const locale = context.get(localeContext)
  const services = context.get(servicesContext)
  const gone = () => notFound({ title: translate(MESSAGES[locale], locale, 'error.listing.not_found') })
  const id = requireIdParam(params.id, { title: translate(MESSAGES[locale], locale, 'error.listing.not_found') })
  const user = await requireUser(services.sessions, request, `/cars/${id}/${page}`)
  const load = Promise.all([services.listings.getListing(id, locale), services.selling.ownListingStats(user, id)])
  const [car, own] = await whenServiceFails(load, ({ code }): undefined => {
    if (code === 'listing.gone' || code === 'listing.not_found') throw gone()
    return undefined
  })
  if (car.status !== 'published') throw gone()
  return { id, user, name: `${car.brand.name} ${car.model.name}, ${car.year}`, own: own !== null }
}

import { redirect } from 'react-router'
import { localeContext, servicesContext } from '#app-context'
import { currentCitySlug } from '../features/catalogue/current-city.server.ts'
import { readableFromLegacy } from '../features/catalogue/readable-url.ts'
import type { Route } from './+types/cars-legacy'

/**
 * `/cars?brand=...`: old links and the filter form sent without JavaScript. Answers 301 with the readable URL;
 * without a city parameter the city chosen in the city dialog applies. That target depends on a cookie, so it
 * must not be cached: a browser keeps 301s, and would otherwise ignore a later change of city.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const cities = params.has('city')
    ? []
    : await context.get(servicesContext).reference.listCities(context.get(localeContext))
  const target = readableFromLegacy(params, currentCitySlug(request, cities))
  return redirect(target, {
    status: 301,
    headers: params.has('city') ? {} : { 'Cache-Control': 'private, no-store', Vary: 'Cookie' },
  })
}

import { data } from 'react-router'
import { requestInfoContext, servicesContext } from '#app-context'
import { isCountableView, readVisitorId, visitorCookie } from '../features/car/visitor.server.ts'
import { parseId } from '../lib/id-param.ts'
import { notFound, whenServiceFails } from '../lib/service-errors.ts'
import type { Route } from './+types/car-view'

/**
 * The car page's view beacon: the page's script posts here once it has loaded, so the page itself can be served
 * to guests from the cache (decision 019) while views are still counted once per visitor per day. The anonymous
 * visitor id lives in a cookie, as before; crawlers, scripts and prefetches are not counted. Answers the count
 * for the page to show (null when not counted for being a robot).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id)
  if (id === null || request.method !== 'POST') throw data(null, { status: 404 })
  if (!isCountableView(request)) return data({ viewsCount: null }, { headers: { 'Cache-Control': 'no-store' } })
  const services = context.get(servicesContext)
  const { clientIp, publicUrl } = context.get(requestInfoContext)
  const cookieVisitor = readVisitorId(request.headers.get('cookie'))
  const record = services.carPage.recordView(id, {
    ip: clientIp,
    userAgent: request.headers.get('user-agent') ?? '',
    visitorId: cookieVisitor,
  })
  const view = await whenServiceFails(record, ({ code }): undefined => {
    if (code === 'listing.gone' || code === 'listing.not_found') throw notFound()
    return undefined
  })
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  if (view.visitorId !== cookieVisitor) {
    headers.append('Set-Cookie', visitorCookie(view.visitorId, publicUrl.startsWith('https:')))
  }
  return data({ viewsCount: view.viewsCount }, { headers })
}

export function loader() {
  return data(null, { status: 405, headers: { Allow: 'POST' } })
}

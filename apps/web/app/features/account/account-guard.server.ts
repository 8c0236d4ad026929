import type { Services } from '@tulpar/api'
import { redirect } from 'react-router'
import { requireIdParam } from '../../lib/id-param.ts'

/** The signed-in user, or a redirect to /auth that comes back to `path` afterwards. */
export async function requireUser(sessions: Services['sessions'], request: Request, path: string) {
  const user = await sessions.sessionUser(request.headers)
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(path).replaceAll('%2F', '/')}`)
  return user
}

/**
 * A personal page about one thing, by the route's `:id`: its id (a malformed one is a 404 with `notFoundBody`) and the
 * signed-in user (a guest signs in first and comes back to this page). Whether the thing is theirs is the service's.
 */
export async function requireUserAndId<B = null>(
  sessions: Services['sessions'],
  request: Request,
  rawId: string | undefined,
  notFoundBody?: B,
) {
  const id = requireIdParam(rawId, notFoundBody)
  const user = await requireUser(sessions, request, new URL(request.url).pathname)
  return { id, user }
}

/** Personal pages are never kept by browsers or proxies. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' }

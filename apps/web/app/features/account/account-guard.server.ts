import type { Services } from '@tulpar/api'
import { redirect } from 'react-router'

/** The signed-in user, or a redirect to /auth that comes back to `path` afterwards. */
export async function requireUser(sessions: Services['sessions'], request: Request, path: string) {
  const user = await sessions.sessionUser(request.headers)
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(path).replaceAll('%2F', '/')}`)
  return user
}

/** Personal pages are never kept by browsers or proxies. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' }

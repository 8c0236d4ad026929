import type { RouterContextProvider } from 'react-router'
import { servicesContext, viewerContext } from '#app-context'

/**
 * The signed-in user of this request (null for a guest), from one session lookup per request: the layout's loader
 * and a page's loader that both want it share the same promise. Without a slot (a context made elsewhere, as in
 * tests) each call looks it up.
 */
export function viewerOf(context: Readonly<RouterContextProvider>, request: Request) {
  const { sessions } = context.get(servicesContext)
  const slot = context.get(viewerContext)
  if (!slot) return sessions.sessionUser(request.headers)
  slot.lookup ??= sessions.sessionUser(request.headers)
  return slot.lookup
}

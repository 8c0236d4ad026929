import type { FastifyRequest } from 'fastify'

/**
 * What a guest's answer may be kept for in the web server's shared cache (apps/web/page-cache.ts, decision 019):
 * the cache in front marks a request it may keep as `eligible` (a guest's GET, no credential), and the route says
 * for how long and what it shows. Pages set it through their router context; API routes through the request.
 */
export interface GuestCachePolicy {
  readonly eligible: boolean
  /** Seconds the answer may be kept; 0 = not cached (the default). */
  seconds: number
  /** What the answer shows (`listing:12`, `brand:kia@almaty`, `lists`, `partners`): a change to any of them purges it. */
  tags: Set<string>
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the shared cache in front when this request's answer may be kept: a guest's, or anyone's read of
     * GUEST_API_PATHS (never a signed-in visitor's page).
     */
    guestCache?: GuestCachePolicy
  }
}

/**
 * The API paths whose answers may be kept for guests: the cache in front looks only these up (any other API
 * request goes straight on), and their routes say how long with `cacheForGuests`. A car's details: every app
 * screen and shared link of a car asks for them; the search: the app's catalogue, with the same queries again and
 * again (the popular brands and models, their first pages); a price band's similar cars, asked for by each car page
 * of the band. Their answers must not depend on who asks: a signed-in reader (session cookie or bearer token) is
 * answered from, and fills, the same copy as a guest (issue 39; the listings' integration tests compare a guest's
 * and a signed-in reader's answers).
 */
export const GUEST_API_PATHS: readonly RegExp[] = [
  /^\/api\/cars\/\d+\/?$/,
  /^\/api\/cars\/?$/,
  // A price band's similar cars (decision 045): every car page's browser asks for its band.
  /^\/api\/cars\/similar\/?$/,
]

/**
 * Lets a guest's answer be kept for `seconds` and purged when any of `tags` changes. Does nothing when no cache is
 * in front or the request's answer may not be kept (a signed-in visitor's page, any other API read's).
 */
export function cacheForGuests(request: FastifyRequest, seconds: number, tags: Iterable<string>): void {
  const policy = request.guestCache
  if (!policy?.eligible) return
  policy.seconds = seconds
  for (const tag of tags) policy.tags.add(tag)
}

import { Problem } from '@tulpar/contracts'
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify'

/** Methods whose request body Fastify parses (and so can refuse as malformed, too large or of the wrong type). */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE'])
/** Methods the cross-site check guards: a session cookie from another site is refused with 403. */
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** What each added status means, as the OpenAPI document says it. */
export const STANDARD_RESPONSE_TEXT: Record<number, string> = {
  400: 'Invalid parameters, query or body (`validation.failed` with `errors[]`), malformed JSON or URL',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed, or a change sent with the session cookie from another site (`csrf.rejected`)',
  404: 'Nothing with this id (or not visible to you)',
  413: 'Request body larger than the limit',
  415: 'Request body of a content type this call does not take',
  431: 'The URL and headers together are over 16 KB (`request.headers_too_large`)',
  500: 'Unexpected server error (logged; the body reveals nothing)',
  503: 'Not available for now: the database does not answer (`unavailable`), or a service this call needs; try again after `Retry-After` seconds',
}

function has(schema: FastifySchema, part: 'params' | 'querystring' | 'body'): boolean {
  return schema[part] !== undefined && schema[part] !== null
}

/**
 * The error statuses Fastify, our hooks and the problem handler can give a route, judged from its method and
 * schema alone: 400 when anything is validated or parsed, 401 when it names a security scheme, 403 for
 * state-changing methods (the cross-site check), 404 when it has path parameters, 413/415 when it takes a body,
 * and for every route 431 (a URL over 16 KB, refused by the HTTP parser), 500 and 503 (the database unreachable
 * for a moment, with Retry-After). Statuses the route documents itself (409, 429, its own 403...) are kept.
 */
export function standardErrorStatuses(method: string, schema: FastifySchema): number[] {
  const takesBody = !BODYLESS.has(method)
  const statuses = [431, 500, 503]
  if (takesBody || has(schema, 'params') || has(schema, 'querystring') || has(schema, 'body')) statuses.push(400)
  if (Array.isArray(schema.security) && schema.security.length > 0) statuses.push(401)
  if (UNSAFE.has(method)) statuses.push(403)
  if (has(schema, 'params')) statuses.push(404)
  if (takesBody) statuses.push(413, 415)
  return statuses.sort((a, b) => a - b)
}

function isDocumentedApiRoute(route: RouteOptions): boolean {
  return route.url.startsWith('/api/') && route.schema?.hide !== true
}

/**
 * Adds the problem+json answers every documented `/api` route can give to its response schema, so the OpenAPI
 * document lists them and the serializer checks them. An `onRoute` hook: it covers every route registered
 * after it, including ones added later by any module.
 */
export function registerStandardResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isDocumentedApiRoute(route)) return
    const schema: FastifySchema = route.schema ?? {}
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const statuses = new Set(methods.flatMap((m) => standardErrorStatuses(m, schema)))
    const declared = (schema.response ?? {}) as Record<string, unknown>
    const added = Object.fromEntries([...statuses].map((s) => [s, Problem]))
    route.schema = { ...schema, response: { ...added, ...declared } }
  })
}

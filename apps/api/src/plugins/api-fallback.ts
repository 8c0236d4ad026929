import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendProblem } from './problem.ts'

const CATCH_ALL = '/api/*'

/** A route URL (`/api/cars/:id/`, `/api/auth/*`) as a regular expression over request paths. */
function routePattern(url: string): RegExp {
  const segments = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*'
      if (segment.includes(':')) return '[^/]+'
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
  // Trailing slashes are ignored by the router (routerOptions.ignoreTrailingSlash).
  return new RegExp(`^${segments.join('/')}/?$`)
}

/**
 * Answers every `/api` path no route takes, as problem+json: 405 with `Allow` when the path exists for other
 * methods, 404 otherwise. The catch-all is hidden from the OpenAPI document (it documents no operation). Call
 * before the routes are registered: an `onRoute` hook indexes them as they come.
 */
export function registerApiFallback(app: FastifyInstance) {
  const routes: { pattern: RegExp; methods: string[] }[] = []
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === CATCH_ALL) return
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    routes.push({ pattern: routePattern(route.url), methods })
  })

  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url
    const allowed = new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))
    if (allowed.size > 0 && !allowed.has(request.method)) {
      reply.header('allow', [...allowed].sort().join(', '))
      return sendProblem(reply, request, {
        status: 405,
        code: 'method_not_allowed',
        detail: `${request.method} is not allowed here; use ${[...allowed].sort().join(', ')}`,
      })
    }
    return sendProblem(reply, request, { status: 404, code: 'not_found', detail: `No route ${request.method} ${path}` })
  }
  app.all(CATCH_ALL, { schema: { hide: true } }, fallback)
  app.all('/api', { schema: { hide: true } }, fallback)
}

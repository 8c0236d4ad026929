import type { FastifyRequest } from 'fastify'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'

/*
 * The route label of a page in the request metrics (plugins/metrics.ts in the API). Fastify sees every page as its
 * one catch-all `*` and every built file as a route of its own; the label is the page's React Router path instead
 * (`/cars/:id`, `/auto/:first?/:second?/:third?`), `.data` added for a page's data, `/assets/*` for the build's
 * files, `unmatched` for a path no page takes. Never the raw URL: no ids, no query.
 */

type ManifestRoute = NonNullable<ServerBuild['routes'][string]>

/** The build's flat route manifest as the tree matchRoutes walks. */
function routeTree(routes: ServerBuild['routes']): RouteObject[] {
  const children = new Map<string | undefined, ManifestRoute[]>()
  for (const route of Object.values(routes)) {
    if (!route) continue
    const siblings = children.get(route.parentId) ?? []
    siblings.push(route)
    children.set(route.parentId, siblings)
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true, ...(r.path !== undefined && { path: r.path }) }
        : {
            id: r.id,
            ...(r.path !== undefined && { path: r.path }),
            ...(r.caseSensitive !== undefined && { caseSensitive: r.caseSensitive }),
            children: build(r.id),
          },
    )
  return build(undefined)
}

/** The React Router path pattern a page path matches (`/cars/:id`), or null when no page takes it. */
function pagePattern(tree: RouteObject[], pathname: string): string | null {
  const matches = matchRoutes(tree, pathname)
  if (!matches) return null
  const parts = matches.map((m) => m.route.path ?? '').filter((p) => p !== '')
  return `/${parts.join('/')}`
}

/** What stands for a path's segment that no route names: a dynamic one (`:id`) or splat takes it, nothing else. */
const ANY_SEGMENT = '~'

/** The patterns kept, by path shape: a site's shapes are few, and a flood of odd paths only empties it. */
const KEPT_SHAPES = 2_000

/**
 * The segments the routes name literally (lower case), or null when a path's shape cannot stand for it: a route
 * that matches case-sensitively, a segment with a parameter inside it (`:name.json`), or one the placeholder is.
 */
function literalSegments(routes: ServerBuild['routes']): Set<string> | null {
  const literals = new Set<string>()
  for (const route of Object.values(routes)) {
    if (!route?.path) continue
    if (route.caseSensitive) return null
    for (const segment of route.path.split('/')) {
      if (segment === '*' || /^:[\w-]+\??$/.test(segment)) continue
      if (segment.includes(':') || segment.includes('*')) return null
      literals.add(segment.replace(/\?$/, '').toLowerCase())
    }
  }
  return literals.has(ANY_SEGMENT) ? null : literals
}

/**
 * The path with each segment no route names literally replaced by ANY_SEGMENT: React Router compares a segment
 * with a route's literal one (case aside) or lets a parameter or splat take any non-empty one, so every path of one
 * shape matches the same routes (`/cars/123` and `/cars/456` are `/cars/~`). Segments compared decoded, as it does.
 */
function shapeOf(pathname: string, literals: Set<string>): string {
  return pathname
    .split('/')
    .map((segment) => {
      if (segment === '') return segment
      let decoded = segment
      try {
        decoded = decodeURIComponent(segment)
      } catch {
        // React Router matches a malformed segment as it is
      }
      return literals.has(decoded.toLowerCase()) ? segment : ANY_SEGMENT
    })
    .join('/')
}

/**
 * `pagePattern` kept per path shape. React Router's `matchRoutes` flattens, ranks and compiles the whole route tree
 * on every call: in issue 39's market, labelling each page that reached Fastify took 12% of the main thread (a
 * profile of the hour's server, 2026-11-29). Without literals (routes a shape cannot stand for), every call matches.
 */
function keptPatterns(tree: RouteObject[], literals: Set<string> | null): (pathname: string) => string | null {
  if (!literals) return (pathname) => pagePattern(tree, pathname)
  const kept = new Map<string, string | null>()
  return (pathname) => {
    const shape = shapeOf(pathname, literals)
    const known = kept.get(shape)
    if (known !== undefined) return known
    const pattern = pagePattern(tree, shape)
    if (kept.size >= KEPT_SHAPES) kept.clear()
    kept.set(shape, pattern)
    return pattern
  }
}

/** The labeller for the API's metrics plugin: pages by their pattern, built files as one. */
export function pageRouteLabel(build: Pick<ServerBuild, 'routes'>) {
  const patternOf = keptPatterns(routeTree(build.routes), literalSegments(build.routes))
  return (request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string | undefined => {
    const route = request.routeOptions.url
    if (route === undefined) return undefined
    if (route.startsWith('/assets/')) return '/assets/*'
    if (route !== '*') return undefined
    let path = request.url.split('?', 1)[0] ?? '/'
    const data = path.endsWith('.data')
    if (data) path = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)
    const pattern = patternOf(path)
    if (pattern === null) return 'unmatched'
    return data ? `${pattern}.data` : pattern
  }
}

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

/** The labeller for the API's metrics plugin: pages by their pattern, built files as one. */
export function pageRouteLabel(build: Pick<ServerBuild, 'routes'>) {
  const tree = routeTree(build.routes)
  return (request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string | undefined => {
    const route = request.routeOptions.url
    if (route === undefined) return undefined
    if (route.startsWith('/assets/')) return '/assets/*'
    if (route !== '*') return undefined
    let path = request.url.split('?', 1)[0] ?? '/'
    const data = path.endsWith('.data')
    if (data) path = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)
    const pattern = pagePattern(tree, path)
    if (pattern === null) return 'unmatched'
    return data ? `${pattern}.data` : pattern
  }
}

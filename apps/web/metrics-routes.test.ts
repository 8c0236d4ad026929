import type { ServerBuild } from 'react-router'
import { describe, expect, test } from 'vitest'
import { pageRouteLabel } from './metrics-routes.ts'

/** A route manifest as the server build has it: flat, each route naming its parent. */
const routes = {
  root: { id: 'root', path: '' },
  'routes/home': { id: 'routes/home', parentId: 'root', index: true },
  'routes/car': { id: 'routes/car', parentId: 'root', path: 'cars/:id' },
  layout: { id: 'layout', parentId: 'root' },
  'routes/catalogue': { id: 'routes/catalogue', parentId: 'layout', path: 'auto/:first?/:second?' },
  'routes/messages-file': { id: 'routes/messages-file', parentId: 'root', path: 'assets/i18n/:file' },
} as unknown as ServerBuild['routes']

const label = pageRouteLabel({ routes })
const page = (url: string, route = '*') => label({ url, routeOptions: { url: route } as never })

describe("a page's label in the request metrics", () => {
  test('is its React Router path, never the URL with its ids and query', () => {
    expect(page('/cars/123456?utm=x')).toBe('/cars/:id')
    expect(page('/auto/toyota/camry')).toBe('/auto/:first?/:second?')
    expect(page('/')).toBe('/')
    expect(page('/assets/i18n/kk-3f2a.json')).toBe('/assets/i18n/:file')
  })

  test("a page's data is its path with .data; a path no page takes is unmatched", () => {
    expect(page('/cars/77.data')).toBe('/cars/:id.data')
    expect(page('/_root.data')).toBe('/.data')
    expect(page('/no/such/page/31337')).toBe('unmatched')
  })

  test("the build's files are one label; the API's routes keep their own pattern", () => {
    expect(page('/assets/entry.client-abc123.js', '/assets/entry.client-abc123.js')).toBe('/assets/*')
    expect(page('/api/cars/5/', '/api/cars/:id/')).toBeUndefined()
  })
})

describe('labels kept per path shape', () => {
  /** The build's kinds of route: literals beside parameters, optional ones, a splat, a catch-all. */
  const manifest = {
    root: { id: 'root', path: '' },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true },
    'routes/car': { id: 'routes/car', parentId: 'root', path: 'cars/:id' },
    'routes/car-write': { id: 'routes/car-write', parentId: 'root', path: 'cars/:id/write' },
    'routes/partner': { id: 'routes/partner', parentId: 'root', path: 'admin/partners/:id' },
    'routes/partner-new': { id: 'routes/partner-new', parentId: 'root', path: 'admin/partners/new' },
    'routes/audit-csv': { id: 'routes/audit-csv', parentId: 'root', path: 'admin/audit.csv' },
    'routes/catalogue': { id: 'routes/catalogue', parentId: 'root', path: 'auto/:first?/:second?/:third?' },
    'routes/dealer': { id: 'routes/dealer', parentId: 'root', path: 'dealer/*' },
    'routes/missing': { id: 'routes/missing', parentId: 'root', path: '*' },
  } as unknown as ServerBuild['routes']
  // A case-sensitive route (matching only itself) turns the shapes off: the same routes matched on every call.
  const everyCall = pageRouteLabel({
    routes: {
      ...manifest,
      exact: { id: 'exact', parentId: 'root', path: 'zz-exact', caseSensitive: true },
    } as unknown as ServerBuild['routes'],
  })
  const kept = pageRouteLabel({ routes: manifest })
  const labels = (labeller: typeof kept, url: string) => labeller({ url, routeOptions: { url: '*' } as never })

  test('label every path as matching it each time does', () => {
    const words = ['cars', 'CARS', 'write', 'admin', 'partners', 'new', 'NEW', 'audit.csv', 'auto', 'dealer', '']
    const others = ['123', 'toyota', '%D0%B0', '%E0%A4%A', '~', 'new.data', 'x y']
    const segments = [...words, ...others]
    let seed = 39
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    for (let i = 0; i < 5_000; i++) {
      const length = 1 + (next() % 5)
      const path = `/${Array.from({ length }, () => segments[next() % segments.length]).join('/')}`
      for (const url of [path, `${path}.data`, `${path}?q=1`])
        expect(labels(kept, url), url).toBe(labels(everyCall, url))
    }
  })

  test('paths of one shape share a label; a literal where a parameter could be keeps its own route', () => {
    expect(labels(kept, '/cars/1')).toBe('/cars/:id')
    expect(labels(kept, '/cars/2/write')).toBe('/cars/:id/write')
    expect(labels(kept, '/admin/partners/7')).toBe('/admin/partners/:id')
    expect(labels(kept, '/admin/partners/new')).toBe('/admin/partners/new')
    expect(labels(kept, '/admin/partners/NEW')).toBe('/admin/partners/new')
    expect(labels(kept, '/dealer/a/b/c')).toBe('/dealer/*')
    expect(labels(kept, '/nothing/here')).toBe('/*')
  })
})

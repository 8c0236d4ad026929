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

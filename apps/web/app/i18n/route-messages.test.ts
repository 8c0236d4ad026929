import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { MESSAGES_JSON, ROUTE_NAMESPACES } from './index.ts'
import { ALWAYS_SENT_KEYS } from './route-namespaces.ts'

/*
 * Pages get every message but the ROUTE_NAMESPACES ones, which the screens that show them send in their loader data
 * (`routeMessages(locale, ...)`). A component that used such a key on a screen that does not send it would show the
 * raw key. This walks the imports from every route module (static and lazy) to the files that use a route-only key
 * in the browser, and checks the route sends that namespace (itself or through its layout).
 */
const APP = resolve(import.meta.dirname, '..')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : files(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

const source = new Map(files(APP).map((f) => [f, readFileSync(f, 'utf8')]))

function importsOf(file: string): string[] {
  const text = source.get(file) ?? ''
  const found: string[] = []
  for (const m of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
    const spec = m[1] ?? ''
    const target = resolve(dirname(file), spec)
    if (source.has(target)) found.push(target)
  }
  return found
}

/** The route-only namespaces a file uses in the browser (server-only files translate with every message). */
function namespacesUsed(file: string): Set<string> {
  const used = new Set<string>()
  if (/\.server\.tsx?$/.test(file)) return used
  const text = source.get(file) ?? ''
  // A key every page's messages carry (ALWAYS_SENT_KEYS) needs no loader to send it.
  for (const ns of ROUTE_NAMESPACES)
    for (const m of text.matchAll(new RegExp(`['\`](${ns}\\.[a-zA-Z][a-zA-Z0-9_.]*)(['\`$])`, 'g')))
      if (!(m[2] !== '$' && ALWAYS_SENT_KEYS.has(m[1] ?? ''))) used.add(ns)
  return used
}

function reachable(route: string): Set<string> {
  const seen = new Set<string>([route])
  const todo = [route]
  while (todo.length > 0) {
    const file = todo.pop() as string
    for (const next of importsOf(file)) {
      if (seen.has(next) || next.endsWith('/root.tsx') || next.includes('/routes/')) continue
      seen.add(next)
      todo.push(next)
    }
  }
  return seen
}

/** The namespaces a route module's loader sends: the names in its `routeMessages(locale, 'a', 'b')` calls. */
function namespacesSent(route: string): Set<string> {
  const text = source.get(route) ?? ''
  const sent = new Set<string>()
  for (let at = text.indexOf('routeMessages('); at >= 0; at = text.indexOf('routeMessages(', at + 1)) {
    const call = text.slice(at, text.indexOf(')\n', at) + 1 || at + 300)
    for (const m of call.matchAll(/'([a-zA-Z]+)'/g))
      if ((ROUTE_NAMESPACES as readonly string[]).includes(m[1] ?? '')) sent.add(m[1] ?? '')
  }
  return sent
}

describe('screens send the route-only messages their components use', () => {
  const routes = [...source.keys()].filter((f) => f.includes('/routes/'))
  const adminLayout = routes.find((f) => f.endsWith('/admin-layout.tsx')) ?? ''
  for (const route of routes) {
    test(route.slice(APP.length + 1), () => {
      const used = new Set<string>()
      for (const file of reachable(route)) for (const ns of namespacesUsed(file)) used.add(ns)
      const sent = namespacesSent(route)
      // The back office's screens render inside its layout, whose loader sends the back office's namespaces.
      if (route.includes('/routes/admin-')) for (const ns of namespacesSent(adminLayout)) sent.add(ns)
      expect([...used].filter((ns) => !sent.has(ns))).toEqual([])
    })
  }

  test('every page still gets the common messages, without the route-only ones', () => {
    const ru = JSON.parse(MESSAGES_JSON.ru) as Record<string, unknown>
    expect(ru['car.views']).toBeDefined()
    expect(Object.keys(ru).filter((k) => k.startsWith('sell.'))).toEqual([])
  })

  test("the back office's error page (its layout refused: no loader data) needs only what every page gets", () => {
    const ru = JSON.parse(MESSAGES_JSON.ru) as Record<string, unknown>
    const errorPage = source.get(join(APP, 'features/admin/admin-error.tsx')) ?? ''
    const keys = [...errorPage.matchAll(/'([a-zA-Z]+\.[a-zA-Z_.]+)'/g)].map((m) => m[1] ?? '')
    expect(keys.length).toBeGreaterThan(3)
    expect(keys.filter((k) => ru[k] === undefined)).toEqual([])
  })
})

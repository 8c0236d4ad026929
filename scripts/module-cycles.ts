/*
 * Cycles between API modules (issue 36), which dependency-cruiser's file-level `circular` rule cannot see: module A's
 * file x imports module B, and B's file y imports A, with no file importing itself. This collapses every file to
 * its module (apps/api/src/modules/<name>) and fails when the modules' graph has a cycle.
 *
 * Left out, as the door rule in docs/architecture.md says: a module's tests (they are not the module's code), and
 * imports from one *.tables.ts to another (plain foreign keys between tables).
 *
 *   node scripts/module-cycles.ts          (npm run lint runs it after dependency-cruiser)
 */
import { spawnSync } from 'node:child_process'

const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//
const TEST = /\.(int\.)?test\.tsx?$/
const TABLES = /\.tables\.ts$/

interface Cruised {
  modules: { source: string; dependencies: { resolved: string }[] }[]
}

const run = spawnSync(
  'node_modules/.bin/depcruise',
  ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'apps/api/src'],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
)
if (!run.stdout) {
  process.stderr.write(run.stderr || 'depcruise gave no output\n')
  process.exit(2)
}
const cruised = JSON.parse(run.stdout) as Cruised

/** module -> module -> one file-level import that makes the edge (to name it in the report). */
const edges = new Map<string, Map<string, string>>()
for (const m of cruised.modules) {
  const from = MODULE.exec(m.source)?.[1]
  if (!from || TEST.test(m.source)) continue
  for (const d of m.dependencies) {
    const to = MODULE.exec(d.resolved)?.[1]
    if (!to || to === from) continue
    if (TABLES.test(m.source) && TABLES.test(d.resolved)) continue
    const out = edges.get(from) ?? new Map<string, string>()
    if (!out.has(to)) out.set(to, `${m.source} → ${d.resolved}`)
    edges.set(from, out)
  }
}

// Tarjan's strongly connected components: every component of more than one module holds a cycle.
let index = 0
const order = new Map<string, number>()
const low = new Map<string, number>()
const stack: string[] = []
const onStack = new Set<string>()
const components: string[][] = []
function visit(v: string): void {
  order.set(v, index)
  low.set(v, index)
  index++
  stack.push(v)
  onStack.add(v)
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!order.has(w)) {
      visit(w)
      low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0))
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, order.get(w) ?? 0))
  }
  if (low.get(v) === order.get(v)) {
    const component: string[] = []
    let w: string | undefined
    do {
      w = stack.pop()
      if (w === undefined) break
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1) components.push(component.sort())
  }
}
for (const v of [...edges.keys()].sort()) if (!order.has(v)) visit(v)

if (components.length === 0) {
  process.stdout.write(`no cycles between API modules (${edges.size} of them import another)\n`)
  process.exit(0)
}
for (const component of components) {
  const inside = new Set(component)
  process.stderr.write(`error module-cycle: ${component.join(', ')} import each other\n`)
  for (const from of component)
    for (const [to, via] of edges.get(from) ?? []) if (inside.has(to)) process.stderr.write(`    ${via}\n`)
}
process.stderr.write(
  `\nx ${components.length} module cycle(s). Move what both need to the lower module (or apps/api/src/lib), or pass ` +
    'a function in where the services are wired (services.ts).\n',
)
process.exit(1)

import { existsSync, lstatSync, readFileSync } from 'node:fs'
import type { ResolveFnOutput, ResolveHookContext } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * Module resolution without Node re-reading a package's package.json for every file of it, registered by
 * resolve-hooks.ts, which the demo's server and its database child and `npm start` preload.
 *
 * For every file an import resolves to, Node (24.x) decides its format (ES module or CommonJS) from the
 * package.json that governs the file, and materialises that package.json again on each call (nodejs/node,
 * `getPackageScopeConfig`). drizzle-orm's is 179 KB (an `exports` entry for every driver and dialect) and a server
 * loads 518 of its files, kysely 1,015, better-auth's 1,139: importing our database client alone took 1.9 s, 1.2 s
 * of it there (docs/performance.md, 2026-11-24).
 *
 * A relative `.js` import from a file in node_modules is answered here when the file it names is a regular file
 * whose nearest package.json says `"type": "module"`: the URL Node computes for it (the specifier joined to the
 * importer's URL) and the format Node would find, `module`. Which package.json governs a folder, and its type, are
 * looked up once per folder and file. Everything else goes to Node's own resolution: bare names (a package's
 * `exports`), CommonJS scopes (where Node may detect the syntax), symbolic links, files that are not there (Node's
 * own error), our own files.
 */

/** Folder -> the package.json that governs it (nearest upwards), or null. */
const scopes = new Map<string, string | null>()
/** package.json -> whether it says `"type": "module"`. */
const moduleTypes = new Map<string, boolean>()

function governingPackageJson(folder: string): string | null {
  const known = scopes.get(folder)
  if (known !== undefined) return known
  const candidate = join(folder, 'package.json')
  const parent = dirname(folder)
  const found = existsSync(candidate) ? candidate : parent === folder ? null : governingPackageJson(parent)
  scopes.set(folder, found)
  return found
}

function isModuleScope(packageJson: string): boolean {
  let known = moduleTypes.get(packageJson)
  if (known === undefined) {
    try {
      known = (JSON.parse(readFileSync(packageJson, 'utf8')) as { type?: unknown }).type === 'module'
    } catch {
      known = false
    }
    moduleTypes.set(packageJson, known)
  }
  return known
}

export function resolveWithinPackages(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput,
): ResolveFnOutput {
  const parent = context.parentURL
  if (
    parent?.startsWith('file:') &&
    parent.includes('/node_modules/') &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js') &&
    !specifier.includes('?') &&
    !specifier.includes('#') &&
    !specifier.includes('%')
  ) {
    const url = new URL(specifier, parent)
    const path = fileURLToPath(url)
    const scope = path.includes('/node_modules/') ? governingPackageJson(dirname(path)) : null
    if (scope && isModuleScope(scope) && lstatSync(path, { throwIfNoEntry: false })?.isFile())
      return { url: url.href, format: 'module', shortCircuit: true }
  }
  return nextResolve(specifier, context)
}

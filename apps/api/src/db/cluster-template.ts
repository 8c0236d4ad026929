import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/*
 * An empty PostgreSQL cluster, made once by PGlite's initdb and copied into each new embedded data folder.
 *
 * PGlite runs initdb on a data folder it finds empty: 5 s of a core on these machines when nothing else runs and
 * 10-11 s in the demo's first start, where the server loads its modules on the other core meanwhile, which made it
 * the longest step of that start (docs/performance.md). Most of it is PGlite's plumbing around the WebAssembly
 * (copying its whole memory before every run of the backend, a file system in JavaScript), not PostgreSQL. What
 * initdb writes depends only on PGlite's version (its settings are fixed: UTF-8, C.UTF-8, trust), so
 * `npm run build` makes it once per version, the way Debian's postgresql package runs initdb when it is
 * installed, and a start copies those files (about 40 MB) natively. The cluster holds nothing of ours: migrations,
 * reference data and the demo seed still run on the first start. Without a template (a start without a build, a
 * folder that cannot be written) PGlite runs initdb as before.
 */

const require = createRequire(import.meta.url)

/** PGlite's package folder and version: what the template is made by and kept under. */
function pglitePackage(): { dir: string; version: string } {
  let dir = dirname(require.resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
  return { dir, version }
}

/** Where this checkout keeps the template: node_modules/.cache, which a fresh install starts without. */
export function clusterTemplateDir(): string {
  const pglite = pglitePackage()
  // {node_modules}/@electric-sql/pglite -> {node_modules}/.cache/...
  return join(dirname(dirname(pglite.dir)), '.cache', 'tulpar-pglite-cluster', pglite.version)
}

/**
 * Makes the template in `dir` unless it is there. Made beside it and renamed into place, so a template that
 * exists is whole, and builds running at once do not see each other's half. Answers whether it made one.
 */
export async function makeClusterTemplate(dir = clusterTemplateDir()): Promise<boolean> {
  if (existsSync(join(dir, 'PG_VERSION'))) return false
  const parent = dirname(dir)
  mkdirSync(parent, { recursive: true })
  const making = join(parent, `.making-${process.pid}`)
  rmSync(making, { recursive: true, force: true })
  try {
    // Loaded here: the build's call that finds the template made loads nothing of PGlite's.
    const { PGlite } = await import('@electric-sql/pglite')
    const pg = await PGlite.create(making)
    await pg.close()
    // PGlite leaves no server lock behind on close; a template must hold none.
    rmSync(join(making, 'postmaster.pid'), { force: true })
    try {
      renameSync(making, dir)
    } catch (error) {
      // Another build put its template there first: the same files.
      if (!existsSync(join(dir, 'PG_VERSION'))) throw error
      return false
    }
    return true
  } finally {
    rmSync(making, { recursive: true, force: true })
  }
}

/**
 * Copies the template to `pgDir` when `pgDir` does not exist yet and the template does. The copy is made beside
 * `pgDir` and renamed into place, so a start that stops half-way leaves no half a cluster for PGlite to take as
 * one; such a leftover is removed by the next copy. The caller holds the data folder's lock. Answers whether it
 * copied.
 */
export function copyClusterTemplate(pgDir: string, template = clusterTemplateDir()): boolean {
  if (existsSync(pgDir) || !existsSync(join(template, 'PG_VERSION'))) return false
  const parent = dirname(pgDir)
  const prefix = `${pgDir.slice(parent.length + 1)}.copy-`
  for (const name of readdirSync(parent)) {
    if (name.startsWith(prefix)) rmSync(join(parent, name), { recursive: true, force: true })
  }
  const copy = `${pgDir}.copy-${process.pid}`
  cpSync(template, copy, { recursive: true })
  renameSync(copy, pgDir)
  return true
}

// `node apps/api/src/db/cluster-template.ts`: run by `npm run build`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  const dir = clusterTemplateDir()
  makeClusterTemplate(dir).then(
    (made) =>
      process.stdout.write(
        made
          ? `Embedded database template made in ${Math.round(performance.now() - started)} ms: ${dir}\n`
          : `Embedded database template: ${dir}\n`,
      ),
    // Not a failed build: without a template the embedded database runs initdb itself on a new folder.
    (error: unknown) =>
      process.stderr.write(
        `Embedded database template not made (${error instanceof Error ? error.message : String(error)})\n`,
      ),
  )
}

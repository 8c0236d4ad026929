import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/*
 * A PostgreSQL cluster with our schema and nothing else, made once by PGlite's initdb and our migrations and copied
 * into each new embedded data folder.
 *
 * PGlite runs initdb on a data folder it finds empty: 5 s of a core on these machines when nothing else runs and
 * 10-11 s in the demo's first start, where the server loads its modules on the other core meanwhile, which made it
 * the longest step of that start (docs/performance.md). Most of it is PGlite's plumbing around the WebAssembly
 * (copying its whole memory before every run of the backend, a file system in JavaScript), not PostgreSQL. What
 * initdb writes depends only on PGlite's version (its settings are fixed: UTF-8, C.UTF-8, trust), so
 * `npm run build` makes it once per version, the way Debian's postgresql package runs initdb when it is
 * installed, and a start copies those files (about 40 MB) natively. The committed migrations are applied to it too
 * (their step took 1.3-2.7 s of a first start; 0.4-0.9 s of that is saved, the rest was PGlite's code warming up,
 * which the statements after it now pay), so the template is named by PGlite's version and a digest of the
 * migrations folder: a changed migration names another template, which the next build makes, and until then a new
 * folder gets initdb and the migrations as before. Data (reference data, the demo seed) is never in it; the first
 * start's migration step still runs and finds nothing to apply. Without a template (a start without a build, a
 * folder that cannot be written) PGlite runs initdb as before. Decision 024.
 */

const require = createRequire(import.meta.url)

/** PGlite's package folder and version: what the template is made by and kept under. */
function pglitePackage(): { dir: string; version: string } {
  let dir = dirname(require.resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }
  return { dir, version }
}

/** The repository's migrations (config.ts's default MIGRATIONS_DIR). */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url))

/** Every file of the migrations folder (names and contents, the journal included) in 12 hex digits. */
export function migrationsDigest(migrationsDir: string): string {
  const files: string[] = []
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) files.push(path)
    }
  }
  walk(migrationsDir)
  const hash = createHash('sha256')
  for (const file of files.sort()) {
    hash.update(relative(migrationsDir, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex').slice(0, 12)
}

/** The folder the build's templates are kept in: node_modules/.cache, which a fresh install starts without. */
function templatesRoot(): string {
  // {node_modules}/@electric-sql/pglite -> {node_modules}/.cache/...
  return join(dirname(dirname(pglitePackage().dir)), '.cache', 'tulpar-pglite-cluster')
}

/** Where this checkout keeps the template of this PGlite version with these migrations applied. */
export function clusterTemplateDir(migrationsDir = DEFAULT_MIGRATIONS_DIR): string {
  return join(templatesRoot(), `${pglitePackage().version}-${migrationsDigest(migrationsDir)}`)
}

/**
 * Makes the template in `dir` (initdb, then the migrations of `migrationsDir`) unless it is there. Made beside it
 * and renamed into place, so a template that exists is whole, and builds running at once do not see each other's
 * half. Answers whether it made one.
 */
export async function makeClusterTemplate(
  dir = clusterTemplateDir(),
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
): Promise<boolean> {
  if (existsSync(join(dir, 'PG_VERSION'))) return false
  const parent = dirname(dir)
  mkdirSync(parent, { recursive: true })
  const making = join(parent, `.making-${process.pid}`)
  rmSync(making, { recursive: true, force: true })
  try {
    // Loaded here: the build's call that finds the template made loads nothing of PGlite's.
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ])
    const pg = await PGlite.create(making)
    try {
      await migrate(drizzle(pg), { migrationsFolder: migrationsDir })
    } finally {
      await pg.close()
    }
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
export function copyClusterTemplate(pgDir: string, template: string): boolean {
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

/**
 * Removes the templates beside `dir` (another PGlite version's, or made with migrations since changed), which no
 * start of this checkout would copy again. Answers how many.
 */
export function removeOtherTemplates(dir: string): number {
  const root = dirname(dir)
  let removed = 0
  for (const name of existsSync(root) ? readdirSync(root) : []) {
    const path = join(root, name)
    // Half-made ones (`.making-{pid}`) belong to a build that may still run, and remove themselves.
    if (path === dir || name.startsWith('.making-')) continue
    rmSync(path, { recursive: true, force: true })
    removed++
  }
  return removed
}

// `node apps/api/src/db/cluster-template.ts`: run by `npm run build`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  const dir = clusterTemplateDir()
  makeClusterTemplate(dir).then(
    (made) => {
      const removed = made ? removeOtherTemplates(dir) : 0
      process.stdout.write(
        made
          ? `Embedded database template made in ${Math.round(performance.now() - started)} ms: ${dir}` +
              `${removed > 0 ? ` (${removed} older removed)` : ''}\n`
          : `Embedded database template: ${dir}\n`,
      )
    },
    // Not a failed build: without a template the embedded database runs initdb itself on a new folder.
    (error: unknown) =>
      process.stderr.write(
        `Embedded database template not made (${error instanceof Error ? error.message : String(error)})\n`,
      ),
  )
}

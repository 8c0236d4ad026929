import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'

/*
 * What names the code that renders pages, for the pages shared in Redis (shared-page-store.server.ts): a deploy
 * must never answer with the previous code's pages. The production server runs the web's server build and, from
 * source, the API, the contracts and the web's own server files, on the dependencies of the lock file; a digest of
 * all of them changes with any change to any of them (a comment too: a release then starts with an empty shared
 * store, as every process starts with an empty memory).
 */

/** The files and folders, from the repository's root, whose contents make up the server's code. */
const SERVER_CODE = [
  'apps/web/build/server',
  'apps/web/app',
  'apps/web/*.ts',
  'apps/api/src',
  'packages/contracts/src',
  'package-lock.json',
] as const

const SKIPPED = /(?:\.test\.tsx?|\.spec\.tsx?)$/

/** The files under `path` (a file, a folder, or `folder/*.ext`: that folder's own files), from `root`, sorted. */
async function filesOf(root: string, path: string): Promise<string[]> {
  const star = path.lastIndexOf('/*')
  if (star >= 0) {
    const folder = join(root, path.slice(0, star))
    const ending = path.slice(star + 2)
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
    return entries.filter((e) => e.isFile() && e.name.endsWith(ending)).map((e) => join(folder, e.name))
  }
  const full = join(root, path)
  const info = await stat(full).catch(() => null)
  if (!info) return []
  if (info.isFile()) return [full]
  const entries = await readdir(full, { withFileTypes: true, recursive: true })
  return entries
    .filter((e) => e.isFile() && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name))
}

/**
 * A short digest of the paths' files (their names and bytes; tests left out) under `root`. A path that does not
 * exist counts as empty, so a server without its build still gets an identity (and the build changes it).
 */
export async function codeIdentity(root: string, paths: readonly string[] = SERVER_CODE): Promise<string> {
  const hash = createHash('sha256')
  for (const path of paths) {
    const files = (await filesOf(root, path)).filter((file) => !SKIPPED.test(file)).sort()
    hash.update(`${path}\0`)
    for (const file of files) {
      hash.update(`${relative(root, file)}\0`)
      hash.update(await readFile(file))
      hash.update('\0')
    }
  }
  return hash.digest('base64url').slice(0, 16)
}

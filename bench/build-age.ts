import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A source file newer than the web build (the files scripts/lib/env.sh's ensure_build looks at), or null: with
 * `--skip-build` the server runs the build as it is, and a source changed since is not measured.
 */
export function staleBuild(): string | null {
  const root = new URL('..', import.meta.url).pathname
  let built: number
  try {
    built = statSync(join(root, 'apps/web/build/server/index.js')).mtimeMs
  } catch {
    return 'apps/web/build (missing)'
  }
  for (const dir of ['apps/web/app', 'packages', 'apps/api/src/modules/media']) {
    for (const file of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!file.isFile() || file.parentPath.includes('node_modules')) continue
      const path = join(file.parentPath, file.name)
      if (statSync(path).mtimeMs > built) return path.slice(root.length)
    }
  }
  return null
}

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A source file newer than the web build (its inputs, apps/web/build-inputs.txt, as scripts/lib/env.sh's ensure_build
 * reads them), or null: with `--skip-build` the server runs the build as it is, and a source changed since is not
 * measured.
 */
export function staleBuild(): string | null {
  const root = new URL('..', import.meta.url).pathname
  let built: number
  try {
    built = statSync(join(root, 'apps/web/build/server/index.js')).mtimeMs
  } catch {
    return 'apps/web/build (missing)'
  }
  const inputs = readFileSync(join(root, 'apps/web/build-inputs.txt'), 'utf8').split('\n').filter(Boolean)
  for (const input of inputs) {
    const at = join(root, input)
    const stat = statSync(at)
    if (stat.isFile()) {
      if (stat.mtimeMs > built) return input
      continue
    }
    for (const file of readdirSync(at, { recursive: true, withFileTypes: true })) {
      if (!file.isFile() || file.parentPath.includes('node_modules')) continue
      const path = join(file.parentPath, file.name)
      if (statSync(path).mtimeMs > built) return path.slice(root.length)
    }
  }
  return null
}

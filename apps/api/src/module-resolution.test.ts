import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { resolveWithinPackages } from './module-resolution.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const drizzleFile = new URL('../../../node_modules/drizzle-orm/pg-core/table.js', import.meta.url).href

/** What Node answers for every import of the app's API and the database preparation, with or without the hook. */
function resolutions(withHook: boolean): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'tulpar-resolution-'))
  const out = join(dir, 'resolutions.json')
  // Registered after the hook under test, so it runs first and records what the whole chain answered.
  const recorder = `
    import { registerHooks } from 'node:module'
    import { writeFileSync } from 'node:fs'
    const seen = {}
    registerHooks({ resolve(specifier, context, next) {
      const result = next(specifier, context)
      seen[(context.parentURL ?? '') + ' ' + specifier] = result.url + ' ' + (result.format ?? '')
      return result
    } })
    process.on('exit', () => writeFileSync(${JSON.stringify(out)}, JSON.stringify(seen)))`
  try {
    execFileSync(
      process.execPath,
      [
        ...(withHook ? ['--import', join(here, 'resolve-hooks.ts')] : []),
        '--import',
        `data:text/javascript,${encodeURIComponent(recorder)}`,
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(join(here, 'index.ts'))}); await import(${JSON.stringify(join(here, 'db/prepare.ts'))})`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    )
    return JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('module resolution without re-reading package.json for every file', () => {
  test("answers exactly what Node's own resolution answers, for every import of the API", () => {
    const node = resolutions(false)
    const hooked = resolutions(true)
    // The API's whole graph: drizzle-orm, kysely, better-auth, zod, fastify, pg-boss and the rest.
    expect(Object.keys(node).length).toBeGreaterThan(3000)
    expect(hooked).toEqual(node)
  }, 60_000)

  const fallback = (specifier: string) => ({ url: `next:${specifier}`, format: 'next' })

  test('answers a relative .js import between files of an ES module package itself', () => {
    expect(
      resolveWithinPackages(
        './columns/common.js',
        { parentURL: drizzleFile, conditions: [], importAttributes: {} },
        fallback,
      ),
    ).toEqual({
      url: new URL('./columns/common.js', drizzleFile).href,
      format: 'module',
      shortCircuit: true,
    })
  })

  test.each([
    ['a bare name (exports)', 'drizzle-orm/pg-core', drizzleFile],
    ['a file that is not there (Node reports it)', './no-such-file.js', drizzleFile],
    ['our own files', './client.ts', new URL('./db/prepare.ts', import.meta.url).href],
    ['a query string', './columns/common.js?x=1', drizzleFile],
    [
      'a CommonJS package (Node may detect the syntax)',
      './index.js',
      new URL('../../../node_modules/pg/lib/client.js', import.meta.url).href,
    ],
  ])('leaves %s to Node', (_, specifier, parentURL) => {
    expect(resolveWithinPackages(specifier, { parentURL, conditions: [], importAttributes: {} }, fallback)).toEqual(
      fallback(specifier),
    )
  })
})

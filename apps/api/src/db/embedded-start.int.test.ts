import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { MIGRATIONS, testDriver } from '../testing/test-db.ts'
import { openDatabase } from './client.ts'
import { prepareInChild, startEmbeddedDatabase } from './embedded-start.ts'
import { pgliteClient } from './seed/demo/copy.ts'
import type { SeedStep } from './seed/demo/index.ts'

// The embedded start is PGlite's own: the PostgreSQL run of the suite skips it.
describe.skipIf(testDriver() === 'postgres')('the embedded database is prepared in a child process', () => {
  test('a first start on an empty folder is migrated and seeded there, then opens ready in this process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-start-'))
    try {
      const lines: string[] = []
      const steps: SeedStep[] = []
      const log = {
        info: (objOrMsg: object | string, msg?: string) =>
          lines.push(typeof objOrMsg === 'string' ? objOrMsg : (msg ?? '')),
        warn: (_: object, msg: string) => lines.push(msg),
      }
      const start = startEmbeddedDatabase({ dataDir, migrationsDir: MIGRATIONS, seedOnEmpty: true, seedListings: 120 })
      // The same preparation for everyone who asks in this process (the preload and the server).
      expect(
        startEmbeddedDatabase({
          dataDir: '/elsewhere',
          migrationsDir: MIGRATIONS,
          seedOnEmpty: false,
          seedListings: 0,
        }),
      ).toBe(start)
      const wasmModule = await start.ready({ log, onSeedProgress: (_, step) => steps.push(step) })
      expect(wasmModule).toBeInstanceOf(WebAssembly.Module)
      expect(lines).toEqual(expect.arrayContaining(['database opened', 'migrations applied', 'demo data ready']))
      expect(steps.filter((s) => s.stage === 'listings').at(-1)).toMatchObject({ done: 120, total: 120 })
      expect(steps.some((s) => s.stage === 'indexes' && s.done === s.total && s.total > 10)).toBe(true)

      // The child closed the database and gave the lock back: this process opens it, with the module it compiled meanwhile.
      const database = await openDatabase({ url: null, dataDir, wasmModule })
      try {
        const { rows } = await pgliteClient(database).query<{ n: number; indexes: number }>(
          `select (select count(*)::int from listings) as n,
                  (select count(*)::int from pg_indexes where tablename = 'listings') as indexes`,
        )
        expect(rows[0]?.n).toBe(120)
        expect(rows[0]?.indexes).toBeGreaterThan(10)
      } finally {
        await database.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)

  test("a preparation that fails rejects with the child's error, and leaves the lock free", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-start-'))
    try {
      const start = prepareInChild({
        dataDir,
        migrationsDir: join(dataDir, 'no-migrations'),
        seedOnEmpty: false,
        seedListings: 0,
      })
      const quiet = { info() {}, warn() {} }
      await expect(start.ready({ log: quiet })).rejects.toThrow(/no-migrations|meta\/_journal/)
      const database = await openDatabase({ url: null, dataDir })
      await database.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)

  test('a child killed before it is done rejects the start, and its lock is taken over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-start-'))
    try {
      const start = prepareInChild({ dataDir, migrationsDir: MIGRATIONS, seedOnEmpty: true, seedListings: 2_000 })
      const lines: string[] = []
      const log = { info: (_: object | string, msg?: string) => lines.push(msg ?? ''), warn() {} }
      const ready = start.ready({ log, onSeedProgress: () => {} })
      // Killed once it holds the folder (its first word is the database opened).
      await expect.poll(() => lines.includes('database opened'), { timeout: 60_000, interval: 50 }).toBe(true)
      expect(start.pid).toBeTypeOf('number')
      process.kill(start.pid as number, 'SIGKILL')
      await expect(ready).rejects.toThrow(/preparation ended \(SIGKILL\) before it was done/)
      const database = await openDatabase({ url: null, dataDir })
      await database.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})

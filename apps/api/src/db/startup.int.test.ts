import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { createTestDatabase, testDriver, withDatabaseName } from '../testing/test-db.ts'
import { warnWithoutAutovacuum } from './prepare.ts'

const WORKER = new URL('../testing/startup-worker.ts', import.meta.url).pathname

function startProcess(url: string) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [WORKER, url], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('exit', (code) => resolve({ code, stderr }))
  })
}

// A PostgreSQL server is what several processes share; the PGlite run of this suite has none (CI runs both).
describe.skipIf(testDriver() !== 'postgres')('several processes starting on one new database', () => {
  test('three processes started at once all start; migrations and reference data are applied once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string
    const name = `tulpar_startup_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    try {
      const url = withDatabaseName(adminUrl, name)
      const results = await Promise.all([startProcess(url), startProcess(url), startProcess(url)])
      for (const r of results) expect(r.code, r.stderr).toBe(0)
      const db = new pg.Client({ connectionString: url })
      await db.connect()
      try {
        const cities = await db.query('select count(*)::int as n from cities')
        expect(cities.rows[0].n).toBe(25)
        const brands = await db.query('select count(*)::int as n, count(distinct slug)::int as d from brands')
        expect(brands.rows[0].n).toBe(brands.rows[0].d)
        const migrations = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations')
        const journal = await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } })
        expect(migrations.rows[0].n).toBe(journal.default.entries.length)
      } finally {
        await db.end()
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }, 120_000)
})

describe("PostgreSQL's autovacuum", () => {
  test('start-up warns when the server has it off, and only then (PGlite is not asked)', async () => {
    const database = await createTestDatabase()
    try {
      const warned: string[] = []
      const log = { info() {}, warn: (_obj: object, msg?: string) => void warned.push(msg ?? '') }
      const said = await warnWithoutAutovacuum(database, log)
      const off =
        database.pool !== null &&
        (await database.pool.query<{ v: string }>(`select current_setting('autovacuum') as v`)).rows[0]?.v === 'off'
      // This machine's image has it off (CI's did on 2026-11-27): the warning is what the log shows then.
      expect(said).toBe(off)
      expect(warned).toHaveLength(off ? 1 : 0)
      if (off) expect(warned[0]).toContain('autovacuum is off')
    } finally {
      await database.dispose()
    }
  })
})

import { createHash, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { type Database, openDatabase } from '../db/client.ts'

export const MIGRATIONS = new URL('../../drizzle', import.meta.url).pathname
/**
 * Names the template after the checkout and the run (global-setup's process, TULPAR_TEST_RUN, which the test workers
 * inherit), so two runs never share or drop each other's: other checkouts (worktrees, a CI clone), nor two people
 * running tests in one checkout at once (one run's teardown used to drop the template the other was cloning).
 */
const CHECKOUT = createHash('sha256').update(MIGRATIONS).digest('hex').slice(0, 10)
export const TEMPLATE_PREFIX = {
  file: `/tmp/tulpar-test-template-${CHECKOUT}-`,
  db: `tulpar_test_template_${CHECKOUT}_`,
}
export function templateOf(run = process.env.TULPAR_TEST_RUN) {
  if (!run || !/^\d+$/.test(run)) throw new Error('TULPAR_TEST_RUN is not set: run the integration tests with vitest')
  /** Written by global-setup: a migrated PGlite database with reference data, cloned by every test file. */
  return { file: `${TEMPLATE_PREFIX.file}${run}.tar.gz`, db: `${TEMPLATE_PREFIX.db}${run}` }
}

/** Which database the integration tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export function testDriver(): 'postgres' | 'pglite' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this file's database; null on PGlite. */
  url: string | null
  /** Closes the connection and drops the per-file database. */
  dispose(): Promise<void>
}

/**
 * A fresh database for one test file, already migrated and holding the reference data: a clone of the
 * template that global-setup made (PGlite dump, or `CREATE DATABASE ... TEMPLATE` on PostgreSQL).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    const dump = new Blob([readFileSync(templateOf().file)])
    const database = await openDatabase({ url: null, dataDir: null, loadDataDir: dump })
    return { ...database, url: null, dispose: () => database.close() }
  }
  const name = `tulpar_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${templateOf().db}`)
  } finally {
    await admin.end()
  }
  const url = withDatabaseName(adminUrl, name)
  const database = await openDatabase({ url, poolSize: 4 })
  return {
    ...database,
    url,
    dispose: async () => {
      await database.close()
      const drop = new pg.Client({ connectionString: adminUrl })
      await drop.connect()
      await drop.query(`drop database if exists ${name} with (force)`)
      await drop.end()
    },
  }
}

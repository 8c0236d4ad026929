import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDriver } from '../testing/test-db.ts'
import { openDatabase } from './client.ts'
import {
  clusterTemplateDir,
  copyClusterTemplate,
  DEFAULT_MIGRATIONS_DIR,
  makeClusterTemplate,
  migrationsDigest,
  removeOtherTemplates,
} from './cluster-template.ts'
import { pgliteClient } from './seed/demo/copy.ts'

/** Every file under `dir` with its size and modification time: what a copy must leave as it was. */
function listing(dir: string): string[] {
  const out: string[] = []
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else {
        const stat = statSync(path)
        out.push(`${relative(dir, path)} ${stat.size} ${stat.mtimeMs}`)
      }
    }
  }
  walk(dir)
  return out.sort()
}

/**
 * Opens the folder: whether it has our table, and the cluster's system identifier, which initdb draws anew and a
 * copy keeps from its template.
 */
async function inspect(
  dataDir: string,
  template: string | null,
): Promise<{ kept: number; system: string; newCluster?: 'template' | 'initdb' }> {
  const database = await openDatabase({ url: null, dataDir, clusterTemplate: template })
  try {
    const { rows } = await pgliteClient(database).query<{ kept: number; system: string }>(
      `select (select count(*)::int from pg_tables where tablename = 'kept') as kept,
              (select system_identifier::text from pg_control_system()) as system`,
    )
    if (!rows[0]) throw new Error('no answer')
    return { ...rows[0], ...(database.newCluster && { newCluster: database.newCluster }) }
  } finally {
    await database.close()
  }
}

// The embedded database's own: the PostgreSQL run of the suite skips it.
describe.skipIf(testDriver() === 'postgres')('the migrated cluster a new embedded data folder is copied from', () => {
  const root = mkdtempSync(join(tmpdir(), 'tulpar-cluster-template-'))
  const template = join(root, 'cache', '0.0.0')

  beforeAll(async () => {
    expect(await makeClusterTemplate(template)).toBe(true)
  }, 120_000)
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  test('is made once, whole, with nothing left beside it', async () => {
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true)
    expect(existsSync(join(template, 'postmaster.pid'))).toBe(false)
    const before = listing(template)
    expect(await makeClusterTemplate(template)).toBe(false)
    expect(listing(template)).toEqual(before)
    expect(readdirSync(join(root, 'cache'))).toEqual(['0.0.0'])
  })

  test('a new folder opens as a copy, which changes neither the template nor the next copy', async () => {
    const before = listing(template)
    const first = join(root, 'first')
    const database = await openDatabase({ url: null, dataDir: first, clusterTemplate: template })
    expect(database.newCluster).toBe('template')
    try {
      await pgliteClient(database).exec("create table kept (note text); insert into kept values ('mine')")
    } finally {
      await database.close()
    }
    expect(listing(template)).toEqual(before)
    // A folder with a cluster is opened as it is, never copied over.
    const reopened = await inspect(first, template)
    expect(reopened.kept).toBe(1)
    expect(reopened.newCluster).toBeUndefined()
    const second = await inspect(join(root, 'second'), template)
    expect(second).toEqual({ kept: 0, system: reopened.system, newCluster: 'template' })
    // initdb would have drawn another identifier: both are copies.
    expect((await inspect(join(root, 'initdb'), null)).system).not.toBe(reopened.system)
    expect(readdirSync(root).filter((name) => name.includes('.copy-'))).toEqual([])
  }, 120_000)

  test('half a copy left by a stopped start is thrown away and the folder gets a whole one', async () => {
    const dataDir = join(root, 'stopped')
    mkdirSync(join(dataDir, 'pg.copy-999999', 'base'), { recursive: true })
    writeFileSync(join(dataDir, 'pg.copy-999999', 'PG_VERSION'), '17\n')
    expect((await inspect(dataDir, template)).kept).toBe(0)
    expect(readdirSync(dataDir).sort()).toEqual(['pg'])
    expect(listing(join(dataDir, 'pg')).length).toBeGreaterThan(500)
  }, 120_000)

  test('copies nothing over a folder that exists, or from a template that is not there', () => {
    const existing = join(root, 'existing', 'pg')
    mkdirSync(existing, { recursive: true })
    expect(copyClusterTemplate(existing, template)).toBe(false)
    expect(readdirSync(existing)).toEqual([])
    expect(copyClusterTemplate(join(root, 'nothing', 'pg'), join(root, 'no-template'))).toBe(false)
    expect(existsSync(join(root, 'nothing', 'pg'))).toBe(false)
  })

  test('without a template PGlite makes the cluster itself (initdb)', async () => {
    const copied = await inspect(join(root, 'copied'), template)
    const made = await inspect(join(root, 'made'), join(root, 'no-template'))
    expect(made.kept).toBe(0)
    expect(made.newCluster).toBe('initdb')
    expect(made.system).not.toBe(copied.system)
    expect(existsSync(join(root, 'made', 'pg', 'PG_VERSION'))).toBe(true)
  }, 120_000)

  test('a copy has every committed migration applied, so the first start applies none', async () => {
    const database = await openDatabase({ url: null, dataDir: join(root, 'migrated'), clusterTemplate: template })
    try {
      const client = pgliteClient(database)
      const applied = async () =>
        (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n
      const journal = JSON.parse(readFileSync(join(DEFAULT_MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[]
      }
      expect(await applied()).toBe(journal.entries.length)
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'listings'",
      )
      expect(rows[0]?.n).toBe(1)
      await database.migrate(DEFAULT_MIGRATIONS_DIR)
      expect(await applied()).toBe(journal.entries.length)
      // Schema only: no reference data, no demo data.
      expect((await client.query<{ n: number }>('select count(*)::int as n from cities')).rows[0]?.n).toBe(0)
    } finally {
      await database.close()
    }
  }, 120_000)

  test('changed migrations name another template, and a start with them is not copied from this one', async () => {
    const changed = join(root, 'changed-migrations')
    cpSync(DEFAULT_MIGRATIONS_DIR, changed, { recursive: true })
    expect(migrationsDigest(changed)).toBe(migrationsDigest(DEFAULT_MIGRATIONS_DIR))
    expect(clusterTemplateDir(changed)).toBe(clusterTemplateDir())
    writeFileSync(join(changed, '9999_later.sql'), 'create table later (id int);\n')
    expect(migrationsDigest(changed)).not.toBe(migrationsDigest(DEFAULT_MIGRATIONS_DIR))
    expect(clusterTemplateDir(changed)).not.toBe(clusterTemplateDir())
    // The build made none for them: initdb, whatever the default template holds.
    const database = await openDatabase({ url: null, dataDir: join(root, 'other-migrations'), migrationsDir: changed })
    expect(database.newCluster).toBe('initdb')
    await database.close()
  }, 120_000)

  test('a new template removes the older ones beside it but not one still being made', () => {
    const cache = join(root, 'cache-many')
    for (const name of ['0.5.15-aaaaaaaaaaaa', '0.5.16', '0.5.16-bbbbbbbbbbbb', '.making-4242'])
      mkdirSync(join(cache, name, 'base'), { recursive: true })
    expect(removeOtherTemplates(join(cache, '0.5.16-bbbbbbbbbbbb'))).toBe(2)
    expect(readdirSync(cache).sort()).toEqual(['.making-4242', '0.5.16-bbbbbbbbbbbb'])
  })

  test("the build's template is kept per PGlite version and migrations in node_modules/.cache", () => {
    expect(clusterTemplateDir()).toMatch(/node_modules\/\.cache\/tulpar-pglite-cluster\/\d+\.\d+\.\d+-[0-9a-f]{12}$/)
  })
})

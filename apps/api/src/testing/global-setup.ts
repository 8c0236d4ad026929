import { readdirSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import pg from 'pg'
import { openDatabase } from '../db/client.ts'
import { seedReference } from '../db/seed/seed-reference.ts'
import { installJobQueues } from '../modules/jobs/index.ts'
import { MIGRATIONS, TEMPLATE_PREFIX, templateOf, withDatabaseName } from './test-db.ts'

/**
 * Builds the migrated, reference-seeded template that every integration test file clones. It is this run's own
 * (named by this process, which the test workers learn from TULPAR_TEST_RUN), removed at the end; templates left by
 * runs whose process is gone (killed before their teardown) are removed first.
 */
export default async function setup() {
  const run = String(process.pid)
  process.env.TULPAR_TEST_RUN = run
  const template = templateOf(run)
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    removeLeftFiles()
    const database = await openDatabase({ url: null, dataDir: null })
    await database.migrate(MIGRATIONS)
    await installJobQueues(database, null)
    await seedReference(database.db)
    // Uncompressed: every file loads it, and skipping the gunzip saves about 0.4 s of CPU per file (tens of MB
    // in /tmp, removed at the end).
    const dump = await database.pglite?.dumpDataDir('none')
    if (!dump) throw new Error('PGlite did not dump its data folder')
    writeFileSync(template.file, Buffer.from(await dump.arrayBuffer()))
    await database.close()
    return () => rmSync(template.file, { force: true })
  }
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1)',
    [TEMPLATE_PREFIX.db],
  )
  for (const { datname } of rows) {
    if (!runIsGone(datname.slice(TEMPLATE_PREFIX.db.length))) continue
    await admin.query(`drop database if exists ${datname} with (force)`)
  }
  await admin.query(`create database ${template.db}`)
  const templateUrl = withDatabaseName(adminUrl, template.db)
  const database = await openDatabase({ url: templateUrl, poolSize: 2 })
  await database.migrate(MIGRATIONS)
  await installJobQueues(database, templateUrl)
  await seedReference(database.db)
  await database.close()
  await admin.end()
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${template.db} with (force)`)
    await cleanup.end()
  }
}

/** Whether the run named `run` (its global-setup's process id) has ended. */
function runIsGone(run: string): boolean {
  if (!/^\d+$/.test(run)) return false
  try {
    process.kill(Number(run), 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

function removeLeftFiles() {
  const dir = dirname(TEMPLATE_PREFIX.file)
  const prefix = basename(TEMPLATE_PREFIX.file)
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || !name.endsWith('.tar.gz')) continue
    if (runIsGone(name.slice(prefix.length, -'.tar.gz'.length))) rmSync(`${dir}/${name}`, { force: true })
  }
}

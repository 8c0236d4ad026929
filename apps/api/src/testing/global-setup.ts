import { writeFileSync } from 'node:fs'
import pg from 'pg'
import { openDatabase } from '../db/client.ts'
import { seedReference } from '../db/seed/seed-reference.ts'
import { installJobQueues } from '../modules/jobs/index.ts'
import { MIGRATIONS, PG_TEMPLATE_DB, PGLITE_TEMPLATE_FILE, withDatabaseName } from './test-db.ts'

/** Builds the migrated, reference-seeded template that every integration test file clones. */
export default async function setup() {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    const database = await openDatabase({ url: null, dataDir: null })
    await database.migrate(MIGRATIONS)
    await installJobQueues(database, null)
    await seedReference(database.db)
    const dump = await database.pglite?.dumpDataDir('gzip')
    if (!dump) throw new Error('PGlite did not dump its data folder')
    writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()))
    await database.close()
    return
  }
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`)
  await admin.query(`create database ${PG_TEMPLATE_DB}`)
  const templateUrl = withDatabaseName(adminUrl, PG_TEMPLATE_DB)
  const database = await openDatabase({ url: templateUrl, poolSize: 2 })
  await database.migrate(MIGRATIONS)
  await installJobQueues(database, templateUrl)
  await seedReference(database.db)
  await database.close()
  await admin.end()
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`)
    await cleanup.end()
  }
}

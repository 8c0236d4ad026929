import { openDatabase } from '../db/client.ts'
import { prepareDatabase } from '../db/prepare.ts'
import { MIGRATIONS } from './test-db.ts'

/* One process's start-up work on the database named by the first argument (startup.int.test.ts runs three). */
const url = process.argv[2]
if (!url) throw new Error('usage: startup-worker.ts <database url>')
const database = await openDatabase({ url, poolSize: 3 })
const quiet = { info() {}, warn() {}, error() {} }
try {
  await prepareDatabase(
    database,
    { migrationsDir: MIGRATIONS, seedOnEmpty: false, seedListings: 0, databaseUrl: url },
    quiet,
  )
} finally {
  await database.close()
}

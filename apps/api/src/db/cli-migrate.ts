import { loadConfig } from '../config.ts'
import { openConfiguredDatabase } from './client.ts'

/* `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
const config = loadConfig()
const database = await openConfiguredDatabase(config)
const started = performance.now()
await database.withStartupLock(() => database.migrate(config.migrationsDir))
await database.close()
console.log(`migrations applied to ${database.kind} in ${Math.round(performance.now() - started)} ms`)

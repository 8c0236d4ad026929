import { count } from 'drizzle-orm'
import type { Config } from '../config.ts'
import { installJobQueues } from '../modules/jobs/index.ts'
import { autovacuumOn } from './autovacuum.ts'
import type { Database } from './client.ts'
import { listings } from './schema.ts'
import { restorePendingIndexes, type SeedStep, seedDemo } from './seed/demo/index.ts'
import { seedReference } from './seed/seed-reference.ts'

export interface PrepareLog {
  info(obj: object, msg: string): void
  info(msg: string): void
  warn(obj: object, msg: string): void
}

export type PrepareConfig = Pick<Config, 'migrationsDir' | 'seedOnEmpty' | 'seedListings' | 'databaseUrl'>

/** How long a start-up phase took and the resident memory after it, for its log line. */
export const phaseDone = (started: number) => ({
  ms: Math.round(performance.now() - started),
  rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
})

/**
 * Says in the log when PostgreSQL's autovacuum is off (some images turn it off): the job queue's and the listings'
 * dead rows then pile up and slow every query (2026-11-27: PostgreSQL's CPU per request 0.71 -> 2.46 ms after ten
 * minutes of market traffic). Answers whether it warned. PGlite vacuums nothing on its own and is not asked.
 */
export async function warnWithoutAutovacuum(database: Database, log: PrepareLog): Promise<boolean> {
  if (!database.pool) return false
  if (await autovacuumOn(database.pool)) return false
  log.warn(
    { autovacuum: 'off' },
    "PostgreSQL's autovacuum is off: the job queue's and the listings' dead rows will pile up and slow every query " +
      '(docs/operations.md, "Autovacuum stays on")',
  )
  return true
}

/**
 * Migrations, reference data and (when asked and the database is empty) demo listings, under the start-up lock:
 * processes starting together on a new database take turns, since migrations and the check-then-insert seeding
 * are not safe side by side. Each phase logs its time and the resident memory after it (bench/startup.ts reads
 * them); `onSeedProgress` gets the demo seed's steps (a progress bar), else they are logged.
 */
export async function prepareDatabase(
  database: Database,
  config: PrepareConfig,
  log: PrepareLog,
  onSeedProgress?: (message: string, step: SeedStep) => void,
): Promise<void> {
  await database.withStartupLock(async () => {
    let phase = performance.now()
    await database.migrate(config.migrationsDir)
    log.info(phaseDone(phase), 'migrations applied')
    await warnWithoutAutovacuum(database, log)
    const restored = await restorePendingIndexes(database)
    if (restored > 0)
      log.warn(
        { indexes: restored },
        'the last demo data load was stopped half-way: its indexes are made again, but the demo data may be ' +
          'incomplete (stop the server and delete the data folder to load it again)',
      )
    phase = performance.now()
    await installJobQueues(database, config.databaseUrl)
    log.info(phaseDone(phase), 'job queues ready')
    phase = performance.now()
    const reference = await seedReference(database.db)
    if (reference.inserted) log.info(phaseDone(phase), 'reference data loaded')
    if (config.seedOnEmpty && config.seedListings > 0) {
      const [row] = await database.db.select({ n: count() }).from(listings)
      if ((row?.n ?? 0) === 0) {
        log.info({ listings: config.seedListings }, 'seeding demo listings (first start)')
        // Illustrations are drawn on first request (modules/media/media.routes.ts), so the first start
        // does not spend minutes drawing all of them; `npm run db:seed` can pre-render them instead.
        const result = await seedDemo(database, {
          listings: config.seedListings,
          media: null,
          onProgress: onSeedProgress ?? ((message) => log.info(message)),
        })
        log.info({ ...result, rssMb: phaseDone(0).rssMb }, 'demo data ready')
      }
    }
  })
}

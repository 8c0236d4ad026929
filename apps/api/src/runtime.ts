import { count } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import { type Database, openDatabase } from './db/client.ts'
import { listings } from './db/schema.ts'
import { restorePendingIndexes, seedDemo } from './db/seed/demo/index.ts'
import { seedReference } from './db/seed/seed-reference.ts'
import { createRateLimiter, type RateLimiter } from './lib/rate-limit.ts'
import { createDelivery } from './modules/delivery/index.ts'
import { ensureDemoStaff } from './modules/identity/demo-staff.ts'
import { createJobQueue, installJobQueues, type JobQueue } from './modules/jobs/index.ts'
import { createMediaStorage, startMediaSweep } from './modules/media/index.ts'
import { createServices, type Services } from './services.ts'
import { registerJobHandlers } from './workers.ts'

export interface Runtime {
  database: Database
  services: Services
  limiter: RateLimiter
  jobs: JobQueue
  close(): Promise<void>
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>

/**
 * Opens the database, applies migrations, loads reference data, seeds demo listings when the database
 * has none (embedded default) and wires the services. One per process.
 */
export async function startRuntime(config: Config, log: Log): Promise<Runtime> {
  const opening = performance.now()
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  log.info({ kind: database.kind, ...phaseDone(opening) }, 'database opened')
  try {
    await prepareDatabase(database, config, log)
  } catch (error) {
    await database.close()
    throw error
  }
  const delivery = createDelivery(config, database.db)
  const limiter = createRateLimiter(config.redisUrl, {
    onOutage: (error) => log.error({ err: error }, 'redis does not answer: rate limits count in this process'),
    onRecovery: () => log.warn('redis answers again: rate limits are shared again'),
  })
  const media = createMediaStorage(config)
  const jobs = createJobQueue(database, config.databaseUrl, log)
  const services = createServices({ db: database.db, config, delivery, media, limiter, jobs })
  registerJobHandlers(jobs, services, config, log)
  await services.messageHub.listen(database, log)
  await jobs.start({ workers: config.jobWorkers, concurrency: config.jobConcurrency })
  // A database that was never valued (or went stale while no process ran) is refreshed soon after start.
  if (config.valuationRefreshMinutes > 0)
    await jobs.send('estimate-refresh', {}, { startAfter: new Date(Date.now() + 15_000), singletonKey: 'on-start' })
  // The embedded demo's own database gets a moderator and an admin on its first start (printed once).
  if (!config.databaseUrl && config.seedOnEmpty) {
    await ensureDemoStaff({ db: database.db, auth: services.auth }, config.dataDir, log)
  }
  // Photo folders a crash left without their row (files are written before the row) are removed later.
  const stopMediaSweep = startMediaSweep(
    media,
    [
      { prefix: 'listings/', owned: services.listings.ownedPhotoKeys },
      { prefix: 'profiles/', owned: services.profiles.ownedPhotoKeys },
    ],
    log,
  )
  return {
    database,
    services,
    limiter,
    jobs,
    close: async () => {
      stopMediaSweep()
      await services.messageHub.stop()
      await jobs.stop()
      await limiter.close()
      await database.close()
    },
  }
}

/** How long a start-up phase took and the resident memory after it, for its log line. */
const phaseDone = (started: number) => ({
  ms: Math.round(performance.now() - started),
  rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
})

/**
 * Migrations, reference data and (when asked and the database is empty) demo listings, under the start-up lock:
 * processes starting together on a new database take turns, since migrations and the check-then-insert seeding
 * are not safe side by side.
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'migrationsDir' | 'seedOnEmpty' | 'seedListings' | 'databaseUrl'>,
  log: Log,
): Promise<void> {
  await database.withStartupLock(async () => {
    // Each phase logs its time: the first start of the embedded demo is measured by them (bench/startup.ts).
    let phase = performance.now()
    await database.migrate(config.migrationsDir)
    log.info(phaseDone(phase), 'migrations applied')
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
          onProgress: (message) => log.info(message),
        })
        log.info(result, 'demo data ready')
      }
    }
  })
}

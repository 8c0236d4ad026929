import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import { type Database, openDatabase } from './db/client.ts'
import { startEmbeddedDatabase } from './db/embedded-start.ts'
import { phaseDone, prepareDatabase } from './db/prepare.ts'
import { openReadReplica, type ReadReplica } from './db/replica.ts'
import { createRateLimiter, type RateLimiter } from './lib/rate-limit.ts'
import { createDelivery } from './modules/delivery/index.ts'
import { ensureDemoStaff } from './modules/identity/index.ts'
import { createJobQueue, type JobQueue } from './modules/jobs/index.ts'
import { createMediaStorage, startMediaSweep } from './modules/media/index.ts'
import { createServices, type Services } from './services.ts'
import { startupDisplay } from './startup-display.ts'
import { registerJobHandlers } from './workers.ts'

export interface Runtime {
  /** The primary, and the read replica when DATABASE_REPLICA_URL is set (buildApi reports it in /api/readyz). */
  database: Database & { replica: ReadReplica | null }
  services: Services
  limiter: RateLimiter
  jobs: JobQueue
  close(): Promise<void>
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'> & { level?: string }

/**
 * Opens the database, applies migrations, loads reference data, seeds demo listings when the database
 * has none (embedded default) and wires the services. One per process.
 */
export async function startRuntime(config: Config, log: Log): Promise<Runtime> {
  const primary = await openPrepared(config, log)
  // Public reads of guests' requests may go to the replica; everything else stays on the primary (decision 020).
  const replica =
    config.databaseReplicaUrl && primary.pool
      ? await openReadReplica({
          url: config.databaseReplicaUrl,
          primary: primary.pool,
          log,
          poolSize: config.databasePoolSize,
        })
      : null
  const database = { ...primary, replica }
  const delivery = createDelivery(config, database.db)
  const limiter = createRateLimiter(config.redisUrl, {
    onOutage: (error) => log.error({ err: error }, 'redis does not answer: rate limits count in this process'),
    onRecovery: () => log.warn('redis answers again: rate limits are shared again'),
  })
  const media = createMediaStorage(config)
  const jobs = createJobQueue(database, config.databaseUrl, log)
  const services = createServices({
    db: database.db,
    readDb: replica?.readDb,
    config,
    delivery,
    media,
    limiter,
    jobs,
  })
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
      { prefix: 'dealers/', owned: services.dealers.ownedLogoKeys },
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
      await replica?.close()
      await database.close()
    },
  }
}

/**
 * The database, migrated and with its reference data (and, on the embedded demo's first start, its demo data).
 * PostgreSQL is prepared here; the embedded database in a child process (db/embedded-start.ts), which the demo's
 * launcher starts before the app's modules load, and is then opened here ready.
 */
async function openPrepared(config: Config, log: Log): Promise<Database> {
  if (config.databaseUrl) {
    const opening = performance.now()
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    })
    log.info({ kind: database.kind, ...phaseDone(opening) }, 'database opened')
    try {
      await prepareDatabase(database, config, log)
    } catch (error) {
      await database.close()
      throw error
    }
    return database
  }
  const display = startupDisplay(log)
  let wasmModule: WebAssembly.Module
  try {
    wasmModule = await startEmbeddedDatabase(config).ready(display)
  } finally {
    display.end()
  }
  const opening = performance.now()
  const database = await openDatabase({
    url: null,
    dataDir: config.dataDir,
    wasmModule,
    migrationsDir: config.migrationsDir,
  })
  log.info({ kind: database.kind, ...phaseDone(opening) }, 'database handed over')
  return database
}

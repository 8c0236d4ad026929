import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApi } from '../app.ts'
import type { Config } from '../config.ts'
import { openReadReplica, type ReadReplica } from '../db/replica.ts'
import { createMemoryRateLimiter, type RateLimiter } from '../lib/rate-limit.ts'
import { createDelivery } from '../modules/delivery/index.ts'
import { createJobQueue, type JobSender } from '../modules/jobs/index.ts'
import { createLocalDiskStorage } from '../modules/media/index.ts'
import type { MetricsOptions } from '../plugins/metrics.ts'
import { createServices } from '../services.ts'
import { registerJobHandlers } from '../workers.ts'
import { createTestDatabase, type TestDatabase } from './test-db.ts'

export const TEST_PUBLIC_URL = 'http://localhost:3000'
const QUIET = { info() {}, warn() {}, error() {} }

/** The real API on a fresh test database (outbox delivery, in-memory limits); call `close()` in afterAll. */
export async function createTestApp(
  options: {
    trustedIdTokenIssuers?: { issuer: string; audience: string; jwksUrl: string }[]
    /** Proxies believed about the client address; 1 unless told (tests give each client its own address). */
    trustProxyHops?: number
    /** The local stand-in for Google and Apple sign-in (on unless told). */
    localIdentityProvider?: boolean
    /** The rate limiter (default: counters in memory), e.g. one whose Redis is down. */
    limiter?: RateLimiter
    /** Another test app's database: a second process on the same data (its `close()` leaves the database). */
    database?: TestDatabase
    /** What /.well-known says about the app (default: nothing set, both documents 404). */
    appLinks?: Config['appLinks']
    /** A read replica (PostgreSQL only): the guests' public reads go there (decision 020). */
    replica?: { url: string; backoffMs?: number; checkMs?: number }
    /** The payment provider (default: the local one), e.g. a Kaspi-compatible one at a stand-in server. */
    payments?: Config['payments']
    /** The metrics listener (plugins/metrics.ts), reading this app's job queue; none unless told. */
    metrics?: MetricsOptions
    /** FEED_FETCH_ALLOWED_HOSTS: hosts the feed fetcher may reach on a loopback address (none unless told). */
    feedFetchAllowedHosts?: string[]
    /** Routes of the test's own, added before the app is ready (e.g. a request the test holds in flight). */
    routes?: (app: Awaited<ReturnType<typeof buildApi>>) => void
  } = {},
) {
  const shared = options.database !== undefined
  const database: TestDatabase = options.database ?? (await createTestDatabase())
  const config = {
    publicUrl: TEST_PUBLIC_URL,
    mediaDir: mkdtempSync(join(tmpdir(), 'tulpar-test-media-')),
    authSecret: 'test-secret-test-secret-test-secret-1234',
    devOutbox: true,
    // Tests play the part of one proxy: X-Forwarded-For gives each simulated client its address.
    trustProxyHops: options.trustProxyHops ?? 1,
    googleClientId: null,
    appleClientId: null,
    trustedIdTokenIssuers: options.trustedIdTokenIssuers ?? [],
    localIdentityProvider: options.localIdentityProvider === false ? null : { keyFile: null },
    appLinks: options.appLinks ?? { androidCertSha256: [], appleTeamId: null },
    feedFetchAllowedHosts: options.feedFetchAllowedHosts ?? [],
    ...(options.payments !== undefined ? { payments: options.payments } : {}),
  }
  const delivery = createDelivery(
    { smtpUrl: null, mailFrom: 'Tulpar Auto <no-reply@tulpar.kz>', sms: { gateway: 'outbox' } },
    database.db,
  )
  const media = createLocalDiskStorage(config.mediaDir)
  const limiter = options.limiter ?? createMemoryRateLimiter()
  // The real queue on the test database, without workers: tests run the waiting jobs with `jobs.drain()`.
  const jobs = createJobQueue(database, database.url, QUIET)
  // Codes and reset links are read from the outbox right after the request: their jobs run as soon as they are sent.
  const inline: JobSender = {
    send: async (name, data, options) => {
      await jobs.send(name, data, options)
      if (!options?.tx && (name === 'email' || name === 'sms')) await jobs.drain([name])
    },
    sendMany: (name, items, options) => jobs.sendMany(name, items, options),
  }
  let replica: ReadReplica | null = null
  if (options.replica) {
    if (!database.pool) throw new Error('a read replica needs PostgreSQL (TEST_DATABASE_URL)')
    replica = await openReadReplica({ ...options.replica, primary: database.pool, log: QUIET, poolSize: 2 })
  }
  const services = createServices({
    db: database.db,
    readDb: replica?.readDb,
    config,
    delivery,
    media,
    limiter,
    jobs: inline,
  })
  registerJobHandlers(jobs, services, { valuationRefreshMinutes: 0 }, QUIET)
  await jobs.start({ workers: false })
  await services.messageHub.listen(database, QUIET)
  const app = await buildApi({
    config,
    database: { ...database, replica },
    services,
    limiter,
    logger: false,
    metrics: options.metrics ? { ...options.metrics, jobs } : null,
  })
  options.routes?.(app)
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    services,
    limiter,
    jobs,
    replica,
    mediaDir: config.mediaDir,
    storage: media,
    close: async () => {
      await app.close()
      await services.messageHub.stop()
      await jobs.stop()
      await limiter.close()
      await replica?.close()
      if (!shared) await database.dispose()
    },
  }
}

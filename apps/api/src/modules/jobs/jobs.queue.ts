import { type SQL, sql } from 'drizzle-orm'
import { fromDrizzle, fromPglite, type Job, type JobResult, PgBoss, type Queue } from 'pg-boss'
import { z } from 'zod'
import { type Database, type Db, SESSION_BOUNDS_OPTIONS } from '../../db/client.ts'
import { jobFailures, jobRetries } from '../../lib/metrics.ts'

const QueryResult = z.object({ rows: z.array(z.unknown()) })

import type { JobName, JobPayloads } from './jobs.types.ts'

type Log = {
  info: (o: object, m: string) => void
  error: (o: object, m: string) => void
  warn: (o: object, m: string) => void
}

/**
 * Retries with backoff for every queue: 5 s, 10 s, 20 s ... up to 10 minutes, 10 tries. A job whose process
 * dies mid-run stops sending heartbeats and is retried after `heartbeatSeconds` by any other process.
 */
const RETRIES = { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 } as const
export const QUEUES: Record<JobName, Omit<Queue, 'name'>> = {
  email: { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 120, notify: true },
  sms: { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 60, notify: true },
  push: { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 60, notify: true },
  'listing-event': { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 600, notify: true },
  'search-alerts': { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 600, notify: true },
  alert: { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 120, notify: true },
  'search-digest': { ...RETRIES, heartbeatSeconds: 60, expireInSeconds: 3600, policy: 'singleton' },
  broadcast: { ...RETRIES, heartbeatSeconds: 60, expireInSeconds: 900, notify: true },
  // Five tries (5 s to 80 s apart, about 2.5 minutes in all): the payer is watching 'being generated', and after
  // the last one the report is marked failed and the payment refunded (vehicle-checks.service.ts).
  'vehicle-report': { ...RETRIES, retryLimit: 5, heartbeatSeconds: 30, expireInSeconds: 300, notify: true },
  'payment-refund': { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 120, notify: true },
  'lead-created': { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 120, notify: true },
  'estimate-refresh': {
    retryLimit: 2,
    retryDelay: 60,
    heartbeatSeconds: 60,
    expireInSeconds: 3600,
    policy: 'singleton',
  },
  'garage-values': { retryLimit: 2, retryDelay: 60, heartbeatSeconds: 60, expireInSeconds: 1800, policy: 'singleton' },
  retention: { retryLimit: 3, retryDelay: 300, heartbeatSeconds: 60, expireInSeconds: 3600, policy: 'singleton' },
  'fresh-listings': {
    retryLimit: 3,
    retryDelay: 300,
    heartbeatSeconds: 60,
    expireInSeconds: 1800,
    policy: 'singleton',
  },
  'fresh-notice': { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 120, notify: true },
  promotions: { retryLimit: 3, retryDelay: 60, heartbeatSeconds: 60, expireInSeconds: 600, policy: 'singleton' },
  'promotion-notice': { ...RETRIES, heartbeatSeconds: 30, expireInSeconds: 120, notify: true },
  // 50 feeds of at most 30 s of fetching each, then their applies: the next hourly run takes those left.
  // Up to 20 photos of 10 s each, two at a time: under two minutes.
  'feed-photos': { ...RETRIES, retryLimit: 5, heartbeatSeconds: 60, expireInSeconds: 300, notify: true },
  'feed-fetch': { retryLimit: 2, retryDelay: 300, heartbeatSeconds: 60, expireInSeconds: 3600, policy: 'singleton' },
}

interface SendOptions {
  /** The caller's transaction: the job exists exactly when the change it is about commits. */
  tx?: Db
  startAfter?: Date
  /** One job per key while it waits (a second send with the same key is dropped). */
  singletonKey?: string
}

type JobHandler<N extends JobName> = (data: JobPayloads[N], job: { id: string; retryCount: number }) => Promise<void>

/** Puts jobs in the queue; services get only this. */
export interface JobSender {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<void>
  sendMany<N extends JobName>(name: N, items: JobPayloads[N][], options?: Pick<SendOptions, 'tx'>): Promise<void>
}

export interface JobQueue extends JobSender {
  /** Registers the handler; it runs once `start()` was called with workers on. */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void
  /** Starts sending (and, with `workers`, working the registered queues and keeping the schedules). */
  start(options: { workers: boolean; concurrency?: number }): Promise<void>
  /** Keeps a scheduled job: `cron` in UTC. Only takes effect with workers on. */
  schedule(name: JobName, cron: string): void
  /**
   * Runs every waiting job of the given queues in this process until none is left (tests and scripts); a job
   * that throws is failed and left to its retry schedule.
   */
  drain(names?: JobName[]): Promise<number>
  /** Each queue's jobs by state and its oldest due job's age, from the job table (the metrics, on each scrape). */
  stats(): Promise<QueueStats[]>
  stop(): Promise<void>
  readonly boss: PgBoss
}

interface QueueStats {
  queue: string
  /** Due and not yet taken by a worker. */
  ready: number
  /** Not due yet: sent to start later, or waiting out a retry's delay. */
  deferred: number
  active: number
  /** Out of retries (kept until pg-boss deletes them). */
  failed: number
  /** How long the oldest ready job has been due; 0 when none is. */
  oldestReadySeconds: number
}

const QueueStatsRow = z.object({
  name: z.string(),
  ready: z.coerce.number(),
  deferred: z.coerce.number(),
  active: z.coerce.number(),
  failed: z.coerce.number(),
  oldest: z.coerce.number().nullable(),
})

/** One pass over the job table's unfinished and failed jobs (completed and cancelled ones are not read). */
const QUEUE_STATS_SQL = `
  select name,
    count(*) filter (where state in ('created', 'retry') and start_after <= now()) as ready,
    count(*) filter (where state in ('created', 'retry') and start_after > now()) as deferred,
    count(*) filter (where state = 'active') as active,
    count(*) filter (where state = 'failed') as failed,
    extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8
      as oldest
  from pgboss.job
  where state in ('created', 'retry', 'active', 'failed')
  group by name`

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** pg-boss's Drizzle adapter over our transaction: it hands back queries built with the `sql` tag we give it. */
function inTransaction(tx: Db) {
  return fromDrizzle({ execute: async (query: unknown) => QueryResult.parse(await tx.execute(query as SQL)) }, sql)
}

function createBoss(database: Pick<Database, 'pglite'>, url: string | null, extra: object): PgBoss {
  if (database.pglite) return new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...extra })
  if (!url) throw new Error('the job queue needs DATABASE_URL or the embedded database')
  return new PgBoss({ connectionString: url, max: 4, application_name: 'tulpar-jobs', ...extra })
}

/**
 * Creates pg-boss's schema and our queues (idempotent; pg-boss takes its own lock). Run with the migrations,
 * before any process starts a queue: a queue's settings are read when the queue starts.
 */
export async function installJobQueues(database: Pick<Database, 'pglite'>, url: string | null): Promise<void> {
  const boss = createBoss(database, url, { supervise: false, schedule: false, migrate: true })
  await boss.start()
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name))
    for (const [name, options] of Object.entries(QUEUES)) {
      // A queue's policy is fixed at creation (pg-boss refuses to change it); the rest follows the code.
      const { policy: _fixed, ...changeable } = options
      if (existing.has(name)) await boss.updateQueue(name, changeable)
      else await boss.createQueue(name, options)
    }
  } finally {
    await boss.stop({ graceful: false, close: database.pglite === null })
  }
}

/**
 * The durable job queue on PostgreSQL (pg-boss; decision 016). Every process can send; processes with
 * workers on take jobs with `FOR UPDATE SKIP LOCKED`, so each job runs in one process at a time.
 */
export function createJobQueue(
  database: Pick<Database, 'pglite'>,
  url: string | null,
  log: Log,
  { stopGraceMs = 10_000 }: { stopGraceMs?: number } = {},
): JobQueue {
  const handlers = new Map<JobName, JobHandler<JobName>>()
  const schedules = new Map<JobName, string>()
  let boss: PgBoss | null = null
  let started: Promise<void> | null = null
  let withWorkers = false
  let stopping = false
  let stopped: Promise<void> | null = null

  function instance(): PgBoss {
    if (!boss) throw new Error('the job queue is not started')
    return boss
  }

  async function run<N extends JobName>(name: N, job: Job<JobPayloads[N]>): Promise<void> {
    const handler = handlers.get(name) as JobHandler<N> | undefined
    if (!handler) throw new Error(`no handler for ${name}`)
    await handler(job.data, { id: job.id, retryCount: job.retryCount })
  }

  return {
    get boss() {
      return instance()
    },
    handle(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>)
    },
    schedule(name, cron) {
      schedules.set(name, cron)
    },
    start({ workers, concurrency = 2 }) {
      started ??= (async () => {
        withWorkers = workers
        stopping = false
        boss = createBoss(database, url, {
          supervise: workers,
          schedule: workers,
          migrate: false,
          superviseIntervalSeconds: 5,
          // Heartbeat and expiry checks every 10 s (one process per queue does them; the time is kept in the
          // database): a job whose process died is retried within its heartbeat plus 10 s.
          monitorIntervalSeconds: 10,
          // LISTEN/NOTIFY wakes a worker the moment a job is sent (polling stays as the floor).
          useListenNotify: workers,
          // The app pool's bounds on the queue's own connections too (db/client.ts): a send or a fetch behind a
          // held lock fails after LOCK_TIMEOUT_MS, and no statement (its maintenance's too) runs past
          // STATEMENT_TIMEOUT_MS, instead of holding the request or the worker for ever.
          options: SESSION_BOUNDS_OPTIONS,
        })
        boss.on('error', (error) => {
          // A job still running when the stop's grace ran out (the estimate refresh at a million listings outlives
          // 10 s): pg-boss records it as failed, to be retried, and then finds its own connection closed. Nothing
          // is lost: had the record not been made, the job stays claimed until its heartbeat lapses, then any
          // running process's supervisor retries it.
          if (stopping && isClosedConnectionError(error))
            log.warn(
              { queue: (error as { queue?: unknown }).queue },
              'a job was still running when the job queue stopped; it will be retried',
            )
          else log.error({ err: error }, 'job queue error')
        })
        boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'))
        await boss.start()
        if (!workers) return
        for (const [name] of handlers) {
          // Up to 5 jobs per fetch, fetching again at once while batches come back full (a backlog drains
          // without waiting); otherwise NOTIFY wakes the worker, with a poll every 5 s as the floor (a retry
          // coming due sends no NOTIFY). Each job of a batch settles on its own: one failure retries one job.
          await boss.work(
            name,
            {
              batchSize: 5,
              burstWhenBatchFull: true,
              perJobResults: true,
              localConcurrency: concurrency,
              pollingIntervalSeconds: 2,
              notifyPollingIntervalSeconds: 5,
            },
            async (batch: Job<JobPayloads[JobName]>[]) => {
              const results: JobResult[] = []
              for (const job of batch) {
                if (job.retryCount > 0) jobRetries.inc({ queue: name })
                try {
                  await run(name, job)
                  results.push({ id: job.id, status: 'completed' })
                } catch (error) {
                  jobFailures.inc({ queue: name })
                  log.warn({ err: error, queue: name, job: job.id }, 'job failed; it will be retried')
                  results.push({ id: job.id, status: 'failed', output: { message: errorMessage(error) } })
                }
              }
              return results
            },
          )
        }
        for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: 'UTC' })
      })()
      return started
    },
    async send(name, data, options = {}) {
      await instance().send(name, data, {
        ...(options.tx ? { db: inTransaction(options.tx) } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      })
    },
    async sendMany(name, items, options = {}) {
      if (items.length === 0) return
      await instance().insert(
        name,
        items.map((data) => ({ data })),
        options.tx ? { db: inTransaction(options.tx) } : undefined,
      )
    },
    async drain(names = [...handlers.keys()]) {
      const b = instance()
      let done = 0
      for (let pass = 0; pass < 50; pass++) {
        let ranThisPass = 0
        for (const name of names) {
          for (;;) {
            const [job] = await b.fetch<JobPayloads[typeof name]>(name, { batchSize: 1 })
            if (!job) break
            ranThisPass++
            try {
              await run(name, job)
              await b.complete(name, job.id)
            } catch (error) {
              await b.fail(name, job.id, { message: errorMessage(error) })
            }
          }
        }
        done += ranThisPass
        if (ranThisPass === 0) break
      }
      return done
    },
    async stats() {
      const { rows } = await instance().getDb().executeSql(QUEUE_STATS_SQL)
      const counted = new Map(
        z
          .array(QueueStatsRow)
          .parse(rows)
          .map((r) => [r.name, r]),
      )
      // Every queue, an empty one too: a gauge that vanishes when its queue empties would hide that it did.
      return (Object.keys(QUEUES) as JobName[]).map((queue) => {
        const r = counted.get(queue)
        return {
          queue,
          ready: r?.ready ?? 0,
          deferred: r?.deferred ?? 0,
          active: r?.active ?? 0,
          failed: r?.failed ?? 0,
          oldestReadySeconds: Math.max(0, r?.oldest ?? 0),
        }
      })
    },
    stop() {
      const b = boss
      if (!b) return Promise.resolve()
      // Jobs still running finish within the grace and may send the jobs they lead to (a fresh listing's notice,
      // its e-mail): sends are taken until pg-boss has stopped. They failed with "not started" before, and the
      // job was retried (a soak at 1,000,000 listings logged it at its stop).
      stopped ??= (async () => {
        stopping = true
        try {
          await b.stop({ graceful: withWorkers, timeout: stopGraceMs, close: database.pglite === null })
        } finally {
          boss = null
          started = null
          stopped = null
        }
      })()
      return stopped
    },
  }
}

/** pg-boss's answer to a call after its own connection closed (its `assertDb`). */
function isClosedConnectionError(error: unknown): boolean {
  // A worker's errors come as a copy of the error with its queue and worker added, not always an Error.
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.startsWith('Database connection is not opened')
}

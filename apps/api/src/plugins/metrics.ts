import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type pg from 'pg'
import { autovacuumOn } from '../db/autovacuum.ts'
import type { Db } from '../db/client.ts'
import type { ReadReplica } from '../db/replica.ts'
import {
  collectProcessMetrics,
  databaseAutovacuum,
  dbPoolConnections,
  dbPoolWaiting,
  httpRequestDuration,
  jobOldestWaiting,
  jobQueueDepth,
  METRICS_CONTENT_TYPE,
  moderationQueue,
  moderationQueueOldest,
  onScrape,
  paymentsRefunding,
  paymentsRefundingOldest,
  readMetrics,
  replicaLag,
  retentionDeletedRows,
  retentionLastRun,
  setCounterTotal,
} from '../lib/metrics.ts'
import type { JobQueue } from '../modules/jobs/index.ts'
import { findModerationBacklog } from '../modules/moderation/index.ts'
import { findRefundBacklog } from '../modules/payments/index.ts'
import { retentionSnapshot } from '../modules/retention/index.ts'

/*
 * The metrics page (issue 37; docs/operations.md, "Metrics"): GET /metrics in Prometheus' text format on a listener
 * of its own (METRICS_PORT, never the public port), answered only with `Authorization: Bearer <METRICS_TOKEN>`.
 * Each app process serves its own on METRICS_PORT + its index (app-processes.ts), so Prometheus scrapes every
 * process as a target of its own. Per request the app pays one histogram observation in onResponse.
 */

export interface MetricsOptions {
  /** The bearer token the scraper sends; compared in constant time. */
  token: string
  port: number
  host: string
  /**
   * The route label of a request whose Fastify route is a catch-all or one file (the web's pages and assets): a
   * pattern of its own, never the raw URL. Undefined: the Fastify route's URL.
   */
  routeLabel?: (request: FastifyRequest) => string | undefined
}

/** What the collectors read on each scrape. */
export interface MetricsSources {
  db: Db
  /** The primary's pool (PostgreSQL; null on the embedded database). */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount' | 'options' | 'query'> | null
  replica?: Pick<ReadReplica, 'poolStats' | 'lagSeconds'> | null
  jobs?: Pick<JobQueue, 'stats'> | null
}

const listeners = new WeakMap<FastifyInstance, Server>()

/** The metrics listener's address once the app is ready (tests listen on port 0). */
export function metricsAddress(app: FastifyInstance): AddressInfo | null {
  const address = listeners.get(app)?.address()
  return address && typeof address === 'object' ? address : null
}

/**
 * Counts every answer of `app` by route pattern, method and status, adds the collectors of what is read on scrape,
 * and serves the page on its own listener from the app's ready to its close.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions, sources: MetricsSources): void {
  collectProcessMetrics()
  registerRequestMetrics(app, options.routeLabel)
  const stops = [
    onScrape(() => collectPools(sources)),
    onScrape(() => collectBacklogs(sources)),
    ...(sources.pool ? [onScrape(() => collectAutovacuum(sources.pool as AutovacuumSource))] : []),
    onScrape(collectRetention),
    ...(sources.jobs ? [onScrape(() => collectJobs(sources.jobs as Pick<JobQueue, 'stats'>))] : []),
  ]
  const server = createServer((request, response) => void answer(request, response, options.token))
  listeners.set(app, server)
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen({ port: options.port, host: options.host }, () => {
        server.off('error', reject)
        resolve()
      })
    })
    app.log.info({ port: metricsAddress(app)?.port }, 'metrics listening')
  })
  app.addHook('onClose', async () => {
    for (const stop of stops) stop()
    if (server.listening) await new Promise((resolve) => server.close(resolve))
  })
}

/** One child per (route, method, status): labels hashed once, not on every request. */
function registerRequestMetrics(app: FastifyInstance, routeLabel: MetricsOptions['routeLabel']) {
  const children = new Map<string, ReturnType<typeof httpRequestDuration.labels>>()
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = routeLabel?.(request) ?? request.routeOptions.url ?? 'unmatched'
    const status = reply.statusCode
    const key = `${request.method} ${status} ${route}`
    let child = children.get(key)
    if (!child) {
      child = httpRequestDuration.labels({ route, method: request.method, status: String(status) })
      children.set(key, child)
    }
    child.observe(reply.elapsedTime / 1000)
    done()
  })
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether the Authorization header carries the token; compared as digests, so in constant time whatever the length. */
function carriesToken(authorization: string | undefined, token: string): boolean {
  const given = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : ''
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0
}

async function answer(request: IncomingMessage, response: ServerResponse, token: string) {
  if (!carriesToken(request.headers.authorization, token)) {
    response.writeHead(401, {
      'content-type': 'application/problem+json',
      'www-authenticate': 'Bearer realm="metrics"',
      'cache-control': 'no-store',
    })
    response.end(
      JSON.stringify({
        type: 'https://tulpar.kz/problems/unauthorized',
        title: 'Unauthorized',
        status: 401,
        code: 'unauthorized',
        detail: 'The metrics need the bearer token (METRICS_TOKEN)',
      }),
    )
    return
  }
  const path = (request.url ?? '').split('?', 1)[0]
  if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(404, { 'content-type': 'text/plain' })
    response.end('Not found: the metrics are at GET /metrics\n')
    return
  }
  try {
    const body = await readMetrics()
    response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' })
    response.end(request.method === 'HEAD' ? undefined : body)
  } catch {
    response.writeHead(500, { 'content-type': 'text/plain' })
    response.end('The metrics could not be read\n')
  }
}

function collectPools({ pool, replica }: MetricsSources) {
  dbPoolConnections.reset()
  dbPoolWaiting.reset()
  if (pool) {
    dbPoolConnections.set({ pool: 'primary', state: 'in_use' }, pool.totalCount - pool.idleCount)
    dbPoolConnections.set({ pool: 'primary', state: 'idle' }, pool.idleCount)
    dbPoolConnections.set({ pool: 'primary', state: 'max' }, pool.options.max ?? 10)
    dbPoolWaiting.set({ pool: 'primary' }, pool.waitingCount)
  }
  if (replica) {
    const stats = replica.poolStats()
    dbPoolConnections.set({ pool: 'replica', state: 'in_use' }, stats.total - stats.idle)
    dbPoolConnections.set({ pool: 'replica', state: 'idle' }, stats.idle)
    dbPoolConnections.set({ pool: 'replica', state: 'max' }, stats.max)
    dbPoolWaiting.set({ pool: 'replica' }, stats.waiting)
    replicaLag.set(replica.lagSeconds() ?? -1)
  }
}

/** Read through the modules' doors; unknown (NaN) rather than a stale or zero count when the database fails. */
async function collectBacklogs({ db }: MetricsSources) {
  const backlogGauges = [moderationQueue, moderationQueueOldest, paymentsRefunding, paymentsRefundingOldest]
  try {
    const [moderation, refunds] = await Promise.all([findModerationBacklog(db), findRefundBacklog(db)])
    moderationQueue.set(moderation.waiting)
    moderationQueueOldest.set(moderation.oldestSeconds)
    paymentsRefunding.set(refunds.refunding)
    paymentsRefundingOldest.set(refunds.oldestSeconds)
  } catch (error) {
    for (const gauge of backlogGauges) gauge.set(Number.NaN)
    throw error
  }
}

type AutovacuumSource = Pick<pg.Pool, 'query'>

/**
 * Whether PostgreSQL vacuums on its own (some images turn it off): without it the job queue's and the listings' dead
 * rows pile up and every query slows (docs/operations.md, "Autovacuum stays on"). Start-up says so in the log once;
 * this keeps saying it, for the alert. Unknown (NaN) when the database does not answer.
 */
async function collectAutovacuum(pool: AutovacuumSource) {
  try {
    databaseAutovacuum.set({ database: 'primary' }, (await autovacuumOn(pool)) ? 1 : 0)
  } catch (error) {
    databaseAutovacuum.set({ database: 'primary' }, Number.NaN)
    throw error
  }
}

async function collectJobs(jobs: Pick<JobQueue, 'stats'>) {
  jobQueueDepth.reset()
  jobOldestWaiting.reset()
  for (const q of await jobs.stats()) {
    jobQueueDepth.set({ queue: q.queue, state: 'ready' }, q.ready)
    jobQueueDepth.set({ queue: q.queue, state: 'deferred' }, q.deferred)
    jobQueueDepth.set({ queue: q.queue, state: 'active' }, q.active)
    jobQueueDepth.set({ queue: q.queue, state: 'failed' }, q.failed)
    jobOldestWaiting.set({ queue: q.queue }, q.oldestReadySeconds)
  }
}

/** What the retention purges run in this process removed (modules/retention keeps the counts; no query). */
function collectRetention() {
  for (const [purge, stats] of Object.entries(retentionSnapshot())) {
    for (const [table, rows] of Object.entries(stats.totals))
      setCounterTotal(retentionDeletedRows, { purge, table }, rows)
    retentionLastRun.set({ purge }, stats.last.finishedAt.getTime() / 1000)
  }
}

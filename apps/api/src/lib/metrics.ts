import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/*
 * The process's metrics in Prometheus' format (issue 37; docs/operations.md, "Metrics"). One registry per process,
 * the metrics defined here once: code that counts something imports its metric from this file and increments it
 * (a counter costs a map look-up). What is cheaper to read than to count (the page cache's own counters, pool
 * sizes, queue depths, the moderation backlog) is read when Prometheus scrapes, by the collectors added with
 * `onScrape`. Labels never carry ids or raw URLs: a route's pattern, a queue's name, a limit's rule.
 * plugins/metrics.ts serves the page on its own listener, behind a bearer token. The guests' page cache's metrics are in
 * page-cache-metrics.ts.
 */

const metricsRegistry = new Registry()
/** The registries a metric joins (`registers` of its options): the process's one. */
export const registers = [metricsRegistry]

// ---- Requests

/**
 * Every answer Fastify sends, by route pattern (`/api/listings/:id`, a page's React Router path), method and
 * status; the histogram's _count is the request count. Pages answered from the page cache at the front door never
 * reach Fastify: they are tulpar_page_cache_hits_total.
 */
export const httpRequestDuration = new Histogram({
  name: 'tulpar_http_request_duration_seconds',
  help: 'Time from the request to the last byte of its answer handed to the socket, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
})

// ---- Job queue

export const jobQueueDepth = new Gauge({
  name: 'tulpar_jobs',
  help: 'Jobs by queue and state: ready (due, waiting for a worker), deferred (due later or waiting for a retry), active, failed (out of retries, kept)',
  labelNames: ['queue', 'state'] as const,
  registers,
})
export const jobOldestWaiting = new Gauge({
  name: 'tulpar_jobs_oldest_ready_seconds',
  help: 'Age of the oldest job that is due and not yet taken, by queue (0: none waiting)',
  labelNames: ['queue'] as const,
  registers,
})
export const jobFailures = new Counter({
  name: 'tulpar_job_failures_total',
  help: "Job runs in this process that threw (each is retried until the queue's retry limit)",
  labelNames: ['queue'] as const,
  registers,
})
export const jobRetries = new Counter({
  name: 'tulpar_job_retries_total',
  help: 'Job runs in this process that were a retry of a failed run',
  labelNames: ['queue'] as const,
  registers,
})

// ---- Database

export const dbPoolConnections = new Gauge({
  name: 'tulpar_db_pool_connections',
  help: "This process's database connections by pool (primary, replica) and state (in_use, idle, max)",
  labelNames: ['pool', 'state'] as const,
  registers,
})
export const dbPoolWaiting = new Gauge({
  name: 'tulpar_db_pool_waiting',
  help: 'Queries waiting for a connection of the pool (all of its connections busy)',
  labelNames: ['pool'] as const,
  registers,
})
export const replicaLag = new Gauge({
  name: 'tulpar_db_replica_lag_seconds',
  help: 'How far the read replica was behind at its last check (0 when it has replayed all it received; -1 when it does not answer)',
  registers,
})
export const replicaReads = new Counter({
  name: 'tulpar_db_replica_reads_total',
  help: 'Reads allowed on the replica, by where they went: replica, or primary with why (down, behind, error: failed on the replica and retried)',
  labelNames: ['served_by', 'reason'] as const,
  registers,
})

// ---- Rate limits

const rateLimitRefusals = new Counter({
  name: 'tulpar_rate_limit_refusals_total',
  help: "Requests refused by a rate limit (429), by rule: the limit key's leading words, never whose count it is",
  labelNames: ['rule'] as const,
  registers,
})

/** A rule's first word: the feature (`sms`, `phone-reveal`, `check-order`). */
const RULE_NAME = /^[a-z][a-z-]*$/
/** Its further words are short (`ip`, `num`, `user`, `short`, `hour`): an id is longer, an address is not letters. */
const RULE_QUALIFIER = /^[a-z]{2,8}$/
/** A word that could be a piece of an IPv6 address rather than a rule's name. */
const HEX_WORD = /^[a-f]{1,4}$/

/**
 * The rule of a limit key (`sms:num:min:+77011234567` -> `sms:num:min`, `login:ip:2001:db8::1` -> `login:ip`): the
 * feature's name and up to two short qualifiers, before the first part that names whose the count is (an address, a
 * number, an email, a user id). So the label never carries who was refused.
 */
export function rateLimitRule(key: string): string {
  const words: string[] = []
  for (const part of key.split(':', 3)) {
    const isWord = words.length === 0 ? RULE_NAME.test(part) : RULE_QUALIFIER.test(part) && !HEX_WORD.test(part)
    if (!isWord) break
    words.push(part)
  }
  return words.length > 0 ? words.join(':') : 'other'
}

/** Counts a refusal of the limit with this key. */
export function countRateLimitRefusal(key: string): void {
  rateLimitRefusals.inc({ rule: rateLimitRule(key) })
}

// ---- Live message streams

export const liveMessageStreams = new Gauge({
  name: 'tulpar_live_message_streams',
  help: 'Server-sent-event message streams open in this process',
  registers,
})

// ---- Payments

export const paymentOutcomes = new Counter({
  name: 'tulpar_payment_outcomes_total',
  help: 'Payments that reached an outcome in this process: paid, failed, cancelled (told by the provider), refunded',
  labelNames: ['outcome'] as const,
  registers,
})
export const paymentsRefunding = new Gauge({
  name: 'tulpar_payments_refunding',
  help: 'Payments asked to be refunded and not yet refunded (the refund job retries while the provider refuses)',
  registers,
})
export const paymentsRefundingOldest = new Gauge({
  name: 'tulpar_payments_refunding_oldest_seconds',
  help: 'How long the oldest payment has been waiting for its refund (0: none)',
  registers,
})

// ---- PostgreSQL's own settings

export const databaseAutovacuum = new Gauge({
  name: 'tulpar_database_autovacuum',
  help: "PostgreSQL's autovacuum as this process reads it on scrape: 1 on, 0 off (absent on the embedded database)",
  // Labelled so that it has no sample until one is read: an unlabelled gauge would say 0 on the embedded database.
  labelNames: ['database'] as const,
  registers,
})

// ---- Moderation

export const moderationQueue = new Gauge({
  name: 'tulpar_moderation_queue',
  help: 'Listings waiting for moderation',
  registers,
})
export const moderationQueueOldest = new Gauge({
  name: 'tulpar_moderation_queue_oldest_seconds',
  help: 'How long the longest-waiting listing has waited for moderation (0: none)',
  registers,
})

// ---- Retention purges

export const retentionDeletedRows = new Counter({
  name: 'tulpar_retention_deleted_rows_total',
  help: 'Rows removed by the retention purges run in this process, by purge and table',
  labelNames: ['purge', 'table'] as const,
  registers,
})
export const retentionLastRun = new Gauge({
  name: 'tulpar_retention_last_run_timestamp_seconds',
  help: 'When each retention purge last finished in this process (Unix time)',
  labelNames: ['purge'] as const,
  registers,
})

// ---- The metrics' own health

const scrapeCollectorErrors = new Counter({
  name: 'tulpar_metrics_collector_errors_total',
  help: 'Scrapes where a value read on scrape (a database count, a queue depth) could not be read; its metric is left out',
  registers,
})

// ---- Reading

type Collector = () => void | Promise<void>
const collectors = new Set<Collector>()

/**
 * Runs `collect` before each scrape (to set gauges from a database count, a pool's size); answers the function that
 * stops it. A collector that throws or takes longer than COLLECT_TIMEOUT_MS is counted in
 * tulpar_metrics_collector_errors_total and should leave its metrics unset (reset them first).
 */
export function onScrape(collect: Collector): () => void {
  collectors.add(collect)
  return () => collectors.delete(collect)
}

/** A scrape waits this long for its collectors (Prometheus' own scrape timeout is 10 s by default). */
const COLLECT_TIMEOUT_MS = 3000

let processMetricsOn = false
/**
 * Event-loop lag, heap and resident memory, CPU, handles (prom-client's default metrics: nodejs_*, process_*). Once
 * per process; only where the metrics are served (its event-loop monitor is a timer of its own).
 */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return
  processMetricsOn = true
  collectDefaultMetrics({ register: metricsRegistry })
}

/** The metrics page: every collector run (each bounded by COLLECT_TIMEOUT_MS), then the registry's text. */
export async function readMetrics(): Promise<string> {
  await Promise.all(
    [...collectors].map(async (collect) => {
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          collect(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('collector timed out')), COLLECT_TIMEOUT_MS)
          }),
        ])
      } catch {
        scrapeCollectorErrors.inc()
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  return metricsRegistry.metrics()
}

/** The content type of the metrics page (Prometheus' text format 0.0.4). */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType

/** Sets a counter to a total counted elsewhere (the page cache's, the retention's own counters). */
export function setTotal(counter: Counter, total: number, labels?: Record<string, string>): void {
  if (labels) {
    counter.remove(labels)
    counter.inc(labels, total)
  } else {
    counter.reset()
    counter.inc(total)
  }
}

/** Reads totals counted elsewhere into a labelled counter on each scrape (retention's per-table counts). */
export function setCounterTotal(counter: Counter<string>, labels: Record<string, string>, total: number): void {
  setTotal(counter as Counter, total, labels)
}

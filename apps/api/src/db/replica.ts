import { AsyncLocalStorage } from 'node:async_hooks'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { replicaReads } from '../lib/metrics.ts'
import { startPeriodic } from '../lib/periodic.ts'
import { type Db, POOL_IDLE_MS, SESSION_BOUNDS } from './client.ts'
import * as schema from './schema.ts'

/*
 * Reads that may go to a streaming read replica (decision 020). The rule: only a GET or HEAD request without a
 * credential (no session cookie, no bearer token) may read from the replica, and only through `readDb`, which
 * the public catalogue reads use (search, the car detail, home lists, reference data, sitemaps). Everything
 * else, writes, signed-in requests (so a user always reads what they just wrote), form posts, jobs and
 * start-up, reads the primary. A replica that fails is skipped: the read is retried on the primary at once
 * and the replica is not asked again for REPLICA_BACKOFF_MS, and not before it has caught up.
 */

/** After a failure the replica is left alone for this long; reads go to the primary meanwhile. */
const REPLICA_BACKOFF_MS = 5000
/**
 * How often each process checks that the replica answers and has replayed what the primary had written one
 * check earlier. A replica that is more than about two checks behind is not read (state `behind`).
 */
const REPLICA_CHECK_MS = 2000
/** A check (or a new connection) that takes longer counts as a failure. */
const REPLICA_TIMEOUT_MS = 1500

type ReplicaState = 'ok' | 'down' | 'behind'

const routing = new AsyncLocalStorage<{ replica: boolean }>()

/** Runs `work` with reads through `readDb` allowed on the replica (true) or kept on the primary (false). */
export function runWithReadRouting<T>(replicaAllowed: boolean, work: () => T): T {
  return routing.run({ replica: replicaAllowed }, work)
}

/** Outside a request marked by runWithReadRouting (jobs, start-up, scripts) every read goes to the primary. */
function replicaAllowed(): boolean {
  return routing.getStore()?.replica === true
}

export interface ReadReplica {
  /** Drizzle over the replica with the primary behind it. For public reads only; never write through it. */
  readDb: Db
  /** Whether reads go to the replica now (for /api/readyz). */
  state(): ReplicaState
  /** How many queries the replica has answered and how many fell back to the primary (tests, the cluster bench). */
  stats(): { replica: number; fallbacks: number }
  /** The replica pool's connections and waiting queries (the metrics). */
  poolStats(): { total: number; idle: number; waiting: number; max: number }
  /**
   * Seconds the replica was behind at its last check: 0 when it had replayed all it received, null when it did
   * not answer (the metrics).
   */
  lagSeconds(): number | null
  close(): Promise<void>
}

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>

/**
 * SQLSTATE classes that are the query's own fault (bad data, a constraint, a syntax or permission error): the
 * primary would refuse it too, so they say nothing about the replica's health.
 */
const QUERY_FAULT_CLASSES = new Set(['22', '23', '42', '0A', '2B', '44'])

/**
 * Whether a replica error means the replica cannot serve reads now: the connection failed or was ended
 * (refused, reset, "terminated unexpectedly", 08xxx, 57P01 admin shutdown, 57P03 starting up), too many
 * connections (53xxx), a query cancelled by a recovery conflict (40001, 40P01) or a server error.
 */
export function isReplicaOutage(error: unknown): boolean {
  if (error instanceof pg.DatabaseError && typeof error.code === 'string') {
    return !QUERY_FAULT_CLASSES.has(error.code.slice(0, 2))
  }
  return true
}

/** pg's Pool, as drizzle calls it: `query(config, values)` and `connect()` for transactions. */
type QueryArgs = [config: pg.QueryConfig, values?: unknown[]]

/**
 * Opens a pool on the replica and answers a drizzle handle whose queries go there when the request allows it
 * and the replica is healthy, else (or when the replica fails the query) to `primary`. Transactions always run
 * on the primary. Never throws for an unreachable replica: it starts as `down` and is checked again.
 */
export async function openReadReplica({
  url,
  primary,
  log,
  poolSize = 10,
  backoffMs = REPLICA_BACKOFF_MS,
  checkMs = REPLICA_CHECK_MS,
  now = () => Date.now(),
}: {
  url: string
  primary: pg.Pool
  log: Log
  poolSize?: number
  /** Tests shorten the back-off and the checks. */
  backoffMs?: number
  checkMs?: number
  now?: () => number
}): Promise<ReadReplica> {
  const replica = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: POOL_IDLE_MS,
    connectionTimeoutMillis: REPLICA_TIMEOUT_MS,
    keepAlive: true,
    // As the primary's pool (client.ts): a read queued behind a replayed lock (a migration on the primary) fails
    // after LOCK_TIMEOUT_MS and answers 503, instead of waiting for the replay; no read runs past STATEMENT_TIMEOUT_MS.
    ...SESSION_BOUNDS,
  })
  let state: ReplicaState = 'down'
  /** Whether the first check has run (its result is logged once, not as a recovery). */
  let started = false
  let skipUntil = 0
  let served = 0
  let fallbacks = 0
  let lagSeconds: number | null = null
  // Reads that were allowed the replica, counted by where they went (the metrics): children made once.
  const toReplica = replicaReads.labels({ served_by: 'replica', reason: 'ok' })
  const toPrimary = {
    ok: toReplica,
    down: replicaReads.labels({ served_by: 'primary', reason: 'down' }),
    behind: replicaReads.labels({ served_by: 'primary', reason: 'behind' }),
    error: replicaReads.labels({ served_by: 'primary', reason: 'error' }),
  }

  function failed(error: unknown) {
    skipUntil = now() + backoffMs
    if (state !== 'down') {
      log.error({ err: error }, 'read replica does not answer: reads go to the primary')
      state = 'down'
    }
  }
  // An idle connection that the replica ends (a restart, a shutdown) is the first sign of an outage.
  replica.on('error', failed)

  async function query(...[config, values]: QueryArgs) {
    if (!replicaAllowed()) return primary.query(config, values)
    if (state !== 'ok') {
      toPrimary[state].inc()
      return primary.query(config, values)
    }
    try {
      const result = await replica.query(config, values)
      served++
      toReplica.inc()
      return result
    } catch (error) {
      // The primary answers every read the replica could not; a query at fault fails there with its own error.
      if (isReplicaOutage(error)) failed(error)
      fallbacks++
      toPrimary.error.inc()
      return primary.query(config, values)
    }
  }

  // drizzle treats a client whose class name contains "Pool" as a pool: it takes a connection for each
  // transaction (here always from the primary) instead of sending BEGIN through query().
  class ReplicaRoutingPool {
    query = query
    connect = () => primary.connect()
  }
  const readDb = drizzle(new ReplicaRoutingPool() as unknown as pg.Pool, { schema }) as unknown as Db

  // The primary's WAL position at the last check: the replica must have replayed it by the next one.
  let primaryLsn: string | null = null
  async function check() {
    try {
      const { rows } = await withTimeout(
        replica.query<{ caught_up: boolean; lag: number | null }>(
          // A database that is not a standby (pg_is_in_recovery() false) has nothing to replay. The lag: the age of
          // the last replayed transaction, unless everything received is replayed (an idle primary sends nothing,
          // and its last transaction's age is no lag).
          `select not pg_is_in_recovery() or $1::pg_lsn is null
                  or coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as caught_up,
                  case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                       else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag`,
          [primaryLsn],
        ),
      )
      lagSeconds = Math.max(0, Number(rows[0]?.lag ?? 0))
      const caughtUp = rows[0]?.caught_up === true
      if (!caughtUp) {
        if (state === 'ok') log.warn({ primaryLsn }, 'read replica is behind: reads go to the primary')
        state = state === 'down' ? 'down' : 'behind'
      } else if (state !== 'ok' && now() >= skipUntil) {
        if (started) log.warn('read replica answers again: public reads use it')
        state = 'ok'
      }
    } catch (error) {
      lagSeconds = null
      failed(error)
    }
    try {
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
      primaryLsn = rows[0]?.lsn ?? null
    } catch {
      // The primary's own failures surface in the requests and /api/readyz.
    }
  }
  await check()
  started = true
  const current = (): ReplicaState => state
  if (current() !== 'ok') log.error({ state }, 'read replica is not usable at start: reads go to the primary')
  const stopChecks = startPeriodic(check, { firstMs: checkMs, intervalMs: checkMs })

  return {
    readDb,
    state: current,
    stats: () => ({ replica: served, fallbacks }),
    poolStats: () => ({
      total: replica.totalCount,
      idle: replica.idleCount,
      waiting: replica.waitingCount,
      max: poolSize,
    }),
    lagSeconds: () => lagSeconds,
    close: async () => {
      stopChecks()
      await replica.end()
    },
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REPLICA_TIMEOUT_MS} ms`)), REPLICA_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { Config } from '../config.ts'
import { clusterTemplateDir, copyClusterTemplate } from './cluster-template.ts'
import * as schema from './schema.ts'

type Schema = typeof schema
/** The typed database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs the committed drizzle migrations. */
  migrate(migrationsFolder: string): Promise<void>
  /** Answers when the database can run a query. */
  ping(): Promise<void>
  /**
   * Runs `work` while holding the start-up advisory lock, so processes starting together on one new database
   * migrate and load reference data one after another, never side by side. Other processes wait.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
  /** The raw pg pool, for COPY; null on PGlite. */
  pool: pg.Pool | null
  /** The raw PGlite client (COPY from a blob, data dumps); null on PostgreSQL. */
  pglite: PGlite | null
  /**
   * How an embedded data folder that had no cluster got one: copied from the build's template or made by PGlite's
   * initdb (cluster-template.ts). Absent for a cluster that was there and on PostgreSQL.
   */
  newCluster?: 'template' | 'initdb'
}

/** The advisory lock key of start-up work (migrations, reference and demo data): any constant all processes share. */
const STARTUP_LOCK_KEY = 7_240_310_001

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by process ${pid}. Stop that process first, ` +
        'or set DATABASE_URL to use PostgreSQL (which many processes can share).',
    )
    this.name = 'DatabaseLockedError'
  }
}

export interface OpenDatabaseOptions {
  /** postgres://... ; null opens the embedded PGlite database. */
  url: string | null
  /** PGlite data folder; null keeps it in memory (tests). */
  dataDir?: string | null
  /** A PGlite data dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob | File
  /** PGlite's WebAssembly, compiled already (compilePgliteModule): code compiled once serves every instance. */
  wasmModule?: WebAssembly.Module
  /**
   * A cluster to copy into a new data folder instead of PGlite's initdb (cluster-template.ts); default the one
   * `npm run build` made with the migrations of `migrationsDir`, null for initdb.
   */
  clusterTemplate?: string | null
  /**
   * The migrations the caller applies (config.migrationsDir): a new embedded folder is copied only from a template
   * made with exactly these. Default the repository's.
   */
  migrationsDir?: string
  poolSize?: number
  /** PostgreSQL: LOCK_TIMEOUT_MS unless told (tests). */
  lockTimeoutMs?: number
  /**
   * PostgreSQL: STATEMENT_TIMEOUT_MS unless told; 0 for none, for an operator's bulk tool (the bench's million-row
   * load and its vacuum, the seed command). Migrations run without it whatever this says.
   */
  statementTimeoutMs?: number
  /**
   * PostgreSQL: how long a query waits for a connection, POOL_CONNECT_TIMEOUT_MS unless told; longer for a bulk tool
   * whose PostgreSQL may be slow to start a backend while it writes (the bench's million-row load failed so once).
   */
  connectTimeoutMs?: number
}

/**
 * Compiles PGlite's WebAssembly. A module compiled once and handed to each PGlite instance (also across worker
 * threads) shares its machine code, including what V8 optimised while another instance ran: the parser alone
 * costs 1.6 s and 600 MB of compiler memory to optimise.
 */
export async function compilePgliteModule(): Promise<WebAssembly.Module> {
  const wasm = new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'))
  return WebAssembly.compile(await readFile(wasm))
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url)
    return openPostgres(options.url, {
      poolSize: options.poolSize ?? 10,
      lockTimeoutMs: options.lockTimeoutMs ?? LOCK_TIMEOUT_MS,
      statementTimeoutMs: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: options.connectTimeoutMs ?? POOL_CONNECT_TIMEOUT_MS,
    })
  return openPglite(options)
}

/**
 * The database the configuration names, for the command-line tools: DATABASE_URL, else the embedded one in DATA_DIR
 * (a new folder copied from the cluster made with the configured migrations). The caller migrates it and closes it.
 */
export function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'migrationsDir'>,
  options: Pick<OpenDatabaseOptions, 'statementTimeoutMs'> = {},
) {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsDir: config.migrationsDir,
    ...options,
  })
}

/**
 * How long an unused connection stays open (pg's default is 10 s). A new connection is a new PostgreSQL backend
 * that plans every statement again with cold caches (a search's first plan takes 8-10 ms against 0.5 ms warm) and
 * prepares the named statements again, so a pool that empties in every 10 s lull pays that after each one; with
 * two app processes, twice (docs/performance.md, 2026-11-25 03:00). A pool holds at most DATABASE_POOL_SIZE; a
 * quiet night still closes them.
 */
export const POOL_IDLE_MS = 60_000

/**
 * How long a query waits for a connection, a new one or one of a busy pool (pg waits for ever by default): past it,
 * pg-pool fails with "timeout exceeded when trying to connect", which the API answers 503 with Retry-After
 * (plugins/database-outage.ts) instead of holding the request while PostgreSQL is away or every connection busy.
 */
export const POOL_CONNECT_TIMEOUT_MS = 5_000

/**
 * How long a statement waits for a lock another transaction holds (PostgreSQL waits for ever by default), set on
 * every connection of the pool: past it the statement fails with 55P03, which the API answers 503 with Retry-After
 * (plugins/database-outage.ts), and its transaction is rolled back. A request then never hangs behind a long
 * transaction or a migration waiting for its table; the longest writers (the market-estimate refresh) write in
 * short transactions (issue 39). Start-up work waits longer for another process's start-up (STARTUP_LOCK_WAIT).
 */
export const LOCK_TIMEOUT_MS = 10_000

/**
 * How long a connection may sit inside a transaction doing nothing before PostgreSQL ends it: a transaction left
 * open by a fault would otherwise hold its locks, and keep vacuum from cleaning up, until the process ends.
 */
export const IDLE_IN_TRANSACTION_MS = 300_000

/**
 * How long one statement may run (PostgreSQL's default is for ever), set on every connection of the pool: past it
 * PostgreSQL cancels it with 57014, which the API answers 503 with Retry-After (plugins/database-outage.ts). A page
 * or an API call whose visitor has long gone then stops holding a connection, and a statement that a million rows
 * made slow (a plan gone wrong, a missing index) fails in the log instead of piling requests up behind it. The
 * app's background work is written in batches well under it: the market-estimate refresh's statements take 0.05-0.5 s
 * at 1,000,000 listings, the retention purges and the fresh-listings run are bounded batches. Migrations, which
 * build indexes over whole tables, run on a connection of their own without it.
 */
export const STATEMENT_TIMEOUT_MS = 30_000

/**
 * The bounds above as PostgreSQL settings, the same on every connection the app opens: its pool's, the read
 * replica's (replica.ts) and the job queue's own (jobs.queue.ts). One list, so a bound added here reaches all three.
 */
export const SESSION_BOUNDS = {
  lock_timeout: LOCK_TIMEOUT_MS,
  idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  statement_timeout: STATEMENT_TIMEOUT_MS,
} as const

/** SESSION_BOUNDS as libpq's `options` (`-c name=value ...`), for a driver that takes settings that way (pg-boss). */
export const SESSION_BOUNDS_OPTIONS = Object.entries(SESSION_BOUNDS)
  .map(([name, ms]) => `-c ${name}=${ms}`)
  .join(' ')

/** The longest one process waits for another's start-up work (migrations of a large database take minutes). */
const STARTUP_LOCK_WAIT = '15min'

async function openPostgres(
  url: string,
  {
    poolSize,
    lockTimeoutMs,
    statementTimeoutMs,
    connectTimeoutMs,
  }: { poolSize: number; lockTimeoutMs: number; statementTimeoutMs: number; connectTimeoutMs: number },
): Promise<Database> {
  // pg sends no statement_timeout for 0: PostgreSQL's own default, none.
  const bounds = {
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    ...SESSION_BOUNDS,
    lock_timeout: lockTimeoutMs,
    statement_timeout: statementTimeoutMs,
  }
  const pool = new pg.Pool({ ...bounds, max: poolSize, idleTimeoutMillis: POOL_IDLE_MS })
  // An idle connection the server ends (a restart, a dropped test database, an admin's pg_terminate_backend)
  // is removed from the pool by pg; without a listener its 'error' would crash the process. The next query
  // gets a fresh connection or fails with its own error, which the request reports.
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    pool,
    pglite: null,
    // One connection of its own without the statement bound: a migration builds indexes over whole tables, for
    // minutes at a million rows. Its waits for locks stay bounded (each migration sets its own, docs/operations.md).
    migrate: async (migrationsFolder) => {
      const own = new pg.Pool({ ...bounds, statement_timeout: 0, max: 1 })
      own.on('error', () => {})
      try {
        await migratePg(drizzlePg(own, { schema }), { migrationsFolder })
      } finally {
        await own.end()
      }
    },
    ping: async () => {
      await pool.query('select 1')
    },
    // A session lock on one connection held for the whole work (migrations use other connections of the pool).
    withStartupLock: async (work) => {
      const holder = await pool.connect()
      try {
        // The wait for the lock is one statement: the statement bound would end it after STATEMENT_TIMEOUT_MS.
        await holder.query(`set lock_timeout = '${STARTUP_LOCK_WAIT}'; set statement_timeout = '${STARTUP_LOCK_WAIT}'`)
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
        // Back to the pool's own for whatever uses this connection next.
        await holder.query('reset lock_timeout; reset statement_timeout')
        try {
          return await work()
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY])
        }
      } finally {
        holder.release()
      }
    },
    close: () => pool.end(),
  }
}

/**
 * PostgreSQL settings of the embedded database (passed at every start, so older data folders get them too).
 * PGlite runs inside this process's WebAssembly memory, which grows to the most PostgreSQL ever used and never
 * shrinks, so what it may use is what the demo costs for as long as it runs. Data files are real files on disk
 * (the operating system caches them outside the process), so a small buffer pool costs little speed: the
 * 128 MB pool initdb chose kept 155 MB of WebAssembly memory resident after 100
 * page loads, 16 MB keeps 33 MB; the pages' CPU time did not change measurably (docs/performance.md).
 */
const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
}

async function openPglite({
  dataDir = null,
  loadDataDir,
  wasmModule: pgliteWasmModule,
  clusterTemplate,
  migrationsDir,
}: OpenDatabaseOptions): Promise<Database> {
  const options = {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
  }
  let releaseLock = () => {}
  let client: PGlite
  let newCluster: Database['newCluster']
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    releaseLock = acquireLock(join(dataDir, 'pglite.lock'))
    try {
      const pgDir = join(dataDir, 'pg')
      if (!existsSync(join(pgDir, 'PG_VERSION'))) {
        const template = clusterTemplate === undefined ? clusterTemplateDir(migrationsDir) : clusterTemplate
        newCluster = template && copyClusterTemplate(pgDir, template) ? 'template' : 'initdb'
      }
      client = await PGlite.create(pgDir, options)
    } catch (error) {
      releaseLock()
      throw error
    }
  } else {
    client = await PGlite.create(loadDataDir ? { ...options, loadDataDir } : options)
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    pool: null,
    pglite: client,
    ...(newCluster && { newCluster }),
    migrate: (migrationsFolder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1')
    },
    // One process owns an embedded database (the lock file), so there is nobody to wait for.
    withStartupLock: (work) => work(),
    close: async () => {
      await client.close()
      releaseLock()
    },
  }
}

/**
 * PGlite has no lock between processes: only one may open a data folder. The lock file holds the
 * owner's pid; a lock left by a dead process is taken over.
 */
function acquireLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DatabaseLockedError(file, pid)
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not take the lock ${file}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

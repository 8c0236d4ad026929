import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import {
  IDLE_IN_TRANSACTION_MS,
  LOCK_TIMEOUT_MS,
  openDatabase,
  POOL_CONNECT_TIMEOUT_MS,
  STATEMENT_TIMEOUT_MS,
} from '../db/client.ts'
import { createTestApp } from '../testing/test-app.ts'
import { createTestDatabase } from '../testing/test-db.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-outage.ts'
import { registerProblemHandler } from './problem.ts'

/**
 * Issue 35: while PostgreSQL could not be reached the API answered 500. Real node-postgres pools against a port
 * where nothing listens, a server that accepts and never answers, and (with TEST_DATABASE_URL) real PostgreSQL
 * ending the connection: each answers 503 problem+json with Retry-After; a query at fault stays a 500.
 */

const pools: pg.Pool[] = []
const servers: Server[] = []
/** Sockets a test server holds open; ended after each test whatever its outcome. */
const held: Socket[] = []
/** At most 5 s for a teardown step: a pool still connecting to a silent server must not hold the run (it held one 120 s). */
const bounded = (step: Promise<unknown>) =>
  Promise.race([step.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
afterEach(async () => {
  // Stop accepting first, so a connection a pool opens during the teardown is not one more socket to wait for.
  const closed = servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve)))
  for (const socket of held.splice(0)) socket.destroy()
  await Promise.all(pools.splice(0).map((p) => bounded(p.end())))
  for (const socket of held.splice(0)) socket.destroy()
  await bounded(Promise.all(closed))
})

function pool(options: pg.PoolConfig): pg.Pool {
  const p = new pg.Pool({ connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS, ...options })
  p.on('error', () => {})
  pools.push(p)
  return p
}

/** The API's error handler in front of one route that runs `query` through drizzle, as services do. */
async function appRunning(query: () => Promise<unknown>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  registerProblemHandler(app)
  app.get('/api/thing', async () => {
    await query()
    return { ok: true }
  })
  await app.ready()
  return app
}

/** A request whose query fails after a bound answers 503 with Retry-After, no sooner than `atLeast` ms and within `below`. */
async function expectUnavailableWithin(query: () => Promise<unknown>, atLeast: number, below: number) {
  const app = await appRunning(query)
  try {
    const started = performance.now()
    expectUnavailable(await app.inject('/api/thing'))
    const waited = performance.now() - started
    expect(waited).toBeGreaterThanOrEqual(atLeast)
    expect(waited).toBeLessThan(below)
  } finally {
    await app.close()
  }
}

async function listening(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer(onConnection)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}

/** A port where nothing listens: one the kernel just gave and took back. */
async function deadPort(): Promise<number> {
  const port = await listening(() => {})
  await new Promise((resolve) => servers.pop()?.close(resolve))
  return port
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(503)
  expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS))
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/)
  expect(JSON.parse(res.body)).toMatchObject({ status: 503, code: 'unavailable', title: 'Service Unavailable' })
}

describe('the database unreachable answers 503 with Retry-After, not 500', () => {
  test('connection refused (PostgreSQL down), through drizzle', async () => {
    const db = drizzle(pool({ connectionString: `postgres://postgres@127.0.0.1:${await deadPort()}/x` }))
    const app = await appRunning(() => db.execute('select 1'))
    expectUnavailable(await app.inject('/api/thing'))
    await app.close()
  })

  test('a server that never answers: the connection times out, and a request queued behind it too', async () => {
    // Accepts TCP and says nothing, as a host that froze mid-failover.
    const port = await listening((socket) => held.push(socket))
    const url = `postgres://postgres@127.0.0.1:${port}/x`
    const db = drizzle(pool({ connectionString: url, max: 1, connectionTimeoutMillis: 300 }))
    const app = await appRunning(() => db.execute('select 1'))
    const started = Date.now()
    const [first, queued] = await Promise.all([app.inject('/api/thing'), app.inject('/api/thing')])
    expectUnavailable(first)
    expectUnavailable(queued)
    expect(Date.now() - started).toBeLessThan(5_000)
    await app.close()
  })

  test('the pool is bounded: a request waits at most POOL_CONNECT_TIMEOUT_MS for a connection', () => {
    expect(POOL_CONNECT_TIMEOUT_MS).toBeGreaterThan(0)
    expect(POOL_CONNECT_TIMEOUT_MS).toBeLessThanOrEqual(10_000)
  })

  test.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['08006', 'connection failure'],
    ['08001', 'could not connect'],
    ['55P03', 'canceling statement due to lock timeout'],
    ['57014', 'canceling statement due to statement timeout'],
  ])('SQLSTATE %s (%s) is an outage; the query faults are not', (code, message) => {
    const error = Object.assign(new pg.DatabaseError(message, 0, 'error'), { code })
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: error }))).toBe(true)
    for (const fault of ['42601', '23505', '22P02', '40001', '22012']) {
      expect(isDatabaseUnavailable(Object.assign(new pg.DatabaseError('x', 0, 'error'), { code: fault }))).toBe(false)
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false)
  })
})

const adminUrl = process.env.TEST_DATABASE_URL
describe.skipIf(!adminUrl)('on real PostgreSQL (TEST_DATABASE_URL)', () => {
  const admin = new pg.Client({ connectionString: adminUrl })
  afterAll(() => admin.end())

  test('a backend ended by pg_terminate_backend (57P01, as a server shutting down) answers 503', async () => {
    await admin.connect()
    const marker = `tulpar-outage-${process.pid}-${Date.now()}`
    const db = drizzle(pool({ connectionString: adminUrl, application_name: marker }))
    const app = await appRunning(() => db.execute('select pg_sleep(30)'))
    const answer = app.inject('/api/thing')
    // Bounded wait for the request's query to be running, then end its backend as a fast shutdown does.
    let terminated = 0
    for (let i = 0; i < 100 && terminated === 0; i++) {
      const { rows } = await admin.query<{ n: string }>(
        "select count(pg_terminate_backend(pid)) as n from pg_stat_activity where application_name = $1 and query like '%pg_sleep%'",
        [marker],
      )
      terminated = Number(rows[0]?.n ?? 0)
      if (terminated === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(terminated).toBe(1)
    expectUnavailable(await answer)
    await app.close()
  })

  test('the whole API while PostgreSQL is away: 503 with Retry-After for guests and the signed-in, then served again', async () => {
    const real = await createTestDatabase()
    if (!real.url) throw new Error('needs PostgreSQL')
    const target = new URL(real.url)
    const proxy = await proxyTo(target)
    // The app's pool goes through the proxy; the job queue keeps its own direct connections.
    const viaProxy = await openDatabase({ url: proxy.url(target.pathname.slice(1)), poolSize: 4 })
    const t = await createTestApp({ database: { ...viaProxy, url: real.url, dispose: async () => {} } })
    try {
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: `outage-${Date.now()}@example.kz`, password: 'secret-outage-12', name: 'Outage' },
      })
      expect(signUp.statusCode, signUp.body).toBe(200)
      const bearer = { authorization: `Bearer ${String(signUp.headers['set-auth-token'])}` }
      const calls = [
        { url: '/api/cars/' },
        { url: '/api/profiles/me/', headers: bearer },
        { url: '/api/favourites/', headers: bearer },
      ]
      for (const call of calls) expect((await t.app.inject(call)).statusCode, call.url).toBe(200)
      await proxy.stop()
      for (const call of calls) expectUnavailable(await t.app.inject(call))
      await proxy.start()
      for (const call of calls) expect((await t.app.inject(call)).statusCode, call.url).toBe(200)
    } finally {
      await proxy.stop()
      await t.close()
      await viaProxy.close()
      await real.dispose()
    }
  })

  test("the app's connections wait LOCK_TIMEOUT_MS for a lock, no longer; a request behind a held row answers 503", async () => {
    const real = await createTestDatabase()
    if (!real.url) throw new Error('needs PostgreSQL')
    const bounded = await openDatabase({ url: real.url, poolSize: 2 })
    const quick = await openDatabase({ url: real.url, poolSize: 2, lockTimeoutMs: 300 })
    const holder = new pg.Client({ connectionString: real.url })
    try {
      const shown = await bounded.pool?.query<{ lock_timeout: string; idle: string }>(
        'select current_setting($1) as lock_timeout, current_setting($2) as idle',
        ['lock_timeout', 'idle_in_transaction_session_timeout'],
      )
      expect(shown?.rows[0]).toEqual({
        lock_timeout: `${LOCK_TIMEOUT_MS / 1000}s`,
        idle: `${IDLE_IN_TRANSACTION_MS / 60_000}min`,
      })
      await quick.pool?.query('create table held_row (id int primary key, n int); insert into held_row values (1, 0)')
      // Another transaction holds the row (a long writer, a stuck transaction).
      await holder.connect()
      await holder.query('begin; update held_row set n = 1 where id = 1')
      await expectUnavailableWithin(() => quick.db.execute('update held_row set n = 2 where id = 1'), 250, 5_000)
      await holder.query('rollback')
      // The row is free again: the same update goes through, nothing left half done.
      await quick.db.execute('update held_row set n = 2 where id = 1')
      expect((await quick.pool?.query('select n from held_row'))?.rows).toEqual([{ n: 2 }])
    } finally {
      await holder.end().catch(() => {})
      await quick.close()
      await bounded.close()
      await real.dispose()
    }
  })

  test("the app's statements run STATEMENT_TIMEOUT_MS at most: a slow one answers 503 and ends in PostgreSQL; migrations and the wait for another process's start-up are not bounded by it", async () => {
    const real = await createTestDatabase()
    if (!real.url) throw new Error('needs PostgreSQL')
    const bounded = await openDatabase({ url: real.url, poolSize: 2 })
    const quick = await openDatabase({ url: real.url, poolSize: 2, statementTimeoutMs: 300 })
    const unbounded = await openDatabase({ url: real.url, poolSize: 1, statementTimeoutMs: 0 })
    const migrations = mkdtempSync(join(tmpdir(), 'slow-migration-'))
    try {
      const shown = await bounded.pool?.query<{ v: string }>("select current_setting('statement_timeout') as v")
      expect(shown?.rows[0]?.v).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`)
      expect(
        (await unbounded.pool?.query<{ v: string }>("select current_setting('statement_timeout') as v"))?.rows,
      ).toEqual([{ v: '0' }])
      await quick.pool?.query('create table slow_write (n int)')
      // A write that would take 3 s: cancelled at the bound, answered 503, and nothing of it kept.
      await expectUnavailableWithin(
        () => quick.db.execute('insert into slow_write select 1 from pg_sleep(3)'),
        250,
        2_500,
      )
      const running = await unbounded.pool?.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where query like '%pg_sleep(3)%' and state = 'active' and pid <> pg_backend_pid()",
      )
      expect(running?.rows).toEqual([{ n: 0 }])
      expect((await quick.pool?.query('select count(*)::int as n from slow_write'))?.rows).toEqual([{ n: 0 }])
      // The same pool runs a migration longer than its bound to the end.
      mkdirSync(join(migrations, 'meta'))
      writeFileSync(
        join(migrations, '0000_slow.sql'),
        'select pg_sleep(0.6);--> statement-breakpoint\ncreate table migrated_slowly (n int);',
      )
      writeFileSync(
        join(migrations, 'meta', '_journal.json'),
        JSON.stringify({
          version: '7',
          dialect: 'postgresql',
          entries: [{ idx: 0, version: '7', when: 9_999_999_999_999, tag: '0000_slow', breakpoints: true }],
        }),
      )
      await quick.migrate(migrations)
      expect((await quick.pool?.query("select to_regclass('migrated_slowly') is not null as made"))?.rows).toEqual([
        { made: true },
      ])
      // A process starting while another does its start-up work waits for it longer than the bound.
      const order: string[] = []
      let held: () => void = () => {}
      const holding = new Promise<void>((resolve) => {
        held = resolve
      })
      const first = unbounded.withStartupLock(async () => {
        held()
        await new Promise((resolve) => setTimeout(resolve, 800))
        order.push('first')
      })
      await holding
      await quick.withStartupLock(async () => {
        order.push('second')
      })
      await first
      expect(order).toEqual(['first', 'second'])
      expect(
        (await quick.pool?.query<{ v: string }>("select current_setting('statement_timeout') as v"))?.rows,
      ).toEqual([{ v: '300ms' }])
    } finally {
      rmSync(migrations, { recursive: true, force: true })
      await unbounded.close()
      await quick.close()
      await bounded.close()
      await real.dispose()
    }
  })

  test('a fault of the query itself stays a logged 500', async () => {
    const db = drizzle(pool({ connectionString: adminUrl }))
    const app = await appRunning(() => db.execute('select * from no_such_table_anywhere'))
    const res = await app.inject('/api/thing')
    expect(res.statusCode).toBe(500)
    expect(res.headers['retry-after']).toBeUndefined()
    await app.close()
  })
})

/**
 * A TCP proxy in front of PostgreSQL that can go away and come back: what the app sees of a restart (its
 * connections reset, new ones refused) without stopping the shared server.
 */
async function proxyTo(target: URL) {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  async function start() {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname)
      for (const s of [client, upstream]) {
        sockets.add(s)
        s.on('error', () => {})
        s.on('close', () => sockets.delete(s))
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve))
    const address = server.address()
    if (typeof address === 'object' && address) port = address.port
  }
  await start()
  return {
    url: (database: string) => `postgres://${target.username}@127.0.0.1:${port}/${database}`,
    /** Resets every connection and refuses new ones, as a server that stopped. */
    stop: async () => {
      const closed = new Promise((resolve) => server?.close(resolve))
      for (const s of sockets) s.resetAndDestroy()
      await closed
    },
    start,
  }
}

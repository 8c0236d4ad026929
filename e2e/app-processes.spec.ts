import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { heapFlags } from '../apps/web/app-processes.testing.ts'
import { SERVER_ARGS } from './global-setup.ts'

/*
 * APP_PROCESSES (apps/web/app-processes.ts, decision 023): the production server as several processes on one port,
 * on PostgreSQL and Redis. It needs a PostgreSQL server (TEST_DATABASE_URL, as the integration tests do); CI has
 * one, so there a missing one fails the file instead of skipping it.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL
if (!ADMIN_URL && process.env.CI === 'true') throw new Error('TEST_DATABASE_URL is not set, and CI needs it')
const PORT = Number(process.env.E2E_PORT ?? 3111) + 7
const BASE = `http://127.0.0.1:${PORT}`
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const name = `tulpar_procs_${randomBytes(5).toString('hex')}`
const databaseUrl = () => {
  const u = new URL(ADMIN_URL as string)
  u.pathname = `/${name}`
  return u.toString()
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

interface Started {
  child: ChildProcess
  stderr: () => string
  exited: Promise<number | null>
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      AUTH_SECRET: randomBytes(24).toString('hex'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tulpar-procs-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, stderr: () => stderr, exited }
}

/** The primary's app processes, from the kernel's list of its children. */
const appPids = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)

/**
 * Whether a forked process runs its own command line yet: between its fork and its exec it is listed among the
 * primary's children with the primary's (an empty-HOME CI run on a slow machine read the replacement's heap flags
 * there, and found none).
 */
function execed(child: number, parent: number): boolean {
  try {
    return readFileSync(`/proc/${child}/cmdline`, 'utf8') !== readFileSync(`/proc/${parent}/cmdline`, 'utf8')
  } catch {
    return false
  }
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe.skipIf(!ADMIN_URL)('several app processes on one port (APP_PROCESSES)', () => {
  beforeAll(() => admin((c) => c.query(`create database ${name}`)))
  afterAll(() => admin((c) => c.query(`drop database if exists ${name} with (force)`)))

  test('two processes serve the port; one killed is replaced; SIGTERM stops all of them', async () => {
    const server = start({ APP_PROCESSES: '2', DATABASE_URL: databaseUrl(), REDIS_URL, APP_HEAP_MB: '512' })
    try {
      // The primary tells a parent with an IPC channel once every process listens.
      await new Promise<void>((resolve, reject) => {
        server.child.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(String(m)))))
        void server.exited.then((code) => reject(new Error(`exited with ${code}: ${server.stderr()}`)))
      })
      const pid = server.child.pid as number
      const first = appPids(pid)
      expect(first).toHaveLength(2)
      const ready = await (await fetch(`${BASE}/api/readyz`)).json()
      // Rate limits are counted in Redis, shared by the processes.
      expect(ready).toMatchObject({ status: 'ready', database: 'ok', redis: 'ok' })
      const home = await fetch(`${BASE}/`)
      expect(home.status).toBe(200)
      expect(await home.text()).toContain('Tulpar')

      const [victim, survivor] = first as [number, number]
      process.kill(victim, 'SIGKILL')
      const replaced = await until(
        'a new app process',
        () => {
          const now = appPids(pid)
          return now.length === 2 && !now.includes(victim) && now.every((p) => execed(p, pid)) ? now : undefined
        },
        15_000,
      )
      expect(replaced).toContain(survivor)
      // Each process, the replacement too, runs with the heap limit APP_HEAP_MB gave (app-processes.ts).
      for (const p of [...first, ...replaced].filter((p) => p !== victim))
        expect(heapFlags(p), `app process ${p}`).toEqual(['--max-old-space-size=512'])
      // New connections go round both; every one is answered while the new process starts and after.
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${BASE}/api/readyz`, { headers: { connection: 'close' } })
        expect(res.status).toBe(200)
        await res.arrayBuffer()
      }

      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      for (const p of replaced) expect(() => process.kill(p, 0), `app process ${p} still running`).toThrow()
    } finally {
      server.child.kill('SIGKILL')
    }
  }, 120_000)

  test('more than one process without Redis does not start, and says why', async () => {
    const server = start({ APP_PROCESSES: '2', DATABASE_URL: databaseUrl(), REDIS_URL: '' })
    expect(await server.exited).toBe(1)
    expect(server.stderr()).toContain('APP_PROCESSES: more than 1 needs REDIS_URL')
  }, 30_000)

  test('an app process that cannot start stops the server with an error, not a restart loop', async () => {
    // A database that does not exist: every process fails while it starts.
    const missing = databaseUrl().replace(name, `${name}_missing`)
    const server = start({ APP_PROCESSES: '2', DATABASE_URL: missing, REDIS_URL })
    expect(await server.exited).not.toBe(0)
    expect(server.stderr()).toMatch(/does not exist/)
  }, 60_000)
})

import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { like } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { IDLE_IN_TRANSACTION_MS, LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from '../../db/client.ts'
import { outboxMessages } from '../../db/schema.ts'
import { createTestApp } from '../../testing/test-app.ts'
import { testDriver } from '../../testing/test-db.ts'
import { createJobQueue } from './index.ts'

const WORKER = new URL('../../testing/job-worker.ts', import.meta.url).pathname
let t: Awaited<ReturnType<typeof createTestApp>>
const children: ChildProcess[] = []

/** A worker process; resolves once it printed `ready`. `lines` collects what it prints. */
async function startWorker(url: string, mode: 'work' | 'stall-before' | 'stall-after') {
  const child = spawn(process.execPath, [WORKER, url, mode], { stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  const lines: string[] = []
  const waiters: { match: string; resolve: () => void }[] = []
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    lines.push(line)
    for (const w of waiters.filter((w) => line.startsWith(w.match))) w.resolve()
  })
  const printed = (match: string) =>
    lines.some((l) => l.startsWith(match))
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ match, resolve }))
  await printed('ready')
  return { child, lines, printed }
}

const email = (key: string) => ({ key, to: `${key}@example.kz`, subject: 'Тест', text: 'Письмо' })
const delivered = async (prefix: string) =>
  (
    await t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.recipient, `${prefix}%`))
  ).map((m) => m.recipient)

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = await read()
    if (done(v) || Date.now() > until) return v
    await new Promise((r) => setTimeout(r, 250))
  }
}

describe.skipIf(testDriver() !== 'postgres')('the job queue across processes', () => {
  beforeAll(async () => {
    t = await createTestApp()
    // The shortest heartbeat pg-boss allows, so a dead worker's job is retried within seconds.
    await t.jobs.boss.updateQueue('email', { heartbeatSeconds: 10, retryDelay: 1, retryBackoff: false })
  })
  afterEach(() => {
    for (const c of children.splice(0)) c.kill('SIGKILL')
  })
  afterAll(() => t?.close())

  test("the queue's own connections wait for a lock, run a statement and sit in a transaction no longer than the app's", async () => {
    const { rows } = await t.jobs.boss.getDb().executeSql(
      `select current_setting('lock_timeout') as lock, current_setting('idle_in_transaction_session_timeout') as idle,
          current_setting('statement_timeout') as statement`,
    )
    expect(rows[0]).toEqual({
      lock: `${LOCK_TIMEOUT_MS / 1000}s`,
      idle: `${IDLE_IN_TRANSACTION_MS / 60_000}min`,
      statement: `${STATEMENT_TIMEOUT_MS / 1000}s`,
    })
  })

  test('two processes working one queue never deliver the same job twice', async () => {
    const url = t.database.url as string
    const a = await startWorker(url, 'work')
    const b = await startWorker(url, 'work')
    const keys = Array.from({ length: 120 }, (_, i) => `pair-${i}`)
    await t.jobs.sendMany('email', keys.map(email))
    const got = await waitFor(
      () => delivered('pair-'),
      (r) => r.length >= keys.length,
      30_000,
    )
    // Once every job is marked done and neither process has one in hand, no late duplicate can still come.
    const count = (w: { lines: string[] }, prefix: string) => w.lines.filter((l) => l.startsWith(prefix)).length
    const idle = (w: { lines: string[] }) => count(w, 'took pair-') === count(w, 'delivered pair-')
    await waitFor(
      async () =>
        (await t.jobs.boss.findJobs<{ key?: string }>('email')).filter((j) => j.data?.key?.startsWith('pair-')),
      (jobs) => jobs.length === keys.length && jobs.every((j) => j.state === 'completed') && idle(a) && idle(b),
      5_000,
    )
    const final = await delivered('pair-')
    expect(final.length).toBe(keys.length)
    expect(new Set(final).size).toBe(keys.length)
    expect(got.length).toBe(keys.length)
    const took = (w: { lines: string[] }) => w.lines.filter((l) => l.startsWith('took pair-')).length
    // Both took part (whichever was free), and together they took each job once.
    expect(took(a)).toBeGreaterThan(0)
    expect(took(b)).toBeGreaterThan(0)
    expect(took(a) + took(b)).toBe(keys.length)
  }, 60_000)

  test('a job whose process is killed mid-run is retried by another process and delivered once', async () => {
    const url = t.database.url as string
    // One worker dies before delivering, the other after delivering but before the job was marked done.
    const before = await startWorker(url, 'stall-before')
    await t.jobs.send('email', email('killed-before'))
    await before.printed('took killed-before')
    before.child.kill('SIGKILL')
    const after = await startWorker(url, 'stall-after')
    await t.jobs.send('email', email('killed-after'))
    await after.printed('delivered killed-after')
    after.child.kill('SIGKILL')
    expect(await delivered('killed-')).toEqual(['killed-after@example.kz'])

    // A healthy process picks both up once their heartbeats stop.
    const survivor = createJobQueue(t.database, url, { info() {}, warn() {}, error() {} })
    survivor.handle('email', (data) => t.services.notifications.deliverEmail(data))
    await survivor.start({ workers: true })
    try {
      const got = await waitFor(
        () => delivered('killed-'),
        (r) => r.length >= 2,
        40_000,
      )
      expect(got.sort()).toEqual(['killed-after@example.kz', 'killed-before@example.kz'])
      // The retry of the job that had already delivered found its receipt: still one email each.
      await waitFor(
        async () => (await t.jobs.boss.findJobs('email', { data: { key: 'killed-after' } })).map((j) => j.state),
        (states) => states.every((s) => s === 'completed'),
        20_000,
      )
      expect((await delivered('killed-')).length).toBe(2)
      const [job] = await t.jobs.boss.findJobs('email', { data: { key: 'killed-before' } })
      expect(job?.state).toBe('completed')
      expect(job?.retryCount).toBeGreaterThanOrEqual(1)
    } finally {
      await survivor.stop()
    }
  }, 90_000)
})

describe('stopping the job queue while a job runs', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(() => app?.close())

  test('stops after its grace, logs no error, and leaves the job to be retried', async () => {
    const errors: object[] = []
    const warnings: string[] = []
    const log = {
      info() {},
      warn: (_o: object, message: string) => warnings.push(message),
      error: (o: object) => errors.push(o),
    }
    const queue = createJobQueue(app.database, app.database.url, log, { stopGraceMs: 300 })
    const { promise: released, resolve: release } = Promise.withResolvers<void>()
    const { promise: running, resolve: began } = Promise.withResolvers<void>()
    // A job that outlives the stop's grace, as the estimate refresh does at a million listings.
    queue.handle('email', async () => {
      began()
      await released
    })
    await queue.start({ workers: true })
    await queue.send('email', email('cut-off'))
    await running
    const stopping = performance.now()
    await queue.stop()
    expect(performance.now() - stopping).toBeLessThan(5_000)
    release()
    // pg-boss settles the abandoned job after the stop: it records it as failed, to be retried, and on PostgreSQL
    // a later call finds its own connection closed and says so (had the record come too late, the job would stay
    // claimed until its heartbeat lapses).
    const stateOf = async () => (await app.jobs.boss.findJobs('email', { data: { key: 'cut-off' } }))[0]?.state
    if (testDriver() === 'postgres') {
      await waitFor(
        async () => warnings.length + errors.length,
        (n) => n > 0,
        10_000,
      )
      expect(errors).toEqual([])
      expect(warnings).toContain('a job was still running when the job queue stopped; it will be retried')
      expect(['retry', 'active']).toContain(await stateOf())
    } else {
      expect(await waitFor(stateOf, (state) => state !== 'active', 10_000)).toBe('retry')
      expect(errors).toEqual([])
    }
  }, 30_000)

  test('a job finishing within the grace still sends the job it leads to, and completes', async () => {
    const warnings: string[] = []
    const log = { info() {}, warn: (_o: object, message: string) => warnings.push(message), error() {} }
    const queue = createJobQueue(app.database, app.database.url, log, { stopGraceMs: 10_000 })
    const { promise: released, resolve: release } = Promise.withResolvers<void>()
    const { promise: running, resolve: began } = Promise.withResolvers<void>()
    // As a fresh listing's notice sends its e-mail when it is done.
    queue.handle('email', async (data) => {
      if (data.key !== 'leads-on') return
      began()
      await released
      await queue.send('email', email('led-to'))
    })
    await queue.start({ workers: true })
    await queue.send('email', email('leads-on'))
    await running
    const stopped = queue.stop()
    release()
    await stopped
    const find = async (key: string) => (await app.jobs.boss.findJobs('email', { data: { key } }))[0]?.state
    // Sent, not lost: waiting, or already run by a worker that fetched it before the stop took hold.
    expect(['created', 'completed']).toContain(await find('led-to'))
    expect(await find('leads-on')).toBe('completed')
    expect(warnings).toEqual([])
  }, 30_000)
})

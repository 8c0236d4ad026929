import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, test } from 'vitest'
import { infraAvailable, redisAnswers } from '../testing/infra.ts'
import { createRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const prefix = `rl-test:${randomBytes(6).toString('hex')}:`

const available = infraAvailable(`Redis at ${REDIS_URL}`, await redisAnswers(REDIS_URL))
const opened: RateLimiter[] = []
function limiter() {
  // These tests are about what Redis counts, not about its timeout: the production 50 ms is too tight on CI's two
  // cores while another worker runs embedded-database tests beside this file (two commands timed out there).
  const rl = createRedisRateLimiter(REDIS_URL, { prefix, commandTimeoutMs: 2000 })
  opened.push(rl)
  return rl
}

afterAll(async () => {
  if (!available) return
  const admin = new Redis(REDIS_URL)
  const keys = await admin.keys(`${prefix}*`)
  if (keys.length > 0) await admin.del(...keys)
  await admin.quit()
  await Promise.all(opened.map((rl) => rl.close()))
})

describe.skipIf(!available)('createRedisRateLimiter', () => {
  test('two limiters (two processes) share one counter', async () => {
    const a = limiter()
    const b = limiter()
    expect(await a.hit('sms:+77011234567', 2, 60)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 })
    const second = await b.hit('sms:+77011234567', 2, 60)
    expect(second).toMatchObject({ allowed: true, count: 2 })
    expect(second.retryAfterSeconds).toBeGreaterThan(55)
    const refused = await a.hit('sms:+77011234567', 2, 60)
    expect(refused.allowed).toBe(false)
    expect(refused.count).toBe(3)
    expect(refused.retryAfterSeconds).toBeGreaterThan(0)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)
  })

  test('concurrent hits are counted exactly once each', async () => {
    const a = limiter()
    const b = limiter()
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('burst', 10, 60)))
    expect(results.filter((r) => r.allowed)).toHaveLength(10)
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
  })

  test('the window expires', async () => {
    const a = limiter()
    expect((await a.hit('short', 1, 1)).allowed).toBe(true)
    const refused = await a.hit('short', 1, 1)
    expect(refused).toEqual({ allowed: false, count: 2, retryAfterSeconds: 1 })
    await new Promise((r) => setTimeout(r, 1200))
    expect(await a.hit('short', 1, 1)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 1 })
  })

  test('keys are independent, and reset clears a key for every process', async () => {
    const a = limiter()
    const b = limiter()
    await a.hit('x', 1, 60)
    expect((await b.hit('x', 1, 60)).allowed).toBe(false)
    expect((await b.hit('y', 1, 60)).allowed).toBe(true)
    await a.reset('x')
    expect((await b.hit('x', 1, 60)).allowed).toBe(true)
  })

  test('keys live under the prefix', async () => {
    await limiter().hit('prefixed', 5, 60)
    const admin = new Redis(REDIS_URL)
    try {
      expect(await admin.get(`${prefix}prefixed`)).toBe('1')
      expect(await admin.pttl(`${prefix}prefixed`)).toBeGreaterThan(0)
    } finally {
      await admin.quit()
    }
  })

  test('createRateLimiter with a URL uses Redis', async () => {
    const rl = createRateLimiter(REDIS_URL)
    opened.push(rl)
    const first = await rl.hit(`${prefix}picked`, 1, 60)
    expect(first.count).toBe(1)
    await rl.reset(`${prefix}picked`)
  })
})

import { describe, expect, test } from 'vitest'
import { createMemoryRateLimiter, createRateLimiter, LIMITS } from './rate-limit.ts'

function clock(start = 1_700_000_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

describe('createMemoryRateLimiter', () => {
  test('allows `limit` hits, then refuses with a positive retryAfter', async () => {
    const c = clock()
    const rl = createMemoryRateLimiter({ now: c.now })
    const first = await rl.hit('sms:+77011234567', 3, 60)
    expect(first).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 })
    expect((await rl.hit('sms:+77011234567', 3, 60)).allowed).toBe(true)
    const last = await rl.hit('sms:+77011234567', 3, 60)
    expect(last).toEqual({ allowed: true, count: 3, retryAfterSeconds: 60 })
    c.advance(15_500)
    const refused = await rl.hit('sms:+77011234567', 3, 60)
    expect(refused.allowed).toBe(false)
    expect(refused.count).toBe(4)
    expect(refused.retryAfterSeconds).toBe(45)
  })

  test('starts a new window once the old one has passed', async () => {
    const c = clock()
    const rl = createMemoryRateLimiter({ now: c.now })
    const { limit, windowSeconds } = LIMITS.smsPerNumberMinute
    expect((await rl.hit('k', limit, windowSeconds)).allowed).toBe(true)
    c.advance(59_999)
    const refused = await rl.hit('k', limit, windowSeconds)
    expect(refused).toEqual({ allowed: false, count: 2, retryAfterSeconds: 1 })
    c.advance(1)
    expect(await rl.hit('k', limit, windowSeconds)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 })
  })

  test('keys are independent, and reset clears one key', async () => {
    const rl = createMemoryRateLimiter({ now: clock().now })
    expect((await rl.hit('a', 1, 60)).allowed).toBe(true)
    expect((await rl.hit('a', 1, 60)).allowed).toBe(false)
    expect((await rl.hit('b', 1, 60)).allowed).toBe(true)
    await rl.reset('a')
    expect((await rl.hit('a', 1, 60)).allowed).toBe(true)
    expect((await rl.hit('b', 1, 60)).allowed).toBe(false)
  })

  test('prunes expired entries without timers and keeps counting live ones', async () => {
    const c = clock()
    const rl = createMemoryRateLimiter({ now: c.now })
    for (let i = 0; i < 999; i++) await rl.hit(`old:${i}`, 5, 1)
    await rl.hit('live', 5, 3600)
    c.advance(2000)
    for (let i = 0; i < 1000; i++) await rl.hit(`new:${i}`, 5, 3600)
    expect((await rl.hit('live', 5, 3600)).count).toBe(2)
    expect((await rl.hit('old:1', 5, 1)).count).toBe(1)
  })

  test('a limit of 0 refuses everything; bad arguments throw', async () => {
    const rl = createMemoryRateLimiter()
    expect((await rl.hit('x', 0, 10)).allowed).toBe(false)
    await expect(rl.hit('x', 1.5, 10)).rejects.toThrow(RangeError)
    await expect(rl.hit('x', 1, 0)).rejects.toThrow(RangeError)
  })
})

test('createRateLimiter without a Redis URL keeps counters in memory', async () => {
  const rl = createRateLimiter(null)
  expect((await rl.hit('k', 1, 60)).allowed).toBe(true)
  expect((await rl.hit('k', 1, 60)).allowed).toBe(false)
  await rl.close()
})

test('LIMITS describe the product limits', () => {
  expect(LIMITS.smsPerNumberMinute).toEqual({ limit: 1, windowSeconds: 60 })
  expect(LIMITS.smsPerNumberHour).toEqual({ limit: 5, windowSeconds: 3600 })
  expect(LIMITS.smsPerIpHour).toEqual({ limit: 20, windowSeconds: 3600 })
  expect(LIMITS.loginPerIdentifier).toEqual({ limit: 10, windowSeconds: 900 })
  expect(LIMITS.loginPerIp).toEqual({ limit: 50, windowSeconds: 900 })
  expect(LIMITS.codeAttempts).toBe(5)
})

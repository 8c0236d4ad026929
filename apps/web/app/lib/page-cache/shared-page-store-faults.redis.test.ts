import type { AddressInfo } from 'node:net'
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net'
import { Redis } from 'ioredis'
import { describe, expect, test, vi } from 'vitest'
import { page, REDIS_URL, redisAvailable, redisStores, renderAndKeep } from './shared-page-store-redis.testing.ts'

/*
 * The pages shared in Redis when Redis is slow, away, or could fill up (shared-page-store-redis.testing.ts): a page
 * never waits past its bound, and the start names a Redis without a bound that evicts.
 */

const answers = await redisAvailable()
const { store, newPrefix, warnings, memoryWarnings } = redisStores(answers)

/** A TCP proxy to Redis that can hold what clients send (a stalled Redis) or drop every connection (one that is down). */
async function redisProxy() {
  const target = new URL(REDIS_URL)
  const sockets = new Set<Socket>()
  let stalled = false
  let down = false
  const held: (() => void)[] = []
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy()
      return
    }
    const upstream = tcpConnect(Number(target.port || 6379), target.hostname)
    sockets.add(client).add(upstream)
    client.on('data', (chunk) => {
      if (stalled) held.push(() => upstream.write(chunk))
      else upstream.write(chunk)
    })
    upstream.on('data', (chunk) => client.write(chunk))
    const end = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('close', end).on('error', end)
    upstream.on('close', end).on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `redis://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    stall: () => {
      stalled = true
    },
    resume: () => {
      stalled = false
      for (const write of held.splice(0)) write()
    },
    goDown: () => {
      down = true
      for (const socket of sockets) socket.destroy()
      sockets.clear()
    },
    comeBack: () => {
      down = false
    },
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describe.skipIf(!answers)('Redis that pages could fill is named in the log at start', () => {
  /** Runs `body` with Redis's memory bound and policy set as given, then puts back what they were. */
  async function withMemorySettings(maxmemory: string, policy: string, body: () => Promise<void>) {
    const admin = new Redis(REDIS_URL)
    const [, before] = (await admin.config('GET', 'maxmemory')) as [string, string]
    const [, policyBefore] = (await admin.config('GET', 'maxmemory-policy')) as [string, string]
    try {
      // A bound far above what the tests store: nothing of theirs, or of other tests on this Redis, is evicted.
      await admin.config('SET', 'maxmemory', maxmemory)
      await admin.config('SET', 'maxmemory-policy', policy)
      await body()
    } finally {
      await admin.config('SET', 'maxmemory', before)
      await admin.config('SET', 'maxmemory-policy', policyBefore)
      admin.disconnect()
    }
  }

  test('no bound, or a bound that evicts nothing: one warning per process; a bound with LRU: none', async () => {
    await withMemorySettings('0', 'noeviction', async () => {
      await store(newPrefix())
      await vi.waitUntil(() => memoryWarnings.length > 0, { timeout: 2000, interval: 10 })
      expect(memoryWarnings).toEqual([{ redis: 'no maxmemory (policy noeviction)' }])
    })
    memoryWarnings.length = 0
    await withMemorySettings('4gb', 'noeviction', async () => {
      await store(newPrefix())
      await vi.waitUntil(() => memoryWarnings.length > 0, { timeout: 2000, interval: 10 })
      expect(memoryWarnings).toEqual([{ redis: 'maxmemory 4294967296 bytes with noeviction' }])
    })
    memoryWarnings.length = 0
    await withMemorySettings('4gb', 'allkeys-lru', async () => {
      const s = await store(newPrefix())
      // INFO was sent on the connection before the look-ups store() waited for: its answer came first.
      expect(await s.find('k')).toMatchObject({ found: 'none' })
      expect(memoryWarnings).toEqual([])
    })
  })
})

describe.skipIf(!answers)('Redis slow or away never fails or stalls a page', () => {
  test('a look-up Redis does not answer gives up after its wait, and failures are logged once a while', async () => {
    const proxy = await redisProxy()
    try {
      const prefix = newPrefix()
      const a = await store(prefix, { url: proxy.url, waitMs: 100 })
      proxy.stall()
      const started = performance.now()
      expect(await a.find('k')).toEqual({ found: 'error' })
      const ms = performance.now() - started
      expect(ms).toBeGreaterThanOrEqual(95)
      expect(ms).toBeLessThan(900)
      expect(await a.find('k')).toEqual({ found: 'error' })
      expect(await a.find('k')).toEqual({ found: 'error' })
      expect(warnings).toHaveLength(1)
      expect(warnings[0]?.msg).toBe('shared page cache: Redis failed; pages are rendered meanwhile')
      proxy.resume()
      await vi.waitUntil(async () => (await a.find('k')).found === 'none', { timeout: 5000, interval: 20 })
    } finally {
      await proxy.close()
    }
  })

  test('while Redis is away nothing is asked (misses at once); purges made meanwhile are sent when it is back', async () => {
    const proxy = await redisProxy()
    try {
      const prefix = newPrefix()
      const a = await store(prefix, { url: proxy.url })
      const direct = await store(prefix)
      await renderAndKeep(a, 'k', page(['listing:5']))
      proxy.goDown()
      await vi.waitUntil(async () => (await a.find('k')).found === 'error', { timeout: 3000, interval: 10 })
      const started = performance.now()
      expect(await a.find('k')).toEqual({ found: 'error' })
      // At once: nothing is sent, so nothing waits for this store's wait (2 s here).
      expect(performance.now() - started).toBeLessThan(500)
      // Only this process got the change's notification (the others' never came, say): its purge waits.
      expect(await a.purge(['listing:5'])).toBe(false)
      expect((await direct.find('k')).found).toBe('page')
      proxy.comeBack()
      await vi.waitUntil(async () => (await direct.find('k')).found === 'none', { timeout: 10_000, interval: 20 })
    } finally {
      await proxy.close()
    }
  })
})

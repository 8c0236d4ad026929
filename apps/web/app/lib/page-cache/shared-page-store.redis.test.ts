import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test, vi } from 'vitest'
import { newCspNonce } from '../security/kept-page-nonce.server.ts'
import { contentSecurityPolicy } from '../security/nonce.tsx'
import { LONGEST_GUEST_PAGE_MS } from './cache-for-guests.server.ts'
import { pagePolicyOf, purgePages } from './page-cache.server.ts'
import { pageCacheApp } from './page-cache-app.testing.ts'
import { PageCache } from './page-store.server.ts'
import type { SharedPageStore } from './shared-page-store.server.ts'
import { page, redisAvailable, redisStores, renderAndKeep } from './shared-page-store-redis.testing.ts'

/*
 * The pages shared in Redis, against a real Redis (shared-page-store-redis.testing.ts): what one process keeps the
 * others read, purges, the render-and-purge race, two app processes. Redis slow, away or unbounded:
 * shared-page-store-faults.redis.test.ts.
 */

const answers = await redisAvailable()
const { store, newPrefix, closeAfter } = redisStores(answers)

describe.skipIf(!answers)('the shared page store', () => {
  test("a page one process keeps is another's, with its age and time left; another build never sees it", async () => {
    const prefix = newPrefix()
    const [a, b] = [await store(prefix), await store(prefix)]
    expect(await renderAndKeep(a, 'identity|||/cars/1', page(['listing:1', 'listing:2']), 30_000)).toBe('kept')
    const found = await b.find('identity|||/cars/1')
    expect(found).toMatchObject({ found: 'page', page: page(['listing:1', 'listing:2']) })
    if (found.found !== 'page') throw new Error('not found')
    expect(found.ageMs).toBeGreaterThanOrEqual(0)
    expect(found.ageMs).toBeLessThan(5000)
    expect(found.ttlMs).toBeGreaterThan(25_000)
    expect(found.ttlMs).toBeLessThanOrEqual(30_000)
    // Another key, another build (a deploy), another prefix: nothing.
    expect((await b.find('identity|||/cars/2')).found).toBe('none')
    expect((await (await store(prefix, { buildId: 'build-b' })).find('identity|||/cars/1')).found).toBe('none')
    expect((await (await store(newPrefix())).find('identity|||/cars/1')).found).toBe('none')
  })

  test('a purge of one of its tags, by any process, ends it; other tags do not; everything ends with *', async () => {
    const prefix = newPrefix()
    const [a, b] = [await store(prefix), await store(prefix)]
    await renderAndKeep(a, 'k1', page(['listing:1', 'lists']))
    await renderAndKeep(a, 'k2', page(['listing:2']))
    await renderAndKeep(a, 'k3', page([]))
    expect(await b.purge(['listing:3', 'brand:bmw'])).toBe(true)
    expect((await a.find('k1')).found).toBe('page')
    expect(await b.purge(['lists'])).toBe(true)
    // Every process purges every change: the same purge twice is the same.
    expect(await a.purge(['lists'])).toBe(true)
    expect((await a.find('k1')).found).toBe('none')
    expect((await b.find('k2')).found).toBe('page')
    expect(await a.purge(['*'])).toBe(true)
    expect((await b.find('k2')).found).toBe('none')
    expect((await b.find('k3')).found).toBe('none')
    // Rendered after the purges: kept again.
    expect(await renderAndKeep(b, 'k1', page(['listing:1', 'lists'], 'car 1, new price'))).toBe('kept')
    expect(await a.find('k1')).toMatchObject({ found: 'page', page: { body: Buffer.from('car 1, new price') } })
  })

  test('a render that began before a purge of one of its tags is not kept; one that began after it is', async () => {
    const prefix = newPrefix()
    const [a, b] = [await store(prefix), await store(prefix)]
    const before = await a.find('k')
    if (before.found !== 'none') throw new Error('expected a miss')
    // The change's notification reaches process b while a renders the old data.
    await b.purge(['listing:9'])
    expect(await a.keep('k', page(['listing:9', 'listing:10']), 60_000, before.clock)).toBe('stale')
    expect((await b.find('k')).found).toBe('none')
    // A page of other tags, rendered meanwhile, is kept.
    expect(await a.keep('other', page(['listing:10']), 60_000, before.clock)).toBe('kept')
    expect(await renderAndKeep(a, 'k', page(['listing:9', 'listing:10']))).toBe('kept')
  })

  test("a page is kept for its own time at most, never past the longest (a car page's six hours)", async () => {
    const prefix = newPrefix()
    const a = await store(prefix)
    await renderAndKeep(a, 'short', page([]), 1000)
    await renderAndKeep(a, 'long', page([]), 24 * 3_600_000)
    const short = await a.find('short')
    const long = await a.find('long')
    expect(short.found === 'page' && short.ttlMs).toBeLessThanOrEqual(1000)
    expect(long.found === 'page' && long.ttlMs).toBeLessThanOrEqual(LONGEST_GUEST_PAGE_MS)
    expect(long.found === 'page' && long.ttlMs).toBeGreaterThan(LONGEST_GUEST_PAGE_MS - 60_000)
    await vi.waitUntil(async () => (await a.find('short')).found === 'none', { timeout: 3000, interval: 50 })
  })
})

describe.skipIf(!answers)('two app processes sharing their pages', () => {
  /** One app process: its own memory cache, the shared store, a car page whose renders the test can hold. */
  async function appProcess(prefix: string) {
    const cache = new PageCache(1_000_000)
    const shared = await store(prefix)
    const app = await pageCacheApp(cache, { shared })
    const state = { renders: 0, price: '12 500 000', hold: null as Promise<void> | null, started: () => {} }
    app.get('/cars/:id', async (request, reply) => {
      state.renders++
      const price = state.price
      const policy = pagePolicyOf(request)
      if (policy.eligible) {
        policy.seconds = 300
        policy.tags.add(`listing:${(request.params as { id: string }).id}`)
      }
      state.started()
      if (state.hold) await state.hold
      const nonce = newCspNonce()
      reply.header('content-security-policy', contentSecurityPolicy(nonce))
      const script = `<script nonce="${nonce}">1</script>`
      return reply.type('text/html; charset=utf-8').send(`${script}${`<p>${price} ₸</p>`.repeat(100)}${script}`)
    })
    closeAfter({ close: () => app.close() })
    return { app, cache, shared, state, purge: purgePages(cache, shared) }
  }

  const text = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const encoding = res.headers['content-encoding']
    return (
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload
    ).toString()
  }

  /** Waits until the page `a` rendered is in Redis (its write is not waited for by the answer). */
  const shared = (s: SharedPageStore, key: string) =>
    vi.waitUntil(async () => (await s.find(key)).found === 'page', { timeout: 5000, interval: 10 })

  test.each(['br', 'gzip', 'identity'])(
    'one render (%s) serves both: the other process answers it from Redis with a nonce of its own',
    async (encoding) => {
      const prefix = newPrefix()
      const [a, b] = [await appProcess(prefix), await appProcess(prefix)]
      const ask = (p: typeof a) => p.app.inject({ url: '/cars/1', headers: { 'accept-encoding': encoding } })
      const first = await ask(a)
      expect(first.headers['x-cache']).toBe('MISS')
      await shared(b.shared, `${encoding}|||/cars/1`)
      const fromRedis = await ask(b)
      expect(fromRedis.headers['x-cache']).toBe('HIT')
      expect(b.state.renders).toBe(0)
      expect(b.cache.stats()).toMatchObject({ sharedHits: 1, sharedMisses: 0, entries: 1 })
      // Then from b's own memory.
      const again = await ask(b)
      expect(again.headers['x-cache']).toBe('HIT')
      expect(b.cache.stats()).toMatchObject({ hits: 1, sharedHits: 1 })
      const nonces = [first, fromRedis, again].map((res) => {
        const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1] ?? ''
        expect(text(res)).toBe(
          `<script nonce="${nonce}">1</script>${'<p>12 500 000 ₸</p>'.repeat(100)}<script nonce="${nonce}">1</script>`,
        )
        return nonce
      })
      expect(new Set(nonces).size).toBe(3)
      expect(fromRedis.headers['content-encoding']).toBe(first.headers['content-encoding'])
      expect(fromRedis.headers['cache-control']).toBe(first.headers['cache-control'])
    },
  )

  test('a change purged in both processes is rendered again, once, and the new page is shared', async () => {
    const prefix = newPrefix()
    const [a, b] = [await appProcess(prefix), await appProcess(prefix)]
    await a.app.inject('/cars/1')
    await shared(b.shared, 'identity|||/cars/1')
    expect((await b.app.inject('/cars/1')).headers['x-cache']).toBe('HIT')
    a.state.price = b.state.price = '11 000 000'
    await Promise.all([a.purge(['listing:1']), b.purge(['listing:1'])])
    // A render begun in the purge's millisecond is not kept here (it might have read the data before it).
    const purgedAt = Date.now()
    await vi.waitUntil(() => Date.now() > purgedAt, { timeout: 1000, interval: 1 })
    expect(a.cache.lastPurged(['listing:1'], { unshared: true })).toBe(Number.NEGATIVE_INFINITY)
    const fresh = await b.app.inject('/cars/1')
    expect(fresh.headers['x-cache']).toBe('MISS')
    expect(fresh.body).toContain('11 000 000')
    await shared(a.shared, 'identity|||/cars/1')
    const onA = await a.app.inject('/cars/1')
    expect(onA.headers['x-cache']).toBe('HIT')
    expect(onA.body).toContain('11 000 000')
    expect(a.state.renders + b.state.renders).toBe(2)
  })

  test('a render that began before a purge is kept neither in memory nor in Redis', async () => {
    const prefix = newPrefix()
    const [a, b] = [await appProcess(prefix), await appProcess(prefix)]
    let release = () => {}
    a.state.hold = new Promise<void>((r) => {
      release = r
    })
    const started = new Promise<void>((r) => {
      a.state.started = r
    })
    const old = a.app.inject('/cars/1')
    await started
    // The price changes while a renders the old one; the notification reaches both processes.
    a.state.price = b.state.price = '9 900 000'
    await Promise.all([a.purge(['listing:1']), b.purge(['listing:1'])])
    release()
    a.state.hold = null
    expect((await old).body).toContain('12 500 000')
    expect(a.cache.stats()).toMatchObject({ entries: 0, stale: 1 })
    const nextOnA = await a.app.inject('/cars/1')
    expect(nextOnA.headers['x-cache']).toBe('MISS')
    expect(nextOnA.body).toContain('9 900 000')
  })

  test("a render that began before a purge only Redis has seen yet is kept in that process's memory, not in Redis", async () => {
    const prefix = newPrefix()
    const [a, b] = [await appProcess(prefix), await appProcess(prefix)]
    let release = () => {}
    a.state.hold = new Promise<void>((r) => {
      release = r
    })
    const started = new Promise<void>((r) => {
      a.state.started = r
    })
    const old = a.app.inject('/cars/1')
    await started
    b.state.price = '9 900 000'
    // b has the notification; a's is still on its way (a drops its own copy when it arrives).
    await b.purge(['listing:1'])
    release()
    a.state.hold = null
    expect((await old).headers['x-cache']).toBe('MISS')
    await vi.waitUntil(() => a.cache.stats().stale === 1, { timeout: 5000, interval: 10 })
    const onB = await b.app.inject('/cars/1')
    expect(onB.headers['x-cache']).toBe('MISS')
    expect(onB.body).toContain('9 900 000')
  })

  test('a process does not take from Redis a page rendered before a purge it has seen that Redis has not', async () => {
    const prefix = newPrefix()
    const [a, b] = [await appProcess(prefix), await appProcess(prefix)]
    await a.app.inject('/cars/1')
    await shared(b.shared, 'identity|||/cars/1')
    // b's purge reached its memory but not Redis yet (slow, or away a moment; it is sent again later): what
    // purgePages has done while Redis has not answered.
    b.state.price = '9 900 000'
    b.cache.purge(['listing:1'])
    b.cache.notePurgeShared(['listing:1'], Date.now(), false)
    const onB = await b.app.inject('/cars/1')
    expect(onB.headers['x-cache']).toBe('MISS')
    expect(onB.body).toContain('9 900 000')
    expect(b.cache.stats()).toMatchObject({ sharedHits: 0, sharedMisses: 1 })
  })

  test('signed-in visitors neither read the shared pages nor fill them', async () => {
    const prefix = newPrefix()
    const [a, b] = [await appProcess(prefix), await appProcess(prefix)]
    const signedIn = { cookie: 'tulpar.session_token=abc' }
    const mine = await a.app.inject({ url: '/cars/1', headers: signedIn })
    expect(mine.headers['x-cache']).toBeUndefined()
    expect(await b.shared.find('identity|||/cars/1')).toMatchObject({ found: 'none' })
    await a.app.inject('/cars/1')
    await shared(b.shared, 'identity|||/cars/1')
    const theirs = await b.app.inject({ url: '/cars/1', headers: signedIn })
    expect(theirs.headers['x-cache']).toBeUndefined()
    expect(b.state.renders).toBe(1)
    expect(b.cache.stats()).toMatchObject({ sharedHits: 0, sharedMisses: 0, entries: 0 })
  })
})

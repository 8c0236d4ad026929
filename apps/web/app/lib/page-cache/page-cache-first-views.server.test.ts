import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import { newCspNonce } from '../security/kept-page-nonce.server.ts'
import { contentSecurityPolicy } from '../security/nonce.tsx'
import { pagePolicyOf, purgePages } from './page-cache.server.ts'
import { pageCacheApp, testPage } from './page-cache-app.testing.ts'
import { PageCache } from './page-store.server.ts'
import type { SharedPageStore } from './shared-page-store.server.ts'

/*
 * Pages seen once are kept apart, compressed fast (decision 039): the second view answered from there with a nonce of
 * its own, purged like the rest, kept for good (with a fresh nonce in each answer) at the third view.
 */

const firstViewCache = () => new PageCache(1_000_000, Date.now, { firstViewBytes: 500_000 })

/** A real server with the front door before Fastify, as server.ts builds it; `/cars/N` kept 60 s with tag listing:N. */
async function server({ cache = firstViewCache(), renderMs = 0, csp = true } = {}) {
  const app = await pageCacheApp(cache, { frontDoor: true })
  let renders = 0
  app.get<{ Params: { id: string } }>('/cars/:id', async (request, reply) => {
    renders++
    if (renderMs) await new Promise((resolve) => setTimeout(resolve, renderMs))
    const nonce = newCspNonce()
    const policy = pagePolicyOf(request)
    if (policy.eligible) {
      policy.seconds = 60
      policy.tags.add(`listing:${request.params.id}`)
    }
    if (csp) reply.header('content-security-policy', contentSecurityPolicy(nonce))
    return reply.type('text/html; charset=utf-8').send(testPage(nonce, Number(request.params.id)))
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br', ...headers } })
    return { res, body: await res.text() }
  }
  return { app, cache, get, renders: () => renders }
}

/** The answer's nonce, after checking that every nonce its page carries is the one its policy names. */
function nonceOf(res: Response, body: string, id = 1): string {
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? ''
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  expect(body).toBe(testPage(nonce, id))
  return nonce
}

describe('pages seen once (first views)', () => {
  // Accept-Encoding, and the encoding of each of the four answers: a browser that takes Zstandard gets the first two
  // (made for it alone) in zstd, and the page kept for good in brotli like everyone (decision 027).
  test.each([
    ['br', ['br', 'br', 'br', 'br']],
    ['gzip', ['gzip', 'gzip', 'gzip', 'gzip']],
    ['identity', [null, null, null, null]],
    ['gzip, deflate, br, zstd', ['zstd', 'zstd', 'br', 'br']],
  ])(
    'the first view (%s) is its render; the second is answered from it, the third keeps it; each has a nonce of its own',
    async (encoding, sent) => {
      const { app, cache, get, renders } = await server()
      try {
        const headers = { 'accept-encoding': encoding }
        const first = await get('/cars/1', headers)
        expect(first.res.headers.get('x-cache')).toBe('MISS')
        expect(first.res.headers.get('content-encoding')).toBe(sent[0])
        const nonces = new Set([nonceOf(first.res, first.body)])
        expect(cache.stats()).toMatchObject({ entries: 0, firstViews: 1, secondViews: 0, promoted: 0 })

        // The second view through Fastify: answered from the first view with a nonce of its own, not kept for good.
        const second = await get('/cars/1', headers)
        expect(second.res.headers.get('x-cache')).toBe('HIT')
        expect(second.res.headers.get('content-encoding')).toBe(sent[1])
        nonces.add(nonceOf(second.res, second.body))
        expect(cache.stats()).toMatchObject({ entries: 0, firstViews: 1, secondViews: 1, promoted: 0 })
        // The third keeps it for good, then the front door answers.
        const third = await get('/cars/1', headers)
        expect(third.res.headers.get('x-cache')).toBe('HIT')
        expect(third.res.headers.get('content-encoding')).toBe(sent[2])
        nonces.add(nonceOf(third.res, third.body))
        expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 0, secondViews: 1, promoted: 1 })
        const fourth = await get('/cars/1', headers)
        expect(fourth.res.headers.get('content-encoding')).toBe(sent[3])
        nonces.add(nonceOf(fourth.res, fourth.body))
        expect(nonces.size).toBe(4)
        expect(renders()).toBe(1)
      } finally {
        await app.close()
      }
    },
  )

  test('a first view kept in zstd answers a browser that takes only brotli, and one that takes none', async () => {
    const { app, cache, get, renders } = await server()
    try {
      const chrome = { 'accept-encoding': 'gzip, deflate, br, zstd' }
      // A zstd answer is this browser's alone: no cache in front may hand it to another (ZSTD_GUEST_HEADERS).
      const notShared = (res: Response) => {
        expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=0, must-revalidate')
        expect(res.headers.get('cdn-cache-control')).toBe('no-store')
      }
      const shared = (res: Response) => {
        expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, must-revalidate')
        expect(res.headers.get('cdn-cache-control')).toBe('public, max-age=60, stale-while-revalidate=60')
      }
      const first = await get('/cars/1', chrome)
      expect(first.res.headers.get('content-encoding')).toBe('zstd')
      notShared(first.res)
      nonceOf(first.res, first.body)
      // Safari's second view: decoded from zstd, sent in brotli, which caches in front may keep.
      const safari = await get('/cars/1', { 'accept-encoding': 'gzip, deflate, br' })
      expect(safari.res.headers.get('x-cache')).toBe('HIT')
      expect(safari.res.headers.get('content-encoding')).toBe('br')
      shared(safari.res)
      nonceOf(safari.res, safari.body)
      // Its third view (the page's key is brotli's) keeps it for good in brotli, from the zstd copy.
      const third = await get('/cars/1', chrome)
      expect(third.res.headers.get('content-encoding')).toBe('br')
      shared(third.res)
      nonceOf(third.res, third.body)
      // A second view in zstd is not shared either.
      await get('/cars/3', chrome)
      const again = await get('/cars/3', chrome)
      expect(again.res.headers.get('content-encoding')).toBe('zstd')
      notShared(again.res)
      expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 1, secondViews: 2, promoted: 1 })
      // Zstandard refused (q=0) is not used; a client that takes no compression has a key of its own.
      const refused = await get('/cars/2', { 'accept-encoding': 'br, zstd;q=0' })
      expect(refused.res.headers.get('content-encoding')).toBe('br')
      const plain = await get('/cars/2', { 'accept-encoding': 'zstd' })
      expect(plain.res.headers.get('content-encoding')).toBeNull()
      nonceOf(plain.res, plain.body, 2)
      expect(renders()).toBe(4)
    } finally {
      await app.close()
    }
  })

  test('a purge of its tag drops a first view: the next view is rendered again, with the change', async () => {
    const { app, cache, get, renders } = await server()
    try {
      await get('/cars/1')
      await get('/cars/2')
      expect(cache.stats().firstViews).toBe(2)
      await purgePages(cache)(['listing:1'])
      expect(cache.stats().firstViews).toBe(1)
      const again = await get('/cars/1')
      expect(again.res.headers.get('x-cache')).toBe('MISS')
      nonceOf(again.res, again.body)
      expect(renders()).toBe(3)
      // A first view whose second view was answered from it: purged too, so its third view is rendered again.
      expect((await get('/cars/2')).res.headers.get('x-cache')).toBe('HIT')
      await purgePages(cache)(['listing:2'])
      expect((await get('/cars/2')).res.headers.get('x-cache')).toBe('MISS')
      expect(renders()).toBe(4)
      // Everything purged ('*'): first views too.
      await purgePages(cache)(['*'])
      expect(cache.stats()).toMatchObject({ entries: 0, firstViews: 0 })
    } finally {
      await app.close()
    }
  })

  test('a page guests waited for is kept for good at once; no header asks for it', async () => {
    const { app, cache, get, renders } = await server({ renderMs: 50 })
    try {
      // Three guests at once: one render; the two who waited make it a busy page, kept at once.
      const answers = await Promise.all([get('/cars/1'), get('/cars/1'), get('/cars/1')])
      expect(renders()).toBe(1)
      expect(answers.map((a) => a.res.headers.get('x-cache')).sort()).toEqual(['HIT', 'HIT', 'MISS'])
      expect(new Set(answers.map((a) => nonceOf(a.res, a.body))).size).toBe(3)
      expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 0 })

      // A header asking for it changes nothing (the member pages' was dropped, issue 39): a first view.
      const asked = await get('/cars/2', { 'x-tulpar-keep': '1' })
      expect(asked.res.headers.get('x-cache')).toBe('MISS')
      expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 1 })
      expect((await get('/cars/2')).res.headers.get('x-cache')).toBe('HIT')
      expect((await get('/cars/2')).res.headers.get('x-cache')).toBe('HIT')
      expect(cache.stats()).toMatchObject({ entries: 2, firstViews: 0, promoted: 1 })
      expect(renders()).toBe(2)
    } finally {
      await app.close()
    }
  })

  test('a page without a nonce is kept at once (its compression is the only cost, and no slots are made)', async () => {
    const { app, cache, get } = await server({ csp: false })
    try {
      await get('/cars/1')
      expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 0 })
    } finally {
      await app.close()
    }
  })

  test('without first views (the default), a page is kept at its first view', async () => {
    const { app, cache, get } = await server({ cache: new PageCache(1_000_000) })
    try {
      await get('/cars/1')
      expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 0 })
      expect((await get('/cars/1')).res.headers.get('x-cache')).toBe('HIT')
    } finally {
      await app.close()
    }
  })
})

describe('the store of first views', () => {
  const page = (key: string, tags: string[], bytes = 100) => ({
    key,
    status: 200,
    headers: {},
    body: Buffer.alloc(bytes, 'x'),
    tags,
    expiresAt: Number.MAX_SAFE_INTEGER,
    nonce: { slots: null, policy: ['a', 'b'] as [string, string] },
    firstView: { nonce: 'n', encoding: 'br' as const },
  })

  /** A page kept for good: the first view's page without its first view. */
  const kept = (key: string, bytes = 100) => {
    const { firstView: _, ...rest } = page(key, [key.slice(key.lastIndexOf('/') + 1)], bytes)
    return rest
  }

  test('is never answered from, is bounded by its own bytes while the kept pages use theirs, and is taken once', () => {
    const cache = new PageCache(10_000, Date.now, { firstViewBytes: 1_000 })
    // Pages kept for good fill their 10,000 bytes (pages of 100 bytes and a key of 14).
    for (let id = 100; id < 200; id++) cache.set(kept(`br|/cars/k${id}`, 100))
    expect(cache.stats().bytes).toBeGreaterThan(10_000 - 114)
    const at = Date.now()
    expect(cache.keepFirstView(page('br|/cars/1', ['listing:1']), at)).toBe(true)
    expect(cache.get('br|/cars/1')).toBeUndefined()
    expect(cache.peek('br|/cars/1')).toBeUndefined()
    // Ten pages of about 110 bytes do not fit in 1,000: the oldest goes.
    for (let id = 1; id <= 10; id++) cache.keepFirstView(page(`br|/cars/${id}`, [`listing:${id}`]), at)
    expect(cache.stats().firstViews).toBe(9)
    expect(cache.takeFirstView('br|/cars/1')).toBeUndefined()
    expect(cache.takeFirstView('br|/cars/3')?.firstView).toEqual({ nonce: 'n', encoding: 'br' })
    expect(cache.takeFirstView('br|/cars/3')).toBeUndefined()
  })

  test('takes the room the kept pages leave, and gives it back to them as they need it, down to its own bytes', () => {
    const cache = new PageCache(10_000, Date.now, { firstViewBytes: 1_000 })
    const at = Date.now()
    for (let id = 1; id <= 50; id++) cache.keepFirstView(page(`br|/cars/${id}`, [`listing:${id}`]), at)
    // 50 pages of about 110 bytes: five times their own 1,000, within the 11,000 of both stores.
    expect(cache.stats()).toMatchObject({ firstViews: 50, entries: 0 })
    expect(cache.stats().firstViewBytes).toBeGreaterThan(5_000)
    // Pages kept for good take their room back at once: the oldest first views go (and are remembered as seen).
    for (let id = 100; id < 160; id++) cache.set(kept(`br|/cars/k${id}`))
    const taken = cache.stats()
    expect(taken.entries).toBe(60)
    expect(taken.bytes + taken.firstViewBytes).toBeLessThanOrEqual(11_000)
    expect(taken.firstViews).toBeLessThan(50)
    expect(cache.peekFirstView('br|/cars/1')).toBeUndefined()
    expect(cache.seenBefore('br|/cars/1')).toBe(true)
    expect(cache.peekFirstView('br|/cars/50')).toBeDefined()
    // Counted apart (tulpar_page_cache_evicted_total{kind="first_view"}): no kept page was evicted yet.
    expect(taken).toMatchObject({ evicted: 0, firstViewsEvicted: 50 - taken.firstViews })
    // The kept pages keep to their own 10,000 (their oldest evicted, not the first views' last 1,000).
    for (let id = 200; id < 400; id++) cache.set(kept(`br|/cars/k${id}`))
    const full = cache.stats()
    expect(full.bytes).toBeLessThanOrEqual(10_000)
    expect(full.firstViewBytes).toBeGreaterThan(1_000 - 111)
    expect(full.firstViewBytes).toBeLessThanOrEqual(1_000 + 114)
    expect(cache.peekFirstView('br|/cars/50')).toBeDefined()
    // And a first view kept now evicts an older first view, not a kept page.
    cache.keepFirstView(page('br|/cars/51', ['listing:51']), at)
    expect(cache.stats().entries).toBe(full.entries)
    expect(cache.peekFirstView('br|/cars/51')).toBeDefined()
  })

  test('is not given a render that began before a purge of its tags', () => {
    const cache = new PageCache(10_000, Date.now, { firstViewBytes: 1_000 })
    const began = Date.now() - 10
    cache.purge(['listing:1'])
    expect(cache.keepFirstView(page('br|/cars/1', ['listing:1']), began)).toBe(false)
    expect(cache.stats().firstViews).toBe(0)
  })

  test('a page kept for good drops its first view; without first views nothing is kept apart', () => {
    const cache = new PageCache(10_000, Date.now, { firstViewBytes: 1_000 })
    cache.keepFirstView(page('br|/cars/1', ['listing:1']), Date.now())
    const { firstView, ...kept } = page('br|/cars/1', ['listing:1'])
    cache.set(kept)
    expect(cache.stats()).toMatchObject({ entries: 1, firstViews: 0 })
    const plain = new PageCache(10_000)
    expect(plain.keepsFirstViews).toBe(false)
    expect(plain.keepFirstView(page('br|/cars/1', []), Date.now())).toBe(false)
  })
})

describe('a page whose first view was evicted before its second', () => {
  test('is kept at once at its next view, until its time is up', async () => {
    let offset = 0
    // Kept pages with room for a few: the first views may take what those leave (decision 039), 8,000 bytes at most.
    const cache = new PageCache(4_000, () => Date.now() + offset, { firstViewBytes: 4_000 })
    const { app, get, renders } = await server({ cache })
    try {
      await get('/cars/1')
      // Other pages' first views push it out (a few hundred bytes of brotli each; one page at most 500).
      for (let id = 2; id <= 40; id++) await get(`/cars/${id}`)
      expect(cache.stats().firstViews).toBeLessThan(39)
      const again = await get('/cars/1')
      expect(again.res.headers.get('x-cache')).toBe('MISS')
      nonceOf(again.res, again.body)
      expect(cache.stats()).toMatchObject({ entries: 1, promoted: 0 })
      expect((await get('/cars/1')).res.headers.get('x-cache')).toBe('HIT')
      expect(renders()).toBe(41)
      // Past the time it would have been kept (60 s), an evicted page's next view is a first view again.
      offset = 61_000
      await get('/cars/2')
      expect(cache.stats().entries).toBe(1)
    } finally {
      await app.close()
    }
  })
})

describe('first views with the shared store (Redis)', () => {
  test("a page kept at its third view is shared with its first look-up's clock, unless its first view is old", async () => {
    let offset = 0
    const cache = new PageCache(1_000_000, () => Date.now() + offset, { firstViewBytes: 500_000 })
    const kept: { key: string; clock: number }[] = []
    let clock = 1_000
    const shared = {
      find: async () => ({ found: 'none' as const, clock: clock++ }),
      keep: async (key: string, _entry: unknown, _ttlMs: number, at: number) => {
        kept.push({ key, clock: at })
        return 'kept' as const
      },
      purge: async () => true,
      close: async () => {},
    } as unknown as SharedPageStore
    const app = await pageCacheApp(cache, { shared })
    app.get('/cars/:id', async (request, reply) => {
      const nonce = newCspNonce()
      const policy = pagePolicyOf(request)
      if (policy.eligible) policy.seconds = 3600
      reply.header('content-security-policy', contentSecurityPolicy(nonce))
      return reply.type('text/html; charset=utf-8').send(testPage(nonce, 1))
    })
    try {
      const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'br' } })
      await get('/cars/1')
      expect((await get('/cars/1')).headers['x-cache']).toBe('HIT')
      expect(kept).toEqual([])
      expect((await get('/cars/1')).headers['x-cache']).toBe('HIT')
      expect(kept).toEqual([{ key: expect.stringContaining('/cars/1'), clock: 1_000 }])
      // A first view stored a minute ago (this cache's clock): kept here at its third view, not given to Redis.
      offset = -60_000
      await get('/cars/2')
      offset = 0
      expect((await get('/cars/2')).headers['x-cache']).toBe('HIT')
      expect((await get('/cars/2')).headers['x-cache']).toBe('HIT')
      expect(cache.stats()).toMatchObject({ entries: 2, promoted: 2 })
      expect(kept).toHaveLength(1)
    } finally {
      await app.close()
    }
  })
})

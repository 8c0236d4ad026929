import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { observePageCache, readMetrics } from '@tulpar/api'
import Fastify from 'fastify'
import { describe, expect, test, vi } from 'vitest'
import { newCspNonce } from '../security/kept-page-nonce.server.ts'
import { contentSecurityPolicy } from '../security/nonce.tsx'
import { cachedPageDoor, pagePolicyOf, purgePages, registerPageCache } from './page-cache.server.ts'
import { testEntry as entry, pageCacheApp } from './page-cache-app.testing.ts'
import { PageCache } from './page-store.server.ts'

describe('the page cache', () => {
  test('a purge drops exactly the pages that show the tag', () => {
    const cache = new PageCache(1_000_000)
    cache.set(entry('a', 'car 1', ['listing:1']))
    cache.set(entry('b', 'toyota list', ['brand:toyota', 'listing:1', 'listing:2']))
    cache.set(entry('c', 'bmw list', ['brand:bmw', 'listing:3']))
    expect(cache.purge(['listing:1'])).toBe(2)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')?.body.toString()).toBe('bmw list')
    expect(cache.purge(['*'])).toBe(1)
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 })
  })

  test('the tag index follows pages kept, replaced, evicted and purged, with one string per tag and one header set per shape', () => {
    const cache = new PageCache(1_000_000)
    const headers = () => ({ 'content-type': 'text/html; charset=utf-8', vary: 'accept-encoding' })
    const id = 7
    // Tags made as the routes make them (a concatenation, not the same string object).
    cache.set({ ...entry('a', 'car 7', [`listing:${id}`, 'listing:8']), headers: headers() })
    cache.set({ ...entry('b', 'car 8', ['listing:8', `listing:${id}`]), headers: headers() })
    cache.set({ ...entry('c', 'car 9', ['listing:9']), headers: { ...headers(), vary: 'accept-language' } })
    const [a, b, c] = ['a', 'b', 'c'].map((key) => cache.get(key))
    expect(a?.headers).toBe(b?.headers)
    expect(Object.isFrozen(a?.headers)).toBe(true)
    expect(c?.headers).not.toBe(a?.headers)
    expect(c?.headers).toEqual({ 'content-type': 'text/html; charset=utf-8', vary: 'accept-language' })
    // Shown by a and b: b's copy of the tag is gone, a's kept for both.
    expect(b?.tags[1]).toBe('listing:7')
    // b kept again with fewer tags: 'listing:7' leads to a alone, 'listing:8' to both.
    cache.set(entry('b', 'car 8, new', ['listing:8']))
    expect(cache.purge(['listing:7'])).toBe(1)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')?.body.toString()).toBe('car 8, new')
    expect(cache.purge(['listing:8'])).toBe(1)
    expect(cache.purge(['listing:7', 'listing:8'])).toBe(0)
    expect(cache.purge(['listing:9'])).toBe(1)
    // A tag UTF-8 cannot carry (a lone surrogate) is indexed as it is: a purge naming it still finds its page.
    cache.set(entry('d', 'odd', ['brand:\uD800']))
    expect(cache.purge(['brand:\uD800'])).toBe(1)
    // Evicted pages leave the index: a tag they showed purges only the pages kept since.
    const small = new PageCache(160)
    const page = '*'.repeat(19) // with its one-letter key, 20 bytes: eight fit
    small.set(entry('x', page, ['listing:1', 'listing:2']))
    small.set(entry('y', page, ['listing:1']))
    for (const key of '0123456') small.set(entry(key, page, ['lists']))
    expect(small.get('x')).toBeUndefined()
    expect(small.purge(['listing:2'])).toBe(0)
    expect(small.purge(['listing:1'])).toBe(1)
    expect(small.purge(['lists'])).toBe(7)
    expect(small.stats()).toMatchObject({ entries: 0, bytes: 0 })
  })

  test('a page kept owns exactly its bytes, not the block its body was cut from', () => {
    const cache = new PageCache(1_000_000)
    // As zlib and Buffer.concat answer on Node 24: a 13 KB view into a 64 KB block.
    const block = Buffer.alloc(65_536, 7)
    const body = block.subarray(1_000, 14_000)
    cache.set({ ...entry('a', '', []), body })
    const kept = cache.get('a')?.body
    expect(kept?.equals(body)).toBe(true)
    expect(kept?.buffer.byteLength).toBe(13_000)
    // A first view too (a store of its own).
    const firsts = new PageCache(1_000_000, Date.now, { firstViewBytes: 1_000_000 })
    firsts.keepFirstView({ ...entry('b', '', []), body, firstView: { nonce: 'n', encoding: 'br' } }, Date.now())
    expect(firsts.peekFirstView('b')?.body.buffer.byteLength).toBe(13_000)
  })

  test('an expired page is not served', () => {
    let now = 1000
    const cache = new PageCache(1_000_000, () => now)
    cache.set(entry('a', 'x', [], 2000))
    expect(cache.get('a')).toBeDefined()
    now = 2000
    expect(cache.get('a')).toBeUndefined()
  })

  test('a page whose render began before a purge of one of its tags (or of everything) is not kept', () => {
    let now = 1000
    const cache = new PageCache(1_000_000, () => now)
    const started = now
    now = 1010
    cache.purge(['listing:1'])
    now = 1020
    expect(cache.set(entry('a', 'car 1, old price', ['listing:1', 'listing:2']), started)).toBe(false)
    expect(cache.set(entry('b', 'car 3', ['listing:3']), started)).toBe(true)
    // Begun after the purge: kept.
    expect(cache.set(entry('a', 'car 1, new price', ['listing:1']), 1015)).toBe(true)
    expect(cache.get('a')?.body.toString()).toBe('car 1, new price')
    cache.purge(['*'])
    expect(cache.set(entry('c', 'car 3', ['listing:3']), 1015)).toBe(false)
    expect(cache.stats()).toMatchObject({ entries: 0, stale: 2 })
    // Purges are remembered for a minute: a render that took longer is not kept at all.
    now = 70_000
    expect(cache.set(entry('d', 'car 4', ['listing:4']), 1015)).toBe(false)
    expect(cache.set(entry('d', 'car 4', ['listing:4']), 69_000)).toBe(true)
    // The purge of everything (at 1020) is the last of listing 1's.
    expect(cache.lastPurged(['listing:1'])).toBe(1020)
    cache.purge(['listing:5'])
    // The old purges are forgotten once a later one comes.
    expect(cache.lastPurged(['listing:1'])).toBe(Number.NEGATIVE_INFINITY)
  })

  test('a purge is pending for the shared store until Redis has it, and stays so when Redis did not take it', async () => {
    const cache = new PageCache(1_000_000)
    const answers: ((taken: boolean) => void)[] = []
    const purge = purgePages(cache, {
      purge: () =>
        new Promise<boolean>((resolve) => {
          answers.push(resolve)
        }),
    })
    const unshared = (tag: string) => cache.lastPurged([tag], { unshared: true })
    const first = purge(['listing:1'])
    expect(unshared('listing:1')).toBeGreaterThan(0)
    answers[0]?.(true)
    await first
    expect(unshared('listing:1')).toBe(Number.NEGATIVE_INFINITY)
    const second = purge(['listing:2'])
    answers[1]?.(false)
    await second
    expect(unshared('listing:2')).toBeGreaterThan(0)
    expect(cache.stats()).toMatchObject({ purges: 2, sharedErrors: 1 })
    // Without a shared store nothing is pending.
    await purgePages(cache)(['listing:3'])
    expect(unshared('listing:3')).toBe(Number.NEGATIVE_INFINITY)
  })

  test('stays within its bytes, dropping the least recently used first', () => {
    const cache = new PageCache(1000)
    cache.set(entry('a', 'a'.repeat(100), ['t']))
    cache.set(entry('b', 'b'.repeat(100), ['t']))
    cache.get('a') // now b is the oldest
    for (let i = 0; i < 8; i++) cache.set(entry(`c${i}`, 'c'.repeat(100), ['t']))
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    // A page larger than an eighth of the cache is never kept.
    cache.set(entry('big', 'x'.repeat(130), ['t']))
    expect(cache.get('big')).toBeUndefined()
  })
})

describe('in a server', () => {
  async function server() {
    const cache = new PageCache(1_000_000)
    const app = await pageCacheApp(cache)
    let renders = 0
    app.get('/page/:id', async (request, reply) => {
      renders++
      const policy = pagePolicyOf(request)
      if (policy.eligible && request.params && (request.params as { id: string }).id !== 'private') {
        policy.seconds = (request.params as { id: string }).id === 'hour' ? 3600 : 60
        policy.tags.add('listing:1')
      }
      if ((request.params as { id: string }).id === 'cookie') reply.header('set-cookie', 'a=b')
      reply.type('text/html')
      await new Promise((r) => setTimeout(r, 20))
      return `render ${renders}`.padEnd(4000, '.')
    })
    return { app, cache, renders: () => renders }
  }

  test('a page kept an hour here (a car page): a CDN keeps it a minute and answers it stale 5 minutes at most', async () => {
    const { app } = await server()
    const hour = await app.inject('/page/hour')
    expect(hour.headers['x-cache']).toBe('MISS')
    expect(hour.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, must-revalidate')
    expect(hour.headers['cdn-cache-control']).toBe('public, max-age=60, stale-while-revalidate=300')
  })

  test('a guest gets the stored page; a signed-in visitor never reads or fills it', async () => {
    const { app, cache, renders } = await server()
    const first = await app.inject('/page/1')
    expect(first.headers['x-cache']).toBe('MISS')
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, must-revalidate')
    expect(first.headers['cdn-cache-control']).toBe('public, max-age=60, stale-while-revalidate=60')
    const second = await app.inject('/page/1')
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.body).toBe(first.body)
    // Stored compressed for a browser that takes brotli, sent as stored (not compressed twice).
    const br = await app.inject({ url: '/page/1', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['x-cache']).toBe('MISS')
    const brHit = await app.inject({ url: '/page/1', headers: { 'accept-encoding': 'gzip, br' } })
    expect(brHit.headers['x-cache']).toBe('HIT')
    expect(brHit.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brHit.rawPayload).toString()).toMatch(/^render 2\.+$/)
    const signedIn = await app.inject({ url: '/page/1', headers: { cookie: 'tulpar.session_token=s' } })
    expect(signedIn.body).toMatch(/^render 3\./)
    expect(signedIn.headers['x-cache']).toBeUndefined()
    const signedInNew = await app.inject({ url: '/page/9', headers: { cookie: 'tulpar.session_token=s' } })
    expect(signedInNew.body).toMatch(/^render 4\./)
    expect(cache.stats().entries).toBe(2)
    cache.purge(['listing:1'])
    expect((await app.inject('/page/1')).body).toMatch(/^render 5\./)
    expect(renders()).toBe(5)
  })

  test("the metrics read the cache's own counters: hits, misses, bypasses, purges, its size and members' pages", async () => {
    const { app, cache } = await server()
    // The member pages' counts come from registerMemberPages (member-pages.server.test.ts counts them).
    const stop = observePageCache(() => ({
      ...cache.stats(),
      purgedPages: cache.stats().purged,
      // First views' counts come from the cache too (page-cache-first-views.server.test.ts counts them).
      secondViews: 5,
      memberShared: 3,
      memberRendered: 1,
      viewers: { hits: 7, misses: 2, forgotten: 1, entries: 2 },
    }))
    try {
      await app.inject('/page/1') // a miss, then kept
      await app.inject('/page/1') // a hit
      await app.inject('/page/cookie') // a miss whose answer cannot be kept
      cache.purge(['listing:1'])
      const text = await readMetrics()
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
      expect(value('tulpar_page_cache_hits_total')).toBe(1)
      expect(value('tulpar_page_cache_misses_total')).toBe(2)
      expect(value('tulpar_page_cache_bypasses_total')).toBe(1)
      expect(value('tulpar_page_cache_purges_total')).toBe(1)
      expect(value('tulpar_page_cache_purged_pages_total')).toBe(1)
      expect(value('tulpar_page_cache_entries')).toBe(0)
      expect(value('tulpar_page_cache_bytes')).toBe(0)
      expect(value('tulpar_page_cache_second_views_total')).toBe(5)
      expect(value('tulpar_page_cache_member_pages_total\\{outcome="shared"\\}')).toBe(3)
      expect(value('tulpar_page_cache_member_pages_total\\{outcome="rendered"\\}')).toBe(1)
      expect(value('tulpar_page_cache_viewers_total\\{outcome="hit"\\}')).toBe(7)
      expect(value('tulpar_page_cache_viewers_total\\{outcome="miss"\\}')).toBe(2)
      expect(value('tulpar_page_cache_viewers_total\\{outcome="forgotten"\\}')).toBe(1)
      expect(value('tulpar_page_cache_viewer_sessions')).toBe(2)
    } finally {
      stop()
    }
  })

  test('an answer that sets a cookie or a page that did not ask is not stored', async () => {
    const { app, cache } = await server()
    expect((await app.inject('/page/cookie')).headers['x-cache']).toBe('BYPASS')
    expect((await app.inject('/page/private')).headers['x-cache']).toBe('BYPASS')
    expect(cache.stats().entries).toBe(0)
  })

  test('a page whose render began before a purge of what it shows is sent but not kept', async () => {
    const app = Fastify()
    const cache = new PageCache(1_000_000)
    registerPageCache(app, cache)
    let renders = 0
    let purgedAt = 0
    app.get('/cars/1', async (request) => {
      const n = ++renders
      const policy = pagePolicyOf(request)
      if (policy.eligible) {
        policy.seconds = 60
        policy.tags.add('listing:1')
      }
      // The change commits and is purged while the first render has the old data.
      if (n === 1) {
        cache.purge(['listing:1'])
        purgedAt = Date.now()
      }
      return `render ${n}`
    })
    const first = await app.inject('/cars/1')
    expect(first.body).toBe('render 1')
    expect(first.headers['x-cache']).toBe('MISS')
    expect(cache.stats()).toMatchObject({ entries: 0, stale: 1 })
    // A render begun in the purge's millisecond is not kept either (it might have read the data before it).
    await vi.waitUntil(() => Date.now() > purgedAt, { timeout: 1000, interval: 1 })
    expect((await app.inject('/cars/1')).body).toBe('render 2')
    expect((await app.inject('/cars/1')).headers['x-cache']).toBe('HIT')
  })

  test('guests asking at once for the same page wait for one render', async () => {
    const { app, renders } = await server()
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.inject('/page/1')))
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(renders()).toBe(1)
  })
})

describe('the front door (hits answered before Fastify)', () => {
  test('serves a stored page with its headers, length and age; anything else goes on', async () => {
    const cache = new PageCache(1_000_000)
    cache.set({
      key: 'identity|||/cars/1',
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY', vary: 'accept-encoding' },
      body: Buffer.from('<p>car 1</p>'),
      tags: ['listing:1'],
      expiresAt: Number.MAX_SAFE_INTEGER,
    })
    const door = cachedPageDoor(cache)
    const server = createServer((request, response) => {
      if (!door(request, response)) response.end('went on')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const hit = await fetch(`${base}/cars/1`, {
        headers: { 'accept-encoding': 'identity', 'x-request-id': 'edge-12345678' },
      })
      expect(await hit.text()).toBe('<p>car 1</p>')
      expect(hit.headers.get('x-cache')).toBe('HIT')
      expect(hit.headers.get('x-frame-options')).toBe('DENY')
      expect(hit.headers.get('content-length')).toBe('12')
      expect(hit.headers.get('age')).toBe('0')
      expect(hit.headers.get('x-request-id')).toBe('edge-12345678')
      const head = await fetch(`${base}/cars/1`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
      expect(head.headers.get('x-cache')).toBe('HIT')
      expect(await head.text()).toBe('')
      // Another encoding, a session, a post or a page not stored: on to Fastify, and no miss counted here.
      const before = cache.stats()
      expect(await (await fetch(`${base}/cars/1`, { headers: { 'accept-encoding': 'gzip' } })).text()).toBe('went on')
      expect(
        await (
          await fetch(`${base}/cars/1`, {
            headers: { 'accept-encoding': 'identity', cookie: 'tulpar.session_token=s' },
          })
        ).text(),
      ).toBe('went on')
      expect(
        await (await fetch(`${base}/cars/1`, { method: 'POST', headers: { 'accept-encoding': 'identity' } })).text(),
      ).toBe('went on')
      expect(cache.stats().misses).toBe(before.misses)
      cache.purge(['listing:1'])
      expect(await (await fetch(`${base}/cars/1`, { headers: { 'accept-encoding': 'identity' } })).text()).toBe(
        'went on',
      )
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe("a kept page's Content-Security-Policy nonce", () => {
  /** A page as entry.server.tsx writes it: its nonce in the policy and on its scripts and module preloads. */
  const page = (nonce: string, n: number) =>
    [
      `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/>`,
      `<title>car ${n}</title></head><body>${'<p>Toyota Camry 2019, 12 500 000 ₸, Алматы</p>'.repeat(60)}`,
      `<script nonce="${nonce}">window.__reactRouterContext = {"n":${n}};</script>`,
      `<script type="module" async nonce="${nonce}">import "/assets/entry.js";</script></body></html>`,
    ].join('')

  /** A real server with the front door before Fastify, as server.ts builds it. */
  async function server() {
    const cache = new PageCache(1_000_000)
    const app = await pageCacheApp(cache, { frontDoor: true })
    let renders = 0
    app.get('/cars/1', async (request, reply) => {
      renders++
      const nonce = newCspNonce()
      const policy = pagePolicyOf(request)
      if (policy.eligible) policy.seconds = 60
      reply.header('content-security-policy', contentSecurityPolicy(nonce))
      return reply.type('text/html; charset=utf-8').send(page(nonce, 1))
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    return { app, base, renders: () => renders }
  }

  /** The answer's nonce, after checking that every nonce its page carries is the one its policy names. */
  function nonceOf(csp: string | null | undefined, body: string): string {
    const nonce = /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect([...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1])).toEqual([nonce, nonce, nonce])
    expect(body).toBe(page(nonce ?? '', 1))
    return nonce ?? ''
  }

  test.each(['br', 'gzip', 'identity'])(
    'each guest answer of a kept page (%s) has a nonce of its own, the same in its policy and its scripts',
    async (encoding) => {
      const { app, base, renders } = await server()
      try {
        const nonces = new Set<string>()
        for (let i = 0; i < 4; i++) {
          const res = await fetch(`${base}/cars/1`, { headers: { 'accept-encoding': encoding } })
          expect(res.headers.get('x-cache')).toBe(i === 0 ? 'MISS' : 'HIT')
          expect(res.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding)
          nonces.add(nonceOf(res.headers.get('content-security-policy'), await res.text()))
        }
        // Hits through Fastify's hooks too (requests made with inject, and guests who waited for the render).
        for (let i = 0; i < 2; i++) {
          const res = await app.inject({ url: '/cars/1', headers: { 'accept-encoding': encoding } })
          expect(res.headers['x-cache']).toBe('HIT')
          const body =
            encoding === 'br'
              ? brotliDecompressSync(res.rawPayload).toString()
              : encoding === 'gzip'
                ? gunzipSync(res.rawPayload).toString()
                : res.body
          nonces.add(nonceOf(res.headers['content-security-policy'] as string, body))
        }
        expect(nonces.size).toBe(6)
        expect(renders()).toBe(1)
        // A HEAD's policy names a fresh nonce too.
        const head = await fetch(`${base}/cars/1`, { method: 'HEAD', headers: { 'accept-encoding': encoding } })
        expect(nonces.has(/'nonce-([^']+)'/.exec(head.headers.get('content-security-policy') ?? '')?.[1] ?? '')).toBe(
          false,
        )
      } finally {
        await app.close()
      }
    },
  )
})

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { observePageCache, readMetrics } from '@tulpar/api'
import Fastify from 'fastify'
import { describe, expect, test, vi } from 'vitest'
import { newCspNonce } from '../security/kept-page-nonce.server.ts'
import { contentSecurityPolicy } from '../security/nonce.tsx'
import { cachedPageDoor, pagePolicyOf, registerPageCache } from './page-cache.server.ts'
import { pageCacheApp } from './page-cache-app.testing.ts'
import { PageCache } from './page-store.server.ts'

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
      // The segment pages are written to is kept when its last page goes (a small cache's segments: 64 KB).
      expect(value('tulpar_page_cache_memory_bytes')).toBe(65_536)
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

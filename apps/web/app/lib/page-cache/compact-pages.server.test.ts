import { describe, expect, test } from 'vitest'
import type { NonceSlots } from '../security/kept-page-nonce.server.ts'
import { CompactPages } from './compact-pages.server.ts'
import { hash32 } from './compact-tags.server.ts'
import type { Entry } from './page-store.server.ts'

/* The pages kept with no object per page (decision 046). Its use as the page cache's store is page-store.server.test.ts. */
const page = (key: string, body: Buffer | string, tags: string[], extra: Partial<Entry> = {}): Entry => ({
  key,
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: typeof body === 'string' ? Buffer.from(body) : body,
  tags,
  storedAt: 1_000,
  expiresAt: Number.MAX_SAFE_INTEGER,
  ...extra,
})

describe('the compact page store', () => {
  test('keys whose hashes collide are each answered with their own page', () => {
    // Found by search: the same 32-bit hash.
    const [a, b] = ['br|ru||/cars/85818', 'br|ru||/cars/1722606']
    expect(hash32(a)).toBe(hash32(b))
    const pages = new CompactPages(1_000_000)
    pages.add(page(a, 'car 85818', ['listing:85818']))
    expect(pages.use(b, 0)).toBeUndefined()
    pages.add(page(b, 'car 1722606', ['listing:1722606']))
    expect(pages.use(a, 0)?.body.toString()).toBe('car 85818')
    expect(pages.use(b, 0)?.body.toString()).toBe('car 1722606')
    expect(pages.remove(a)).toBe(true)
    expect(pages.use(a, 0)).toBeUndefined()
    expect(pages.use(b, 0)?.body.toString()).toBe('car 1722606')
  })

  test("tags whose hashes collide purge each other's pages: a render more, never a stale page", () => {
    const [x, y] = ['listing:756845', 'listing:1105710']
    expect(hash32(x)).toBe(hash32(y))
    const pages = new CompactPages(1_000_000)
    pages.add(page('a', 'a', [x]))
    pages.add(page('b', 'b', [y]))
    pages.add(page('c', 'c', ['listing:3']))
    expect(pages.purge(x)).toBe(2)
    expect(pages.size).toBe(1)
    expect(pages.use('c', 0)?.body.toString()).toBe('c')
  })

  test('a page comes back as it was kept: status, shared headers, tags, times, nonce slots and policy', () => {
    const pages = new CompactPages(1_000_000)
    const crc = { value: 123_456_789, placeholder: Buffer.from('placeholder-nonce!!!'), shift: Uint32Array.of(1, 2, 3) }
    const slots: NonceSlots = { length: 20, offsets: [5, 900], crc }
    const policy: [string, string] = ["script-src 'nonce-", "' 'self'"]
    pages.add(page('a', 'x'.repeat(1_000), ['listing:1', 'model:9'], { nonce: { slots, policy }, status: 404 }))
    pages.add(page('b', 'y', ['listing:2'], { nonce: { slots: null, policy }, storedAt: 5, expiresAt: 9 }))
    const a = pages.use('a', 0)
    expect(a).toMatchObject({ key: 'a', status: 404, tags: ['listing:1', 'model:9'], storedAt: 1_000 })
    expect(a?.nonce?.slots).toEqual(slots)
    expect(a?.nonce?.policy).toEqual(policy)
    const b = pages.peek('b')
    expect(b).toMatchObject({ storedAt: 5, expiresAt: 9, nonce: { slots: null, policy } })
    // One frozen header set and policy for the pages that share them.
    expect(b?.headers).toBe(a?.headers)
    expect(Object.isFrozen(a?.headers)).toBe(true)
    expect(b?.nonce?.policy).toBe(a?.nonce?.policy)
    // A first view (decision 039): its render's nonce, encoding and shared clock, and whether it answered its second.
    pages.add(page('f', 'first', [], { firstView: { nonce: 'abc', encoding: 'zstd', sharedClock: 42 } }))
    expect(pages.peek('f')?.firstView).toStrictEqual({ nonce: 'abc', encoding: 'zstd', sharedClock: 42 })
    expect(pages.markAnswered('f')).toBe(true)
    expect(pages.markAnswered('nothing')).toBe(false)
    expect(pages.use('f', 0)?.firstView).toStrictEqual({
      nonce: 'abc',
      encoding: 'zstd',
      sharedClock: 42,
      answered: true,
    })
    expect(pages.peek('a')?.firstView).toBeUndefined()
    // An expired page is dropped when asked for.
    expect(pages.use('b', 9)).toBeUndefined()
    expect(pages.peek('b')).toBeUndefined()
  })

  test('stays the least recently used order through thousands of pages, with every tag found after the tables grew', () => {
    const pages = new CompactPages(1_000_000_000)
    for (let i = 0; i < 5_000; i++) pages.add(page(`/cars/${i}`, `car ${i}`, [`listing:${i}`, `model:${i % 7}`]))
    expect(pages.size).toBe(5_000)
    expect(pages.oldestKey()).toBe('/cars/0')
    pages.use('/cars/0', 0)
    expect(pages.oldestKey()).toBe('/cars/1')
    expect(pages.purge('listing:4321')).toBe(1)
    expect(pages.use('/cars/4321', 0)).toBeUndefined()
    expect(pages.purge('model:3')).toBe(714)
    expect(pages.size).toBe(5_000 - 1 - 714)
    expect(pages.use('/cars/4999', 0)?.body.toString()).toBe('car 4999')
    expect(pages.bytes).toBe(
      [...Array(5_000).keys()].filter((i) => i % 7 !== 3 && i !== 4321).reduce((n, i) => n + 2 * `${i}`.length + 10, 0),
    )
    pages.clear()
    expect(pages).toMatchObject({ size: 0, bytes: 0, memory: 0 })
    pages.add(page('a', 'a', ['t']))
    expect(pages.purge('t')).toBe(1)
  })

  test('its segments stay within the bound and two segments while popular pages are kept and the tail goes by', () => {
    const bound = 8 << 20 // segments of 256 KB
    const pages = new CompactPages(bound)
    const body = Buffer.alloc(14_000, 1)
    const hot = Array.from({ length: 50 }, (_, i) => `/cars/hot/${i}`)
    for (const key of hot) pages.add(page(key, body, [key]))
    let most = 0
    for (let i = 0; i < 20_000; i++) {
      const key = `/cars/${i}`
      pages.add(page(key, body, [`listing:${i}`]))
      // The cache's own bound (PageCache evicts the least recently used, then tidies).
      while (pages.bytes > bound) pages.remove(pages.oldestKey() as string)
      pages.tidy()
      for (const hotKey of hot) if (i % 10 === 0) expect(pages.use(hotKey, 0)?.body.equals(body)).toBe(true)
      most = Math.max(most, pages.memory)
    }
    expect(most).toBeLessThanOrEqual(bound + 3 * (256 << 10))
    for (const key of hot) expect(pages.use(key, 0)?.body.equals(body)).toBe(true)
  })

  test('a page larger than a segment gets one of its own, dropped with it', () => {
    const pages = new CompactPages(1 << 20) // segments of 64 KB
    pages.add(page('small', 'x', []))
    pages.add(page('big', Buffer.alloc(100_000, 2), ['big']))
    pages.add(page('after', 'y', []))
    expect(pages.use('big', 0)?.body.length).toBe(100_000)
    const memory = pages.memory
    expect(pages.purge('big')).toBe(1)
    expect(pages.memory).toBeLessThan(memory)
    expect(pages.use('small', 0)?.body.toString()).toBe('x')
    expect(pages.use('after', 0)?.body.toString()).toBe('y')
  })
})

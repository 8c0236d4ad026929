import { describe, expect, test } from 'vitest'
import { purgePages } from './page-cache.server.ts'
import { testEntry as entry } from './page-cache-app.testing.ts'
import { PageCache } from './page-store.server.ts'

/* The store alone (page-store.server.ts, compact-pages.server.ts): what it keeps, drops and purges. Its use in a server is
 * page-cache.server.test.ts. */
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
    // Counted for the metrics (tulpar_page_cache_evicted_total): x alone made room; purges are not evictions.
    expect(small.stats()).toMatchObject({ evicted: 1, firstViewsEvicted: 0 })
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
    // Copied into the store's segments (compact-pages.server.ts): the block is not held, nor written through.
    expect(kept?.buffer).not.toBe(block.buffer)
    block.fill(8)
    expect(cache.get('a')?.body.equals(Buffer.alloc(13_000, 7))).toBe(true)
    // A first view too (a store of its own).
    const firsts = new PageCache(1_000_000, Date.now, { firstViewBytes: 1_000_000 })
    firsts.keepFirstView({ ...entry('b', '', []), body, firstView: { nonce: 'n', encoding: 'br' } }, Date.now())
    expect(firsts.peekFirstView('b')?.body.equals(Buffer.alloc(13_000, 8))).toBe(true)
    expect(firsts.peekFirstView('b')?.body.buffer).not.toBe(block.buffer)
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

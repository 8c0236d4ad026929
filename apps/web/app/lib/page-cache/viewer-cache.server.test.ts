import { describe, expect, test } from 'vitest'
import { ViewerCache } from './viewer-cache.server.ts'

/** A lookup the test answers when it wants (a database round trip under way). */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('the viewer cache (decision 037)', () => {
  test('keeps what a lookup found, per session, and only that; nobody found is never kept', async () => {
    const cache = new ViewerCache<string>()
    let lookups = 0
    const found = (userId: string, value: string) => async () => {
      lookups++
      return { userId, value }
    }
    expect(await cache.get('s1', found('u1', 'Aigerim'))).toEqual({ userId: 'u1', value: 'Aigerim' })
    expect(await cache.get('s1', found('u1', 'changed'))).toEqual({ userId: 'u1', value: 'Aigerim' })
    expect(cache.peek('s2')).toBeUndefined()
    expect(await cache.get('s2', found('u2', 'Bob'))).toEqual({ userId: 'u2', value: 'Bob' })
    expect(await cache.get('forged', async () => null)).toBeNull()
    expect(cache.peek('forged')).toBeUndefined()
    expect(lookups).toBe(2)
    expect(cache.stats()).toMatchObject({ entries: 2, hits: 1, misses: 3 })
  })

  test('one lookup at a time per session: the others wait for it', async () => {
    const cache = new ViewerCache<string>()
    const lookup = deferred<{ userId: string; value: string }>()
    let lookups = 0
    const load = () => {
      lookups++
      return lookup.promise
    }
    const both = Promise.all([cache.get('s1', load), cache.get('s1', load)])
    lookup.resolve({ userId: 'u1', value: 'v' })
    expect(await both).toEqual([
      { userId: 'u1', value: 'v' },
      { userId: 'u1', value: 'v' },
    ])
    expect(lookups).toBe(1)
  })

  test("forgetting a user drops every session of theirs and nobody else's", async () => {
    const cache = new ViewerCache<string>()
    await cache.get('phone', async () => ({ userId: 'u1', value: 'a' }))
    await cache.get('laptop', async () => ({ userId: 'u1', value: 'a' }))
    await cache.get('other', async () => ({ userId: 'u2', value: 'b' }))
    cache.forget(['u1', 'u-unknown'])
    expect(cache.peek('phone')).toBeUndefined()
    expect(cache.peek('laptop')).toBeUndefined()
    expect(cache.peek('other')?.value).toBe('b')
    cache.forget('*')
    expect(cache.peek('other')).toBeUndefined()
    expect(cache.stats()).toMatchObject({ entries: 0, forgotten: 3 })
  })

  test('a lookup under way when its user changed is answered but not kept (it may have read the old data)', async () => {
    const cache = new ViewerCache<string>()
    const lookup = deferred<{ userId: string; value: string }>()
    const pending = cache.get('s1', () => lookup.promise)
    cache.forget(['u1'])
    lookup.resolve({ userId: 'u1', value: 'before the change' })
    expect((await pending)?.value).toBe('before the change')
    expect(cache.peek('s1')).toBeUndefined()
    // Another user's change does not concern it; one begun after the change is kept.
    const later = deferred<{ userId: string; value: string }>()
    const next = cache.get('s1', () => later.promise)
    cache.forget(['u2'])
    later.resolve({ userId: 'u1', value: 'after' })
    await next
    expect(cache.peek('s1')?.value).toBe('after')
    // Everyone: no lookup under way is kept.
    const third = deferred<{ userId: string; value: string }>()
    const pendingThird = cache.get('s3', () => third.promise)
    cache.forget('*')
    third.resolve({ userId: 'u3', value: 'x' })
    await pendingThird
    expect(cache.peek('s3')).toBeUndefined()
  })

  test('past 10,000 changed users the record is cleared and lookups under way are not kept', async () => {
    const cache = new ViewerCache<string>()
    const lookup = deferred<{ userId: string; value: string }>()
    const pending = cache.get('s1', () => lookup.promise)
    for (let i = 0; i < 10_001; i++) cache.forget([`other-${i}`])
    lookup.resolve({ userId: 'u1', value: 'v' })
    await pending
    expect(cache.peek('s1')).toBeUndefined()
  })

  test('kept for its time limit or until the session ends, whichever is first', async () => {
    let now = 1_000
    const cache = new ViewerCache<string>({ ttlMs: 15_000, now: () => now })
    await cache.get('long', async () => ({ userId: 'u1', value: 'a' }))
    await cache.get('ending', async () => ({ userId: 'u2', value: 'b', expiresAt: 6_000 }))
    await cache.get('ended', async () => ({ userId: 'u3', value: 'c', expiresAt: 1_000 }))
    expect(cache.peek('ended')).toBeUndefined()
    now = 5_999
    expect(cache.peek('ending')?.value).toBe('b')
    now = 6_000
    expect(cache.peek('ending')).toBeUndefined()
    now = 15_999
    expect(cache.peek('long')?.value).toBe('a')
    now = 16_000
    expect(cache.peek('long')).toBeUndefined()
    expect(cache.stats().entries).toBe(0)
  })

  test('bounded: the oldest sessions go first', async () => {
    const cache = new ViewerCache<number>({ maxEntries: 3 })
    for (const n of [1, 2, 3, 4]) await cache.get(`s${n}`, async () => ({ userId: `u${n}`, value: n }))
    expect(cache.peek('s1')).toBeUndefined()
    expect([2, 3, 4].map((n) => cache.peek(`s${n}`)?.value)).toEqual([2, 3, 4])
    expect(cache.stats().entries).toBe(3)
    // A dropped entry's user index goes with it: forgetting that user drops nothing else.
    cache.forget(['u1'])
    expect(cache.stats().entries).toBe(3)
  })
})

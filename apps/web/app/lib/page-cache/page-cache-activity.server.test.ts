import { afterEach, describe, expect, test, vi } from 'vitest'
import { logPageCacheActivity } from './page-cache-activity.server.ts'
import { testEntry as entry } from './page-cache-app.testing.ts'
import { PageCache } from './page-store.server.ts'

describe("the page cache's activity in the log", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test("each minute's hits (the front door's too), misses and purges, and nothing for a quiet minute", () => {
    vi.useFakeTimers()
    const cache = new PageCache(1_000_000)
    const lines: { obj: object; msg: string }[] = []
    const stop = logPageCacheActivity(cache, { info: (obj, msg) => lines.push({ obj, msg }) })
    cache.set(entry('a', 'car 1', ['listing:1']))
    cache.set(entry('b', 'car 2', ['listing:2']))
    cache.get('a')
    cache.peek('a')
    cache.peek('b')
    cache.get('missing')
    vi.advanceTimersByTime(60_000)
    expect(lines).toEqual([
      {
        msg: 'page cache activity',
        obj: { pageCache: { seconds: 60, hits: 3, misses: 1, purged: 0, hitRatio: 0.75, entries: 2, bytes: 12 } },
      },
    ])
    // Only what happened since the last line.
    cache.purge(['listing:1'])
    vi.advanceTimersByTime(60_000)
    expect(lines[1]?.obj).toEqual({
      pageCache: { seconds: 60, hits: 0, misses: 0, purged: 1, hitRatio: 0, entries: 1, bytes: 6 },
    })
    vi.advanceTimersByTime(60_000)
    expect(lines).toHaveLength(2)
    stop()
    cache.get('b')
    vi.advanceTimersByTime(120_000)
    expect(lines).toHaveLength(2)
  })
})

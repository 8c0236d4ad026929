import type { PageCache } from './page-store.server.ts'

export interface ActivityLog {
  info(obj: object, msg: string): void
}

/**
 * Logs what the cache did in each interval (a minute by default), when it did anything: hits, misses and purged
 * pages in it, and the entries and bytes kept at its end. Hits answered at the front door never reach the request
 * log; this is where a process without an access log in front tells how many guests it served from memory.
 * Answers a function that stops it.
 */
export function logPageCacheActivity(cache: PageCache, log: ActivityLog, everyMs = 60_000): () => void {
  let last = cache.stats()
  const timer = setInterval(() => {
    const now = cache.stats()
    const hits = now.hits - last.hits
    const misses = now.misses - last.misses
    const purged = now.purged - last.purged
    last = now
    if (hits === 0 && misses === 0 && purged === 0) return
    log.info(
      {
        pageCache: {
          seconds: Math.round(everyMs / 1000),
          hits,
          misses,
          purged,
          hitRatio: Math.round((hits / Math.max(1, hits + misses)) * 1000) / 1000,
          entries: now.entries,
          bytes: now.bytes,
        },
      },
      'page cache activity',
    )
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

import type { RateLimiter } from '../../lib/rate-limit.ts'

/**
 * A rate limiter that counts in memory like the tests' and, while `refusing`, says "over the limit" on every hit:
 * every route whose service asks a limit then answers 429, so the fuzzer sees the 429s that a bounded number of
 * requests would never reach (20 orders an hour...) and checks that the document lists them.
 */
export function createRefusingLimiter(inner: RateLimiter) {
  let refusing = false
  let refused = 0
  const limiter: RateLimiter = {
    async hit(key, limit, windowSeconds) {
      const result = await inner.hit(key, limit, windowSeconds)
      if (!refusing) return result
      refused++
      return { allowed: false, count: limit + 1, retryAfterSeconds: windowSeconds }
    },
    reset: (key) => inner.reset(key),
    health: () => inner.health(),
    close: () => inner.close(),
  }
  return {
    limiter,
    /** Runs `work` with every limit refused. */
    async refusing<T>(work: () => Promise<T>): Promise<T> {
      refusing = true
      try {
        return await work()
      } finally {
        refusing = false
      }
    },
    /** Hits refused so far. */
    refused: () => refused,
  }
}

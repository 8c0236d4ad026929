import type { RateLimiter, RateLimitResult } from './rate-limiter.ts'

/** After a failure the shared store is not asked again for this long: requests answer at once meanwhile. */
export const FALLBACK_RETRY_MS = 2000

export interface FallbackOptions {
  /** Called once when the shared store stops answering (not for every request). */
  onOutage?: (error: Error) => void
  /** Called once when it answers again. */
  onRecovery?: () => void
  now?: () => number
}

/**
 * Counts in `shared` (Redis) while it answers and in `local` (this process's memory) while it does not, so an
 * outage neither fails the limited calls nor lifts the limits: every process keeps enforcing them on its own
 * counters. After a failure `shared` is skipped for FALLBACK_RETRY_MS, so a stalled store costs one request
 * one command timeout, not every request. Counts made during the outage stay local (they are not replayed).
 */
export function createFallbackRateLimiter(
  shared: RateLimiter,
  local: RateLimiter,
  { onOutage, onRecovery, now = () => Date.now() }: FallbackOptions = {},
): RateLimiter {
  let skipSharedUntil = 0
  let down = false

  function failed(error: unknown) {
    skipSharedUntil = now() + FALLBACK_RETRY_MS
    if (!down) {
      down = true
      onOutage?.(error instanceof Error ? error : new Error(String(error)))
    }
  }

  async function viaShared<T>(use: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    if (now() < skipSharedUntil) return use(local)
    try {
      const answer = await use(shared)
      if (down) {
        down = false
        onRecovery?.()
      }
      return answer
    } catch (error) {
      failed(error)
      return use(local)
    }
  }

  return {
    hit: (key, limit, windowSeconds): Promise<RateLimitResult> => viaShared((l) => l.hit(key, limit, windowSeconds)),
    async reset(key) {
      await local.reset(key)
      await viaShared((l) => l.reset(key))
    },
    health: () => shared.health(),
    async close() {
      await Promise.all([shared.close(), local.close()])
    },
  }
}

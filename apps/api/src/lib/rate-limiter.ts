import type { FastifyReply } from 'fastify'
import { AppError } from './errors.ts'
import { countRateLimitRefusal } from './metrics.ts'

/*
 * What a rate limiter is (rate-limit.ts makes the shared one, rate-limit-fallback.ts its stand-in while Redis is
 * down) and how a module enforces its limits: enforceRateLimits throws RateLimitedError (429), withRetryAfter tells
 * the client when to come back.
 */

export interface RateLimitResult {
  /** Whether this hit is within the limit. */
  allowed: boolean
  /** Hits in the current window, this one included (refused hits count too). */
  count: number
  /** Seconds before another hit on this key can be allowed; 0 when one can be now. */
  retryAfterSeconds: number
}

/** Fixed-window counters: at most `limit` allowed hits per key per `windowSeconds`-long window. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>
  reset(key: string): Promise<void>
  /** Where the counters live and whether that store answers now (for /api/readyz). */
  health(): Promise<RateLimiterHealth>
  close(): Promise<void>
}

interface RateLimiterHealth {
  store: 'redis' | 'memory'
  /** `down`: the shared store does not answer; counters fall back to this process (see rate-limit-fallback.ts). */
  status: 'ok' | 'down'
}

/** Over a limit: HTTP 429, with the seconds before trying again (withRetryAfter sends them as Retry-After). */
class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super('rate_limited', 429, 'Too many requests, please try again later')
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export interface LimitCheck {
  key: string
  limit: number
  windowSeconds: number
}

/**
 * Throws RateLimitedError when any check is over its limit (every check is counted, in order, until one is); the
 * refusal is counted by the key's rule (tulpar_rate_limit_refusals_total).
 */
export async function enforceRateLimits(limiter: RateLimiter, checks: LimitCheck[]): Promise<void> {
  for (const c of checks) {
    const result = await limiter.hit(c.key, c.limit, c.windowSeconds)
    if (!result.allowed) {
      countRateLimitRefusal(c.key)
      throw new RateLimitedError(result.retryAfterSeconds)
    }
  }
}

/** Adds Retry-After to a 429, then lets the problem handler write the body. */
export async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds))
    throw error
  }
}

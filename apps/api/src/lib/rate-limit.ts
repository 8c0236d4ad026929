import { Redis } from 'ioredis'
import { createFallbackRateLimiter } from './rate-limit-fallback.ts'
import type { RateLimiter, RateLimitResult } from './rate-limiter.ts'

export type { RateLimiter } from './rate-limiter.ts'

/**
 * The product's limits, as data. Keys are the caller's, e.g. `sms:num:+77011234567`, `sms:ip:1.2.3.4`,
 * `login:id:name@example.kz`, `login:ip:1.2.3.4`.
 */
export const LIMITS = {
  /** One SMS code per phone number per minute ("resend in 60 s"). */
  smsPerNumberMinute: { limit: 1, windowSeconds: 60 },
  /** Five SMS codes per phone number per hour. */
  smsPerNumberHour: { limit: 5, windowSeconds: 3600 },
  /** Twenty SMS codes per client IP per hour (SMS pumping). */
  smsPerIpHour: { limit: 20, windowSeconds: 3600 },
  /** Ten sign-in attempts per phone/email per 15 minutes. */
  loginPerIdentifier: { limit: 10, windowSeconds: 900 },
  /** Fifty sign-in attempts per client IP per 15 minutes. */
  loginPerIp: { limit: 50, windowSeconds: 900 },
  /** Wrong guesses allowed for one SMS/email code before it is void. */
  codeAttempts: 5,
  /**
   * Code checks per phone number per hour, whatever codes were sent in between (a new code does not reset it):
   * at most this many guesses an hour at one number's 6-digit code.
   */
  codeChecksPerNumberHour: { limit: 10, windowSeconds: 3600 },
  /** Code checks per client IP per 15 minutes (one client guessing at many numbers). */
  codeChecksPerIp: { limit: 30, windowSeconds: 900 },
  /** New accounts per email per hour (the same address tried again and again). */
  signUpPerEmailHour: { limit: 5, windowSeconds: 3600 },
  /** New accounts per client IP per hour. */
  signUpPerIpHour: { limit: 20, windowSeconds: 3600 },
} as const

function result(count: number, limit: number, msLeft: number): RateLimitResult {
  const allowed = count <= limit
  const seconds = Math.max(1, Math.ceil(msLeft / 1000))
  return { allowed, count, retryAfterSeconds: count >= limit ? seconds : 0 }
}

function checkArgs(limit: number, windowSeconds: number) {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be an integer >= 0, got ${limit}`)
  if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
    throw new RangeError(`windowSeconds must be an integer >= 1, got ${windowSeconds}`)
  }
}

/** Prune expired entries every this many hits (no timers, so nothing keeps the process alive). */
const PRUNE_EVERY = 1000

/** Counters in this process's memory: for a single process (the embedded demo) and tests. */
export function createMemoryRateLimiter({ now = () => Date.now() }: { now?: () => number } = {}): RateLimiter {
  const windows = new Map<string, { count: number; expiresAt: number }>()
  let hits = 0

  function prune(at: number) {
    for (const [key, entry] of windows) if (entry.expiresAt <= at) windows.delete(key)
  }

  return {
    async hit(key, limit, windowSeconds) {
      checkArgs(limit, windowSeconds)
      const at = now()
      if (++hits % PRUNE_EVERY === 0) prune(at)
      let entry = windows.get(key)
      if (!entry || entry.expiresAt <= at) {
        entry = { count: 0, expiresAt: at + windowSeconds * 1000 }
        windows.set(key, entry)
      }
      entry.count++
      return result(entry.count, limit, entry.expiresAt - at)
    },
    async reset(key) {
      windows.delete(key)
    },
    async health() {
      return { store: 'memory', status: 'ok' }
    },
    async close() {
      windows.clear()
    },
  }
}

/**
 * INCR, and start the window (PEXPIRE) when the key is new or has somehow lost its expiry; answers
 * [count, ms left]. One script, so concurrent processes never see a counter without a window.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { count, left }
`

export interface RedisRateLimiterOptions {
  /** Prefixed to every key (default `rl:`). */
  prefix?: string
  /** Connection errors (ioredis reconnects by itself); without it they are ignored. */
  onError?: (error: Error) => void
  /** A command not answered in this time fails (default 50 ms): a stalled Redis must not stall requests. */
  commandTimeoutMs?: number
}

/**
 * Counters in Redis, shared by every process using the same server and prefix. `hit` rejects within
 * `commandTimeoutMs` when Redis does not answer, connected or not (the timeout covers a command waiting for the
 * connection too), and at once when a connection attempt fails; callers choose what then
 * (createFallbackRateLimiter counts in the process instead).
 */
export function createRedisRateLimiter(
  url: string,
  { prefix = 'rl:', onError, commandTimeoutMs = 50 }: RedisRateLimiterOptions = {},
): RateLimiter {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    enableAutoPipelining: true,
  })
  redis.on('error', (error: Error) => onError?.(error))

  return {
    async hit(key, limit, windowSeconds) {
      checkArgs(limit, windowSeconds)
      const answer = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowSeconds * 1000))) as [number, number]
      return result(Number(answer[0]), limit, Number(answer[1]))
    },
    async reset(key) {
      await redis.del(prefix + key)
    },
    async health() {
      try {
        return { store: 'redis', status: (await redis.ping()) === 'PONG' ? 'ok' : 'down' }
      } catch {
        return { store: 'redis', status: 'down' }
      }
    },
    async close() {
      try {
        await redis.quit()
      } catch {
        redis.disconnect()
      }
    },
  }
}

/**
 * Redis when a URL is configured (several processes), else memory (one process). With Redis, an outage
 * falls back to this process's own counters (decision 009) and is reported through `onOutage`.
 */
export function createRateLimiter(
  redisUrl: string | null,
  { onOutage, onRecovery }: { onOutage?: (error: Error) => void; onRecovery?: () => void } = {},
): RateLimiter {
  if (!redisUrl) return createMemoryRateLimiter()
  return createFallbackRateLimiter(createRedisRateLimiter(redisUrl), createMemoryRateLimiter(), {
    onOutage,
    onRecovery,
  })
}

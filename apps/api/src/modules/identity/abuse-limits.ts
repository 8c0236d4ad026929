import type { FastifyReply } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { countRateLimitRefusal } from '../../lib/metrics.ts'
import { LIMITS, type RateLimiter } from '../../lib/rate-limit.ts'

class TooManyRequestsError extends AppError {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super('auth.too_many_requests', 429, 'Please try again later or choose another sign-in method.')
    this.retryAfterSeconds = retryAfterSeconds
  }
}

type Check = { key: string; limit: number; windowSeconds: number }

/**
 * Throws TooManyRequestsError when any of the (key, limit) pairs is over its limit, telling the client when
 * to try again (Retry-After) when given the reply.
 */
async function enforceLimits(limiter: RateLimiter, checks: Check[], reply?: FastifyReply): Promise<void> {
  for (const c of checks) {
    const result = await limiter.hit(c.key, c.limit, c.windowSeconds)
    if (!result.allowed) {
      countRateLimitRefusal(c.key)
      reply?.header('retry-after', String(result.retryAfterSeconds))
      throw new TooManyRequestsError(result.retryAfterSeconds)
    }
  }
}

/** Password reset emails: 5 an hour per address, 20 an hour per client IP. */
const RESET_PER_ADDRESS = { limit: 5, windowSeconds: 3600 }
const RESET_PER_IP = { limit: 20, windowSeconds: 3600 }

const lower = (s: string) => s.trim().toLowerCase()

/**
 * The one set of limits for every call that sends an SMS or an email, checks a code or a password, or makes
 * an account, whichever route it comes through (the spec's /profiles/* calls or better-auth's /api/auth/*).
 * Each throws TooManyRequestsError (429 with Retry-After) before the work is done.
 */
export function createAbuseLimits(limiter: RateLimiter) {
  return {
    /** An SMS code to `phone` (normalised): 1 a minute and 5 an hour per number, 20 an hour per client. */
    smsSend: (phone: string, ip: string, reply?: FastifyReply) =>
      enforceLimits(
        limiter,
        [
          { key: `sms:num:min:${phone}`, ...LIMITS.smsPerNumberMinute },
          { key: `sms:num:hour:${phone}`, ...LIMITS.smsPerNumberHour },
          { key: `sms:ip:${ip}`, ...LIMITS.smsPerIpHour },
        ],
        reply,
      ),
    /**
     * A guess at the code sent to `phone`: 10 an hour per number, counted across every code sent to it (a new
     * code does not start the count again), and 30 per 15 minutes per client.
     */
    codeCheck: (phone: string, ip: string, reply?: FastifyReply) =>
      enforceLimits(
        limiter,
        [
          { key: `code:ip:${ip}`, ...LIMITS.codeChecksPerIp },
          { key: `code:num:${phone}`, ...LIMITS.codeChecksPerNumberHour },
        ],
        reply,
      ),
    /** The right code: its owner starts with a fresh count (their own typos do not lock them out later). */
    codeAccepted: (phone: string) => limiter.reset(`code:num:${phone}`),
    /** A password guess for an email or phone: 10 per 15 minutes per identifier, 50 per client. */
    passwordGuess: (identifier: string, ip: string, reply?: FastifyReply) =>
      enforceLimits(
        limiter,
        [
          { key: `login:id:${lower(identifier)}`, ...LIMITS.loginPerIdentifier },
          { key: `login:ip:${ip}`, ...LIMITS.loginPerIp },
        ],
        reply,
      ),
    /** A password guess by whoever holds a session (the current password of a password change). */
    passwordChange: (userId: string, reply?: FastifyReply) =>
      enforceLimits(limiter, [{ key: `password:user:${userId}`, ...LIMITS.loginPerIdentifier }], reply),
    /** A sign-in with an identity token: counted per client with the password sign-ins. */
    tokenSignIn: (ip: string, reply?: FastifyReply) =>
      enforceLimits(limiter, [{ key: `login:ip:${ip}`, ...LIMITS.loginPerIp }], reply),
    /** A new account: 5 an hour per email, 20 an hour per client. */
    signUp: (email: string, ip: string, reply?: FastifyReply) =>
      enforceLimits(
        limiter,
        [
          { key: `signup:ip:${ip}`, ...LIMITS.signUpPerIpHour },
          { key: `signup:id:${lower(email)}`, ...LIMITS.signUpPerEmailHour },
        ],
        reply,
      ),
    /** A password reset email: 5 an hour per address, 20 an hour per client. */
    resetEmail: (email: string, ip: string, reply?: FastifyReply) =>
      enforceLimits(
        limiter,
        [
          { key: `reset:id:${lower(email)}`, ...RESET_PER_ADDRESS },
          { key: `reset:ip:${ip}`, ...RESET_PER_IP },
        ],
        reply,
      ),
    /** Account-exists checks: 30 per 5 minutes per client. */
    existsCheck: (ip: string, reply?: FastifyReply) =>
      enforceLimits(limiter, [{ key: `exists:ip:${ip}`, limit: 30, windowSeconds: 300 }], reply),
  }
}
export type AbuseLimits = ReturnType<typeof createAbuseLimits>

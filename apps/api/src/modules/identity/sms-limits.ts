import { LIMITS, type RateLimiter } from '../../lib/rate-limit.ts'
import { enforceLimits } from './identity.routes.ts'

/*
 * The limits every SMS code follows, whichever use case sends or checks it (phone sign-in, a listing's contact
 * phone). One place, so a product endpoint cannot send or guess more than the sign-in path allows.
 */

/** Wrong (and right) code checks per phone number per hour; a new code does not reset it. */
export const CODE_CHECKS_PER_NUMBER_HOUR = { limit: 10, windowSeconds: 3600 }

/**
 * Throws TooManyRequestsError (429, auth.too_many_requests) when another SMS to `phone` from `ip` is over the
 * limits: one a minute and five an hour per number, twenty an hour per client address. Shares its counters
 * with POST /api/profiles/register-by-phone/.
 */
export async function limitSmsSend(limiter: RateLimiter, phone: string, ip: string): Promise<void> {
  await enforceLimits(limiter, [
    { key: `sms:num:min:${phone}`, ...LIMITS.smsPerNumberMinute },
    { key: `sms:num:hour:${phone}`, ...LIMITS.smsPerNumberHour },
    { key: `sms:ip:${ip}`, ...LIMITS.smsPerIpHour },
  ])
}

/** Counts one code check for `phone`; throws TooManyRequestsError past the per-number hourly cap. */
export async function limitCodeCheck(limiter: RateLimiter, phone: string): Promise<void> {
  await enforceLimits(limiter, [{ key: `sms:check:${phone}`, ...CODE_CHECKS_PER_NUMBER_HOUR }])
}

import { createHmac } from 'node:crypto'

/** Visitor ids as the app and the web cookie carry them. */
const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID_PATTERN.test(value)
}

function hmac(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url')
}

/**
 * A stable id for a client that has none yet, derived from its address and browser: the first page view and
 * the reload after it (now carrying the id in a cookie) are the same visitor. Keyed, so it reveals neither.
 */
export function deriveVisitorId(secret: string, ip: string, userAgent: string): string {
  return hmac(secret, 'visitor-id', `${ip}\n${userAgent}`).slice(0, 22)
}

/** What `listing_views` stores: never the visitor id itself. */
export function hashVisitor(secret: string, visitorId: string): string {
  return hmac(secret, 'listing-view', visitorId).slice(0, 32)
}

const almatyDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' })

/** `YYYY-MM-DD` in Kazakhstan: a "day" of views ends at midnight where the buyers are. */
export function viewDay(at: Date): string {
  return almatyDate.format(at)
}

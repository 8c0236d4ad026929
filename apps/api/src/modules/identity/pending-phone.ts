import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The spec's verify-phone call carries only the code, so the number a code was sent to is remembered in a
 * short-lived signed cookie set by register-by-phone (clients may also send the phone again).
 */
const PENDING_PHONE_COOKIE = 'tulpar_pending_phone'

function sign(value: string, secret: string): string {
  return createHmac('sha256', secret).update(`pending-phone:${value}`).digest('base64url')
}

export function pendingPhoneCookie(phone: string, secret: string, maxAgeSeconds: number, secure: boolean): string {
  const value = `${phone}.${sign(phone, secret)}`
  return `${PENDING_PHONE_COOKIE}=${encodeURIComponent(value)}; Path=/api/profiles; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function readPendingPhone(cookieHeader: string | undefined, secret: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [k, ...rest] = part.trim().split('=')
    if (k !== PENDING_PHONE_COOKIE) continue
    const [phone, mac] = decodeURIComponent(rest.join('=')).split('.')
    if (!phone || !mac) return null
    const expected = Buffer.from(sign(phone, secret))
    const given = Buffer.from(mac)
    return expected.length === given.length && timingSafeEqual(expected, given) ? phone : null
  }
  return null
}

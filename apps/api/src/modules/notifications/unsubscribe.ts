import { createHmac, timingSafeEqual } from 'node:crypto'
import type { UnsubscribeTopic } from '@tulpar/contracts'

/** The signature of a one-click unsubscribe link: who and what, under the server's secret (no sign-in needed). */
export function signUnsubscribe(secret: string, userId: string, topic: UnsubscribeTopic): string {
  return createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${topic}`).digest('base64url').slice(0, 32)
}

export function verifyUnsubscribe(secret: string, userId: string, topic: UnsubscribeTopic, signature: string): boolean {
  const expected = Buffer.from(signUnsubscribe(secret, userId, topic))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The link in an email's footer and List-Unsubscribe header: GET shows a page, POST (one-click) unsubscribes. */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, topic: UnsubscribeTopic): string {
  const q = new URLSearchParams({ u: userId, t: topic, s: signUnsubscribe(secret, userId, topic) })
  return `${publicUrl}/api/unsubscribe/?${q}`
}

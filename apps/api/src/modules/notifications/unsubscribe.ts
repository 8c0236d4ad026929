import type { UnsubscribeTopic } from '@tulpar/contracts'
import { signLink, verifyLinkSignature } from '../../lib/signed-link.ts'

/** The signature of a one-click unsubscribe link: who and what, under the server's secret (no sign-in needed). */
export function signUnsubscribe(secret: string, userId: string, topic: UnsubscribeTopic): string {
  return signLink(secret, 'unsubscribe', [userId, topic])
}

export function verifyUnsubscribe(secret: string, userId: string, topic: UnsubscribeTopic, signature: string): boolean {
  return verifyLinkSignature(secret, 'unsubscribe', [userId, topic], signature)
}

/** The link in an email's footer and List-Unsubscribe header: GET shows a page, POST (one-click) unsubscribes. */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, topic: UnsubscribeTopic): string {
  const q = new URLSearchParams({ u: userId, t: topic, s: signUnsubscribe(secret, userId, topic) })
  return `${publicUrl}/api/unsubscribe/?${q}`
}

import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The signature of a link that acts without sign-in (unsubscribe, "still for sale"): HMAC-SHA256 under the server's
 * secret of the link's purpose and its fields, one per line, so a signature made for one purpose, one account or
 * one listing fits no other. 32 base64url characters (192 bits) keep the links short.
 */
export function signLink(secret: string, purpose: string, fields: readonly string[]): string {
  return createHmac('sha256', secret)
    .update([purpose, ...fields].join('\n'))
    .digest('base64url')
    .slice(0, 32)
}

/** Whether `signature` is the one `signLink` makes for these fields (compared in constant time). */
export function verifyLinkSignature(
  secret: string,
  purpose: string,
  fields: readonly string[],
  signature: string,
): boolean {
  const expected = Buffer.from(signLink(secret, purpose, fields))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

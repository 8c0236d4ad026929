import { FRESH_LINK_DAYS } from '@tulpar/contracts'
import { signLink, verifyLinkSignature } from '../../lib/signed-link.ts'

const PURPOSE = 'still-for-sale'
const DAY_MS = 86_400_000

/** The signed link that confirms a listing without sign-in: its id, purpose and expiry under the server's secret. */
export function stillForSaleUrl(publicUrl: string, secret: string, listingId: number, now: Date): string {
  const e = Math.floor((now.getTime() + FRESH_LINK_DAYS * DAY_MS) / 1000)
  const s = signLink(secret, PURPOSE, [String(listingId), String(e)])
  return `${publicUrl}/cars/${listingId}/still-for-sale?${new URLSearchParams({ e: String(e), s })}`
}

/** 'valid', 'expired' (a genuine link too old) or 'invalid' (forged, or another listing's). */
export function checkStillForSaleLink(
  secret: string,
  listingId: number,
  link: { e: number; s: string },
  now: Date,
): 'valid' | 'expired' | 'invalid' {
  if (!verifyLinkSignature(secret, PURPOSE, [String(listingId), String(link.e)], link.s)) return 'invalid'
  return link.e * 1000 < now.getTime() ? 'expired' : 'valid'
}

import { formatPhone } from '@tulpar/contracts/phone'

/** How a social-media link reads: the network's name and, when the address shows one, the account. */
export interface SocialLink {
  network: string
  account: string | null
}

const NETWORKS: Record<string, string> = {
  'instagram.com': 'Instagram',
  't.me': 'Telegram',
  'wa.me': 'WhatsApp',
  'facebook.com': 'Facebook',
  'youtube.com': 'YouTube',
  'tiktok.com': 'TikTok',
  'vk.com': 'VK',
}

/**
 * `https://instagram.com/tulpar.auto` → Instagram, @tulpar.auto; `https://wa.me/77770001500` → WhatsApp,
 * +7 777 000 15 00; an unknown site reads as its host name.
 */
export function describeSocialLink(url: string): SocialLink {
  if (!URL.canParse(url)) return { network: url, account: null }
  const parsed = new URL(url)
  const host = parsed.hostname.replace(/^www\./, '')
  const network = NETWORKS[host] ?? host
  const first = parsed.pathname.split('/').find((s) => s !== '') ?? null
  if (!first || network === host) return { network, account: null }
  if (host === 'wa.me') return { network, account: /^\d+$/.test(first) ? formatPhone(`+${first}`) : null }
  return { network, account: `@${first.replace(/^@/, '')}` }
}

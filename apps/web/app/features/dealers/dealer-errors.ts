import type { MessageKey } from '../../i18n/i18n.ts'

const KNOWN = new Set([
  'dealer.bin_taken',
  'dealer.application_pending',
  'dealer.owner_only',
  'dealer.not_member',
  'dealer.invitee_not_found',
  'dealer.already_member',
  'dealer.owner_stays',
  'dealer.not_verified',
])

/** The translated message of a dealer call's refusal (its code), or undefined for a failure to rethrow. */
export function dealerErrorKey(code: string): MessageKey | undefined {
  if (KNOWN.has(code)) return `dealer.error.${code}` as MessageKey
  if (code === 'validation.failed') return 'dealer.error.invalid'
  if (code === 'rate_limited') return 'dealer.error.rate_limited'
  return undefined
}

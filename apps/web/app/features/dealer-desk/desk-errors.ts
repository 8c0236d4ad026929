import type { MessageKey } from '../../i18n/i18n.ts'

/** The translated message of a feed call's refusal (its code), or undefined for a failure to rethrow. */
export function deskErrorKey(code: string): MessageKey | undefined {
  if (code === 'feed.too_large') return 'desk.error.too_large'
  if (code === 'rate_limited') return 'desk.error.rate'
  if (code === 'feed.import_closed') return 'desk.error.closed'
  if (code === 'dealer.not_verified') return 'desk.error.notVerified'
  if (code === 'dealer.owner_only') return 'desk.error.ownerOnly'
  if (code === 'feed.no_url') return 'desk.error.noUrl'
  if (code === 'lead.reason_required') return 'leads.error.reason'
  if (code === 'lead.not_found') return 'desk.error.leadGone'
  if (code === 'listing.not_found') return 'desk.error.bulkGone'
  if (code === 'validation.failed') return 'desk.error.bulkInvalid'
  return undefined
}

/** The translated message of a bulk promotion's refusal (paid promotion's and the payment's codes), or undefined. */
export function promoteErrorKey(code: string): MessageKey | undefined {
  if (code === 'promotion.listing_not_found') return 'desk.error.promoteGone'
  if (code === 'promotion.listing_not_published') return 'desk.error.promoteNotOnSale'
  if (code === 'promotion.already_active') return 'desk.error.promoteActive'
  if (code === 'promotion.unknown_product') return 'promote.error.unknown_product'
  if (code === 'rate_limited') return 'promote.error.rate_limited'
  if (code.startsWith('payment.')) return 'promote.error.payment'
  return undefined
}

import type { Services } from '@tulpar/api'
import { MAX_PRICE_KZT } from '@tulpar/contracts'
import type { MessageKey } from '../../i18n/i18n.ts'
import { serviceErrorCode } from '../../lib/service-errors.ts'

type User = NonNullable<Awaited<ReturnType<Services['sessions']['sessionUser']>>>

export type ListingActionResult =
  | { ok: true; notice: MessageKey; id: number }
  | { ok: false; error: MessageKey; id: number | null }

const ERRORS: Record<string, MessageKey> = {
  'listing.invalid_status': 'generic.failed',
  'listing.not_found': 'error.listing.not_found',
  'still_for_sale.not_on_sale': 'fresh.error.notOnSale',
}

/** The actions of "my listings" (price, sold, still for sale, delete) from a plain form post. */
export async function runListingAction(services: Services, user: User, form: FormData): Promise<ListingActionResult> {
  const rawId = String(form.get('id') ?? '')
  const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : null
  if (id === null) return { ok: false, error: 'generic.failed', id: null }
  const intent = String(form.get('intent') ?? '')
  try {
    if (intent === 'price') {
      const price = Number(String(form.get('priceKzt') ?? '').replace(/[\s\u00a0]/g, ''))
      if (!Number.isInteger(price) || price <= 0 || price > MAX_PRICE_KZT)
        return { ok: false, error: 'sell.error.too_small', id }
      const before = await services.selling.getSellerListing(user, id)
      const after = await services.selling.changePrice(user, id, price)
      const back = before.status === 'published' && after.status === 'moderation'
      return { ok: true, notice: back ? 'sell.notice.backToModeration' : 'sell.notice.price', id }
    }
    if (intent === 'sold') {
      await services.selling.markSold(user, id)
      return { ok: true, notice: 'sell.notice.sold', id }
    }
    if (intent === 'still-for-sale') {
      const { resumed } = await services.freshListings.confirmAsOwner(user, id)
      return { ok: true, notice: resumed ? 'fresh.notice.resumed' : 'fresh.notice.confirmed', id }
    }
    if (intent === 'delete') {
      await services.selling.deleteListing(user, id)
      return { ok: true, notice: 'sell.notice.deleted', id }
    }
  } catch (error) {
    const code = serviceErrorCode(error)
    if (code) return { ok: false, error: ERRORS[code] ?? 'generic.failed', id }
    throw error
  }
  return { ok: false, error: 'generic.failed', id }
}

import type { Services } from '@tulpar/api'
import type { PromotionProduct } from '@tulpar/contracts'
import { PROMOTION_PRODUCTS } from '@tulpar/contracts/seller-constants'
import { data, redirectDocument } from 'react-router'
import type { MessageKey } from '../../i18n/i18n.ts'
import { parseId } from '../../lib/id-param.ts'
import { serviceError } from '../../lib/service-errors.ts'

/** The promote page's refusals by the service's code, in the seller's words. */
const ERRORS: Record<string, MessageKey> = {
  'promotion.listing_not_found': 'promote.error.listing_not_found',
  'promotion.listing_not_published': 'promote.error.listing_not_published',
  'promotion.already_active': 'promote.error.already_active',
  'promotion.unknown_product': 'promote.error.unknown_product',
  rate_limited: 'promote.error.rate_limited',
}

const isProduct = (v: unknown): v is PromotionProduct => PROMOTION_PRODUCTS.some((p) => p === v)

/**
 * The promote page's action: orders the product and sends the seller to the checkout (a whole-page redirect: the
 * checkout is not a page of this app). A refusal comes back as the page's message.
 */
export async function orderPromotion(services: Services, user: { id: string }, listingId: number, form: FormData) {
  const product = form.get('product')
  const days = parseId(String(form.get('days') ?? '')) ?? 0
  if (!isProduct(product)) return data({ error: 'promote.error.unknown_product' as MessageKey }, { status: 400 })
  try {
    const order = await services.promotions.order(user, { listingId, product, days })
    return redirectDocument(order.checkoutUrl ?? `/account/listings/${listingId}/promote?order=${order.id}`)
  } catch (error) {
    const known = serviceError(error)
    if (!known) throw error
    const message = ERRORS[known.code] ?? (known.status >= 500 || known.status === 422 ? 'promote.error.payment' : null)
    if (!message) throw error
    return data({ error: message }, { status: known.status })
  }
}

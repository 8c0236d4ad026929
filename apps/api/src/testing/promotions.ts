import { expect } from 'vitest'
import { checkoutHelpers } from './checkout.ts'
import type { TestApp } from './suite.ts'

/* Paid promotion as a seller buys it: the order through the API and the local checkout's buttons (decision 033). */

type Product = 'raise' | 'top' | 'hot' | 'highlight'
interface PromotionOrderSeen {
  id: number
  status: string
  checkoutUrl: string
  endsAt: string | null
  refundKzt: number
}

export function promotionHelpers(t: () => TestApp) {
  const { press, notify } = checkoutHelpers(t)
  /** Orders a product (the price list's default durations unless told): the API's answer, whatever it is. */
  const orderRes = (
    headers: Record<string, string>,
    listingId: number,
    product: Product,
    days = defaultDays(product),
  ) =>
    t().app.inject({ method: 'POST', url: '/api/promotions/orders/', headers, payload: { listingId, product, days } })
  /** An order that must be taken (201). */
  async function order(headers: Record<string, string>, listingId: number, product: Product, days?: number) {
    const res = await orderRes(headers, listingId, product, days)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as PromotionOrderSeen
  }
  /** Orders and pays at the local checkout: the order as its owner then reads it. */
  async function buy(headers: Record<string, string>, listingId: number, product: Product, days?: number) {
    const o = await order(headers, listingId, product, days)
    const paid = await press(o.checkoutUrl, 'pay')
    expect(paid.statusCode).toBe(303)
    return orderOf(headers, o.id)
  }
  const orderOf = async (headers: Record<string, string>, id: number) =>
    (await t().app.inject({ url: `/api/promotions/orders/${id}/`, headers })).json() as PromotionOrderSeen
  return { orderRes, order, buy, orderOf, press, notify }
}

const defaultDays = (product: Product) => (product === 'raise' ? 0 : 7)

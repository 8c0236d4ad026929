import { expect } from 'vitest'
import type { TestApp } from './suite.ts'

/*
 * The local payment provider (the demo's and the tests') as a payer and the provider use it: ordering a paid vehicle
 * check, the checkout page's buttons and the provider's signed notification.
 */

/** The checkout page's path on this server (the checkout address names the public URL). */
export const checkoutPath = (checkoutUrl: string) => new URL(checkoutUrl).pathname
/** The payment's id: the last part of its checkout address. */
export const paymentIdOf = (checkoutUrl: string) => checkoutPath(checkoutUrl).split('/').pop() as string

export function checkoutHelpers(t: () => TestApp) {
  /** A check of `vin` ordered through the API (201) by the account with these headers. */
  async function orderCheck(headers: Record<string, string>, vin: string) {
    const res = await t().app.inject({ method: 'POST', url: '/api/vehicle-checks/orders/', payload: { vin }, headers })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; checkoutUrl: string }
  }
  /** The checkout page's button, as a payer presses it: an HTML form with an empty body. */
  const press = (checkoutUrl: string, outcome: 'pay' | 'fail' | 'cancel') =>
    t().app.inject({
      method: 'POST',
      url: `${checkoutPath(checkoutUrl)}/${outcome}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
  /** The provider's notification, as its webhook would post it: the exact body, signed (or not) in X-Signature. */
  const notify = (body: string, signature?: string) => {
    const local = t().services.payments.provider
    if (local?.name !== 'local') throw new Error('the tests run with the local provider')
    return t().app.inject({
      method: 'POST',
      url: '/api/payments/local/callback',
      headers: { 'content-type': 'application/json', 'x-signature': signature ?? local.sign(body) },
      payload: body,
    })
  }
  return { orderCheck, press, notify }
}

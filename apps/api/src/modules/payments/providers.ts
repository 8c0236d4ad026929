import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a payment provider does for us; the rest (our records, the outcome) is the payments service's. */
export interface PaymentProvider {
  readonly name: 'local' | 'kaspi'
  /** The provider's limit for one payment, in tenge. */
  readonly maxAmountKzt: number
  /** Registers the payment; the payer is sent to `checkoutUrl`. */
  create(p: {
    id: string
    amountKzt: number
    description: string
    returnUrl: string
    callbackUrl: string
  }): Promise<{ checkoutUrl: string }>
  refund(paymentId: string, amountKzt: number): Promise<void>
}

export const LOCAL_CHECKOUT_PATH = '/api/payments/local'

/**
 * The local provider for development and tests: its checkout is our own page (pay, fail or cancel), its state
 * our `payments` table; a refund only records itself. No money moves.
 */
export function createLocalProvider(publicUrl: string, maxAmountKzt = 10_000_000): PaymentProvider {
  return {
    name: 'local',
    maxAmountKzt,
    async create({ id }) {
      return { checkoutUrl: `${publicUrl}${LOCAL_CHECKOUT_PATH}/${id}` }
    },
    async refund() {},
  }
}

export interface KaspiSettings {
  apiUrl: string
  merchantId: string
  apiKey: string
  webhookSecret: string
  maxAmountKzt: number
}

/**
 * A Kaspi-compatible provider (Kaspi Pay's merchant API is not public; this is the usual shape of a hosted
 * checkout, to be matched to the contract a merchant gets): POST {apiUrl}/payments creates a payment and
 * answers its `checkoutUrl`; the provider later POSTs the outcome to our callback, signed with HMAC-SHA256 of
 * the raw body in `X-Signature`; POST {apiUrl}/payments/{id}/refund refunds.
 */
export function createKaspiProvider(s: KaspiSettings, fetchImpl: typeof fetch = fetch): PaymentProvider {
  async function call(path: string, body: object) {
    const res = await fetchImpl(`${s.apiUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.apiKey}` },
      body: JSON.stringify({ merchantId: s.merchantId, ...body }),
      signal: AbortSignal.timeout(15_000),
    })
    if (!res.ok) throw new Error(`payment provider answered ${res.status} to ${path}`)
    return (await res.json()) as Record<string, unknown>
  }
  return {
    name: 'kaspi',
    maxAmountKzt: s.maxAmountKzt,
    async create(p) {
      const answer = await call('/payments', {
        orderId: p.id,
        amount: p.amountKzt,
        currency: 'KZT',
        description: p.description,
        returnUrl: p.returnUrl,
        callbackUrl: p.callbackUrl,
      })
      if (typeof answer.checkoutUrl !== 'string') throw new Error('payment provider gave no checkoutUrl')
      return { checkoutUrl: answer.checkoutUrl }
    },
    async refund(paymentId, amountKzt) {
      await call(`/payments/${encodeURIComponent(paymentId)}/refund`, { amount: amountKzt })
    },
  }
}

/** Whether `signature` (hex) is the HMAC-SHA256 of `rawBody` under `secret`. */
export function isSignedBy(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false
  const expected = createHmac('sha256', secret).update(rawBody).digest()
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}
